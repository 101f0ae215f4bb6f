import { pageOf, type Page } from '#core/common/schemas';
import type { ListPostsQuery, PostListItem } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../community.repo';
import { toPostListItem } from './present';

/** A page of posts, newest first, over all categories or one. */
export async function listPosts(db: Db, viewerId: string, query: ListPostsQuery): Promise<Page<PostListItem>> {
  const { rows, total } = await repo.listPosts(db, viewerId, { category: query.category, limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(rows.map(toPostListItem), total, query);
}
