import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';

/** The author's comment only; someone else's answers 404. */
export async function deleteComment(db: Db, userId: string, commentId: string): Promise<void> {
  if (!(await repo.deleteComment(db, userId, commentId))) throw AppError.notFound('Comment', commentId);
}
