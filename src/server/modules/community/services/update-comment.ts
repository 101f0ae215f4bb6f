import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { getComment } from './get-comment';

/** The author's edit; someone else's comment answers 404. */
export async function updateComment(db: Db, userId: string, commentId: string, content: string): Promise<Comment> {
  if (!(await repo.updateComment(db, userId, commentId, content))) throw AppError.notFound('Comment', commentId);
  return getComment(db, userId, commentId);
}
