import { pageOf, type Page, type Pagination } from '#core/common/schemas';
import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { toComment } from './present';
import type { Viewer } from './viewer';

/** A page of a post's comments, oldest first; the total is the post's kept counter, plus the hidden ones the viewer may see. */
export async function listComments(db: Db, viewer: Viewer, postId: string, page: Pagination): Promise<Page<Comment>> {
  const [post, rows] = await Promise.all([repo.findPostCounts(db, viewer, postId), repo.listComments(db, viewer, postId, { limit: page.limit, offset: (page.page - 1) * page.limit })]);
  if (!post) throw AppError.notFound('Post', postId);
  return pageOf(rows.map(toComment), post.commentTotal, page);
}
