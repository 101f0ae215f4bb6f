import { pageOf, type Page, type Pagination } from '#core/common/schemas';
import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { toComment } from './present';

/** A page of a post's comments, oldest first; the total is the post's kept counter. */
export async function listComments(db: Db, viewerId: string, postId: string, page: Pagination): Promise<Page<Comment>> {
  const [post, rows] = await Promise.all([repo.findPostCounts(db, postId), repo.listComments(db, viewerId, postId, { limit: page.limit, offset: (page.page - 1) * page.limit })]);
  if (!post) throw AppError.notFound('Post', postId);
  return pageOf(rows.map(toComment), post.commentCount, page);
}
