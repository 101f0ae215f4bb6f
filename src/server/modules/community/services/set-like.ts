import type { LikeState } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';

/** Like or unlike; either may be repeated without changing the count again. Answers the count after the change. */
export async function setLike(db: Db, userId: string, postId: string, liked: boolean): Promise<LikeState> {
  if (liked) {
    if (!(await repo.addLike(db, userId, postId))) throw AppError.notFound('Post', postId);
  } else {
    await repo.removeLike(db, userId, postId);
  }
  const post = await repo.findPostCounts(db, postId);
  if (!post) throw AppError.notFound('Post', postId);
  return { liked, likeCount: post.likeCount };
}
