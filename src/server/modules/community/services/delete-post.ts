import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';

/** The author's post with its comments, likes and reports; someone else's answers 404. */
export async function deletePost(db: Db, userId: string, postId: string): Promise<void> {
  if (!(await repo.deletePost(db, userId, postId))) throw AppError.notFound('Post', postId);
}
