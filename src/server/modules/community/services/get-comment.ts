import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { toComment } from './present';
import type { Viewer } from './viewer';

export async function getComment(db: Db, viewer: Viewer, commentId: string): Promise<Comment> {
  const row = await repo.findComment(db, viewer, commentId);
  if (!row) throw AppError.notFound('Comment', commentId);
  return toComment(row);
}
