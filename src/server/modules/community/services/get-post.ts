import type { Post } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { toPost } from './present';
import type { Viewer } from './viewer';

/** A hidden post answers 404 to everyone but its author and moderators, as if it did not exist. */
export async function getPost(db: Db, viewer: Viewer, postId: string): Promise<Post> {
  const row = await repo.findPost(db, viewer, postId);
  if (!row) throw AppError.notFound('Post', postId);
  return toPost(row);
}
