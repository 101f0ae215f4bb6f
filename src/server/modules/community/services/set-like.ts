import type { LikeState } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { assertMayContribute, type Viewer } from './viewer';

/** Like or unlike; either may be repeated without changing the count again. Answers the count after the change. */
export async function setLike(db: Db, viewer: Viewer, postId: string, liked: boolean): Promise<LikeState> {
  if (liked) {
    assertMayContribute(viewer);
    // A post the viewer may not see (hidden) takes no like from them, as if it did not exist.
    if (!(await repo.findPostCounts(db, viewer, postId)) || !(await repo.addLike(db, viewer.id, postId))) throw AppError.notFound('Post', postId);
  } else {
    await repo.removeLike(db, viewer.id, postId);
  }
  const post = await repo.findPostCounts(db, viewer, postId);
  if (!post) throw AppError.notFound('Post', postId);
  return { liked, likeCount: post.likeCount };
}
