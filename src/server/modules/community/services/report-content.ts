import type { Report, ReportInput } from '#core/community/schemas';
import { COMMUNITY_MESSAGES } from '#core/community/messages';
import { AppError } from '#server/lib/app-error';
import type { CommunityDeps } from '../community.deps';
import * as repo from '../community.repo';
import { notifyAuthor } from './notify-author';
import { assertMayContribute, type Viewer } from './viewer';

type Filed = { report: Report; created: boolean };

/**
 * Keeps a report for review. One per member and post or comment: reporting again replaces the reason and reopens it.
 * The report that makes `autoHideReports` distinct members hides the content pending review, and its author is told.
 */
async function file(deps: CommunityDeps, viewer: Viewer, target: repo.ReportTarget, authorId: string, input: ReportInput): Promise<Filed | null> {
  const filed = await repo.fileReport(deps.db, viewer.id, target, input, deps.autoHideReports);
  if (!filed) return null;
  const { created, createdAt, ...report } = filed.report;
  if (filed.hiddenFor) await notifyAuthor(deps, 'pending', target, authorId, filed.hiddenFor);
  return { report: { ...report, createdAt: createdAt.toISOString() }, created };
}

export async function reportPost(deps: CommunityDeps, viewer: Viewer, postId: string, input: ReportInput): Promise<Filed> {
  // A suspended member's reports would still count towards hiding someone else's words.
  assertMayContribute(viewer);
  const post = await repo.findPostCounts(deps.db, viewer, postId);
  if (!post) throw AppError.notFound('Post', postId);
  if (post.userId === viewer.id) throw new AppError('OPERATION_NOT_ALLOWED', COMMUNITY_MESSAGES.reportOwnPost);
  const filed = await file(deps, viewer, { kind: 'post', id: postId, postId }, post.userId, input);
  if (!filed) throw AppError.notFound('Post', postId);
  return filed;
}

export async function reportComment(deps: CommunityDeps, viewer: Viewer, commentId: string, input: ReportInput): Promise<Filed> {
  assertMayContribute(viewer);
  const comment = await repo.findComment(deps.db, viewer, commentId);
  if (!comment) throw AppError.notFound('Comment', commentId);
  if (comment.isOwn) throw new AppError('OPERATION_NOT_ALLOWED', COMMUNITY_MESSAGES.reportOwnComment);
  const filed = await file(deps, viewer, { kind: 'comment', id: commentId, postId: comment.postId }, comment.authorId, input);
  if (!filed) throw AppError.notFound('Comment', commentId);
  return filed;
}
