import type { CreatePostInput, Post } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../community.repo';
import { getPost } from './get-post';

export async function createPost(db: Db, userId: string, input: CreatePostInput): Promise<Post> {
  const id = await repo.insertPost(db, userId, input);
  return getPost(db, userId, id);
}
