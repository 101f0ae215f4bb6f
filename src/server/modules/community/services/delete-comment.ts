import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import * as repo from '../community.repo';

/** The author's comment only; someone else's answers 404. */
export async function deleteComment(db: Db, userId: string, commentId: string): Promise<void> {
  if (!(await repo.deleteComment(db, userId, commentId))) throw AppError.notFound('Comment', commentId);
}
