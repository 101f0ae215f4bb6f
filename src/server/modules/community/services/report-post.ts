import { COMMUNITY_MESSAGES, type Report, type ReportInput } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';

/** Keeps a report for review. One per user and post: reporting again replaces the reason and reopens it. */
export async function reportPost(db: Db, userId: string, postId: string, input: ReportInput): Promise<{ report: Report; created: boolean }> {
  const post = await repo.findPostCounts(db, postId);
  if (!post) throw AppError.notFound('Post', postId);
  if (post.userId === userId) throw new AppError('OPERATION_NOT_ALLOWED', COMMUNITY_MESSAGES.reportOwnPost);
  const row = await repo.upsertReport(db, userId, postId, input);
  if (!row) throw AppError.notFound('Post', postId);
  const { created, createdAt, ...report } = row;
  return { report: { ...report, createdAt: createdAt.toISOString() }, created };
}
