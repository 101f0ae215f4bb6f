import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CreatePostInput, ReportInput, UpdatePostInput } from '#core/community/schemas';
import { EXCERPT_LENGTH } from '#core/community/text';
import type { Db } from '#server/db/client';
import { comments, communitySettings, postCategoryCounts, postLikes, postReports, posts, users, userStats } from '#server/db/schema';

const viewer = sql.placeholder('viewerId');

/**
 * The author as the forum shows them, from rows joined in the same query (no query per author): the community
 * display name over the account name, and the current streak (user_stats) unless they hide it. A user without a
 * community_settings row has the defaults: account name, streak shown.
 */
const authorColumns = {
  authorId: users.id,
  authorName: sql<string>`coalesce(${communitySettings.displayName}, ${users.name})`,
  authorStreak: sql<number | null>`(CASE WHEN coalesce(${communitySettings.showStreak}, true) THEN coalesce(${userStats.currentStreak}, 0) END)::int`,
};

const postColumns = {
  id: posts.id,
  title: posts.title,
  category: posts.category,
  commentCount: posts.commentCount,
  likeCount: posts.likeCount,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  ...authorColumns,
  // EXISTS, not a join: joined, the planner may rescan all of the viewer's likes for every row shown.
  likedByMe: sql<boolean>`EXISTS (SELECT 1 FROM ${postLikes} WHERE ${postLikes.postId} = ${posts.id} AND ${postLikes.userId} = ${viewer})`,
  isOwn: sql<boolean>`(${posts.userId} = ${viewer})`,
};

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  ...authorColumns,
  isOwn: sql<boolean>`(${comments.userId} = ${viewer})`,
};

// The forum's reads run on every page view: prepared once per database, one round trip each.
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  const listPosts = (byCategory: boolean, name: string) =>
    db
      .select({ ...postColumns, excerpt: sql<string>`left(${posts.content}, ${sql.raw(String(EXCERPT_LENGTH + 1))})` })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, posts.userId))
      .leftJoin(userStats, eq(userStats.userId, posts.userId))
      .where(byCategory ? eq(posts.category, sql.placeholder('category')) : undefined)
      // Newest first, read straight off posts_newest_idx / posts_category_newest_idx; id breaks ties of one instant.
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);

  return {
    // Two statements rather than one with "category = $1 OR $1 IS NULL": each gets the plan of its own index.
    listAll: listPosts(false, 'community_posts_all'),
    listByCategory: listPosts(true, 'community_posts_by_category'),
    countAll: db
      .select({ total: sql<number>`coalesce(sum(${postCategoryCounts.postCount}), 0)::int` })
      .from(postCategoryCounts)
      .prepare('community_posts_count_all'),
    countByCategory: db
      .select({ total: postCategoryCounts.postCount })
      .from(postCategoryCounts)
      .where(eq(postCategoryCounts.category, sql.placeholder('category')))
      .prepare('community_posts_count_by_category'),
    postById: db
      .select({
        ...postColumns,
        content: posts.content,
        reportedByMe: sql<boolean>`EXISTS (SELECT 1 FROM ${postReports} WHERE ${postReports.postId} = ${posts.id} AND ${postReports.userId} = ${viewer})`,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, posts.userId))
      .leftJoin(userStats, eq(userStats.userId, posts.userId))
      .where(eq(posts.id, sql.placeholder('postId')))
      .limit(1)
      .prepare('community_post_by_id'),
    postCounts: db
      .select({ userId: posts.userId, commentCount: posts.commentCount, likeCount: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, sql.placeholder('postId')))
      .limit(1)
      .prepare('community_post_counts'),
    commentsOfPost: db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, comments.userId))
      .leftJoin(userStats, eq(userStats.userId, comments.userId))
      .where(eq(comments.postId, sql.placeholder('postId')))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('community_comments_of_post'),
    commentById: db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, comments.userId))
      .leftJoin(userStats, eq(userStats.userId, comments.userId))
      .where(eq(comments.id, sql.placeholder('commentId')))
      .limit(1)
      .prepare('community_comment_by_id'),
  };
}

function statements(db: Db) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepare(db)));
  return s;
}

export type PostListRow = Awaited<ReturnType<ReturnType<typeof prepare>['listAll']['execute']>>[number];
export type PostRow = Awaited<ReturnType<ReturnType<typeof prepare>['postById']['execute']>>[number];
export type CommentRow = Awaited<ReturnType<ReturnType<typeof prepare>['commentById']['execute']>>[number];

/** A write that named a post (or comment) that is gone: PostgreSQL's foreign-key violation, whichever driver. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export async function listPosts(db: Db, viewerId: string, q: { category?: string; limit: number; offset: number }) {
  const s = statements(db);
  const [rows, counted] = await Promise.all(
    q.category
      ? [s.listByCategory.execute({ viewerId, category: q.category, limit: q.limit, offset: q.offset }), s.countByCategory.execute({ category: q.category })]
      : [s.listAll.execute({ viewerId, limit: q.limit, offset: q.offset }), s.countAll.execute()],
  );
  return { rows: rows as PostListRow[], total: counted[0]?.total ?? 0 };
}

export async function findPost(db: Db, viewerId: string, postId: string): Promise<PostRow | null> {
  const rows = await statements(db).postById.execute({ viewerId, postId });
  return rows[0] ?? null;
}

export async function findPostCounts(db: Db, postId: string) {
  const rows = await statements(db).postCounts.execute({ postId });
  return rows[0] ?? null;
}

export async function insertPost(db: Db, userId: string, input: CreatePostInput): Promise<string> {
  const [row] = await db
    .insert(posts)
    .values({ userId, ...input })
    .returning({ id: posts.id });
  return row.id;
}

/** The author's own post only: another user's id matches nothing, exactly like an id that does not exist. */
export async function updatePost(db: Db, userId: string, postId: string, patch: UpdatePostInput): Promise<boolean> {
  const rows = await db
    .update(posts)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Comments, likes and reports go with the post (ON DELETE CASCADE). */
export async function deletePost(db: Db, userId: string, postId: string): Promise<boolean> {
  const rows = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

export async function listComments(db: Db, viewerId: string, postId: string, q: { limit: number; offset: number }) {
  return (await statements(db).commentsOfPost.execute({ viewerId, postId, limit: q.limit, offset: q.offset })) as CommentRow[];
}

export async function findComment(db: Db, viewerId: string, commentId: string): Promise<CommentRow | null> {
  const rows = await statements(db).commentById.execute({ viewerId, commentId });
  return rows[0] ?? null;
}

/** The new comment's id, or null when the post is gone (even if it went a moment ago). */
export async function insertComment(db: Db, userId: string, postId: string, content: string): Promise<string | null> {
  try {
    const [row] = await db.insert(comments).values({ postId, userId, content }).returning({ id: comments.id });
    return row.id;
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

export async function updateComment(db: Db, userId: string, commentId: string, content: string): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ content, updatedAt: sql`now()` })
    .where(and(eq(comments.id, commentId), eq(comments.userId, userId)))
    .returning({ id: comments.id });
  return rows.length > 0;
}

export async function deleteComment(db: Db, userId: string, commentId: string): Promise<boolean> {
  const rows = await db
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.userId, userId)))
    .returning({ id: comments.id });
  return rows.length > 0;
}

/** False when the post is gone. A second like by the same user changes nothing. */
export async function addLike(db: Db, userId: string, postId: string): Promise<boolean> {
  try {
    await db.insert(postLikes).values({ postId, userId }).onConflictDoNothing();
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

export async function removeLike(db: Db, userId: string, postId: string): Promise<void> {
  await db.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)));
}

/** Saves the user's report of the post, replacing an earlier one of theirs (`created` tells which); null if the post is gone. */
export async function upsertReport(db: Db, userId: string, postId: string, input: ReportInput) {
  try {
    return await insertReport(db, userId, postId, input);
  } catch (error) {
    if (isForeignKeyViolation(error)) return null;
    throw error;
  }
}

async function insertReport(db: Db, userId: string, postId: string, input: ReportInput) {
  const [row] = await db
    .insert(postReports)
    .values({ postId, userId, reason: input.reason, details: input.details })
    .onConflictDoUpdate({
      target: [postReports.postId, postReports.userId],
      set: { reason: input.reason, details: input.details, status: 'open', updatedAt: sql`now()` },
    })
    // xmax is 0 on a row this statement inserted and set on one it updated: PostgreSQL's way to tell them apart.
    .returning({
      id: postReports.id,
      postId: postReports.postId,
      reason: postReports.reason,
      details: postReports.details,
      status: postReports.status,
      createdAt: postReports.createdAt,
      created: sql<boolean>`(xmax = 0)`,
    });
  return row;
}
