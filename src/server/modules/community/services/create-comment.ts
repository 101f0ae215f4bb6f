import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { getComment } from './get-comment';
import { assertMayContribute, type Viewer } from './viewer';

export async function createComment(db: Db, viewer: Viewer, postId: string, content: string): Promise<Comment> {
  assertMayContribute(viewer);
  // A post the viewer may not see (hidden) takes no comments from them, as if it did not exist.
  const id = (await repo.findPostCounts(db, viewer, postId)) && (await repo.insertComment(db, viewer.id, postId, content));
  if (!id) throw AppError.notFound('Post', postId);
  return getComment(db, viewer, id);
}
