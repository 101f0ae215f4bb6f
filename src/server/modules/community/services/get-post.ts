import type { Post } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { toPost } from './present';

export async function getPost(db: Db, viewerId: string, postId: string): Promise<Post> {
  const row = await repo.findPost(db, viewerId, postId);
  if (!row) throw AppError.notFound('Post', postId);
  return toPost(row);
}
