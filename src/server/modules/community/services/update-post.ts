import type { Post, UpdatePostInput } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { getPost } from './get-post';
import { assertMayContribute, type Viewer } from './viewer';

/** The author's edit. Someone else's post answers 404, as if it did not exist (API.md: no existence leak). */
export async function updatePost(db: Db, viewer: Viewer, postId: string, patch: UpdatePostInput): Promise<Post> {
  assertMayContribute(viewer);
  if (!(await repo.updatePost(db, viewer.id, postId, patch))) throw AppError.notFound('Post', postId);
  return getPost(db, viewer, postId);
}
