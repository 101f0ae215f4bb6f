import { pageOf, type Page } from '#core/common/schemas';
import type { ListPostsQuery, PostListItem } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../community.repo';
import { toPostListItem } from './present';
import type { Viewer } from './viewer';

/** A page of posts, newest first, over all categories or one; hidden posts only for their author and moderators. */
export async function listPosts(db: Db, viewer: Viewer, query: ListPostsQuery): Promise<Page<PostListItem>> {
  const { rows, total } = await repo.listPosts(db, viewer, { category: query.category, limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(rows.map(toPostListItem), total, query);
}
