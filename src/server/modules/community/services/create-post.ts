import type { CreatePostInput, Post } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../community.repo';
import { getPost } from './get-post';
import { assertMayContribute, type Viewer } from './viewer';

export async function createPost(db: Db, viewer: Viewer, input: CreatePostInput): Promise<Post> {
  assertMayContribute(viewer);
  const id = await repo.insertPost(db, viewer.id, input);
  return getPost(db, viewer, id);
}
