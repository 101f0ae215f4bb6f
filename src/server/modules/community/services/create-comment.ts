import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { getComment } from './get-comment';

export async function createComment(db: Db, userId: string, postId: string, content: string): Promise<Comment> {
  const id = await repo.insertComment(db, userId, postId, content);
  if (!id) throw AppError.notFound('Post', postId);
  return getComment(db, userId, id);
}
