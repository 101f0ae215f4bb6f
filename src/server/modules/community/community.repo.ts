import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '#core/common/schemas';
import type { CreatePostInput, ReportInput, UpdatePostInput } from '#core/community/schemas';
import { EXCERPT_LENGTH } from '#core/community/text';
import type { Db } from '#server/db/client';
import { comments, communitySettings, moderationActions, postCategoryCounts, postLikes, postReports, posts, userPreferences, users, userStats } from '#server/db/schema';
import type { Viewer } from './services/viewer';

const viewer = sql.placeholder('viewerId');
/** Whether the viewer is a moderator: moderators see hidden content too. */
const moderator = sql.placeholder('moderator');

/** Hidden content is seen by its author and by moderators only (ADR 021). */
const seenBy = (table: typeof posts | typeof comments) => sql`(${table.hiddenAt} IS NULL OR ${table.userId} = ${viewer} OR ${moderator}::boolean)`;

/** How many of these hidden rows the viewer may see: the count kept by trigger leaves hidden rows out. */
const hiddenSeen = (table: typeof posts | typeof comments, where: ReturnType<typeof sql>) =>
  sql<number>`(SELECT count(*) FROM ${table} WHERE ${table.hiddenAt} IS NOT NULL AND (${table.userId} = ${viewer} OR ${moderator}::boolean) AND ${where})::int`;

const hidingColumns = (table: typeof posts | typeof comments) => ({ hiddenAt: table.hiddenAt, hiddenBy: table.hiddenBy, hiddenReason: table.hiddenReason });

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
  ...hidingColumns(posts),
};

/** Whether the viewer has reported this post or comment. */
const reportedByMe = (id: typeof posts.id | typeof comments.id) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${postReports} WHERE ${postReports.targetId} = ${id} AND ${postReports.userId} = ${viewer})`;

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  content: comments.content,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  ...authorColumns,
  isOwn: sql<boolean>`(${comments.userId} = ${viewer})`,
  reportedByMe: reportedByMe(comments.id),
  ...hidingColumns(comments),
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
      .where(and(seenBy(posts), byCategory ? eq(posts.category, sql.placeholder('category')) : undefined))
      // Newest first, read straight off posts_newest_idx / posts_category_newest_idx; id breaks ties of one instant.
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);

  return {
    // Two statements rather than one with "category = $1 OR $1 IS NULL": each gets the plan of its own index.
    listAll: listPosts(false, 'community_posts_all'),
    listByCategory: listPosts(true, 'community_posts_by_category'),
    // The counters hold the posts everyone sees; the viewer's own hidden posts (all of them for a moderator) come on top.
    countAll: db
      .select({ total: sql<number>`(coalesce(sum(${postCategoryCounts.postCount}), 0) + ${hiddenSeen(posts, sql`true`)})::int` })
      .from(postCategoryCounts)
      .prepare('community_posts_count_all'),
    countByCategory: db
      .select({ total: sql<number>`(coalesce(sum(${postCategoryCounts.postCount}), 0) + ${hiddenSeen(posts, sql`${posts.category} = ${sql.placeholder('category')}`)})::int` })
      .from(postCategoryCounts)
      .where(eq(postCategoryCounts.category, sql.placeholder('category')))
      .prepare('community_posts_count_by_category'),
    postById: db
      .select({
        ...postColumns,
        content: posts.content,
        reportedByMe: reportedByMe(posts.id),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, posts.userId))
      .leftJoin(userStats, eq(userStats.userId, posts.userId))
      .where(and(eq(posts.id, sql.placeholder('postId')), seenBy(posts)))
      .limit(1)
      .prepare('community_post_by_id'),
    postCounts: db
      .select({
        userId: posts.userId,
        likeCount: posts.likeCount,
        /** The comments the viewer may see: the kept count of visible ones, and the hidden ones shown to them. */
        commentTotal: sql<number>`(${posts.commentCount} + ${hiddenSeen(comments, sql`${comments.postId} = ${posts.id}`)})::int`,
      })
      .from(posts)
      .where(and(eq(posts.id, sql.placeholder('postId')), seenBy(posts)))
      .limit(1)
      .prepare('community_post_counts'),
    commentsOfPost: db
      .select(commentColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, comments.userId))
      .leftJoin(userStats, eq(userStats.userId, comments.userId))
      .where(and(eq(comments.postId, sql.placeholder('postId')), seenBy(comments)))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('community_comments_of_post'),
    // A comment is seen with its post: on a hidden post, only by the post's author and moderators.
    commentById: db
      .select(commentColumns)
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(communitySettings, eq(communitySettings.userId, comments.userId))
      .leftJoin(userStats, eq(userStats.userId, comments.userId))
      .where(and(eq(comments.id, sql.placeholder('commentId')), seenBy(comments), seenBy(posts)))
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

/** The placeholders every read of the forum takes: who reads, and whether they see hidden content. */
const as = (v: Viewer) => ({ viewerId: v.id, moderator: v.moderator });

export async function listPosts(db: Db, v: Viewer, q: { category?: string; limit: number; offset: number }) {
  const s = statements(db);
  const [rows, counted] = await Promise.all(
    q.category
      ? [s.listByCategory.execute({ ...as(v), category: q.category, limit: q.limit, offset: q.offset }), s.countByCategory.execute({ ...as(v), category: q.category })]
      : [s.listAll.execute({ ...as(v), limit: q.limit, offset: q.offset }), s.countAll.execute(as(v))],
  );
  return { rows: rows as PostListRow[], total: counted[0]?.total ?? 0 };
}

/** The post, if the viewer may see it (hidden posts: their author and moderators only). */
export async function findPost(db: Db, v: Viewer, postId: string): Promise<PostRow | null> {
  const rows = await statements(db).postById.execute({ ...as(v), postId });
  return rows[0] ?? null;
}

/** The post's author and counts, if the viewer may see the post; `commentTotal` counts the comments they may see. */
export async function findPostCounts(db: Db, v: Viewer, postId: string) {
  const rows = await statements(db).postCounts.execute({ ...as(v), postId });
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

export async function listComments(db: Db, v: Viewer, postId: string, q: { limit: number; offset: number }) {
  return (await statements(db).commentsOfPost.execute({ ...as(v), postId, limit: q.limit, offset: q.offset })) as CommentRow[];
}

/** The comment, if the viewer may see it and its post. */
export async function findComment(db: Db, v: Viewer, commentId: string): Promise<CommentRow | null> {
  const rows = await statements(db).commentById.execute({ ...as(v), commentId });
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

/** What is reported: a post, or a comment on the post `postId`. */
export interface ReportTarget {
  kind: 'post' | 'comment';
  id: string;
  postId: string;
}

/**
 * Saves the user's report, replacing an earlier one of theirs (`created` tells which), and hides the content when
 * `hideAt` distinct members now have an open report on it (0: never). The content's row is locked first, so reports
 * arriving together are counted one after another: the report that reaches the threshold hides it, exactly once
 * (`hiddenFor`: the reason most reports gave), and no report is counted twice or missed. Null when the content is gone.
 */
export async function fileReport(db: Db, userId: string, target: ReportTarget, input: ReportInput, hideAt: number) {
  const table = target.kind === 'post' ? posts : comments;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ authorId: table.userId }).from(table).where(eq(table.id, target.id)).for('update');
    if (!locked) return null;
    const [row] = await tx
      .insert(postReports)
      .values({ postId: target.postId, commentId: target.kind === 'comment' ? target.id : null, userId, reason: input.reason, details: input.details })
      .onConflictDoUpdate({
        target: [postReports.targetId, postReports.userId],
        set: { reason: input.reason, details: input.details, status: 'open', updatedAt: sql`now()` },
      })
      // xmax is 0 on a row this statement inserted and set on one it updated: PostgreSQL's way to tell them apart.
      .returning({
        id: postReports.id,
        postId: postReports.postId,
        commentId: postReports.commentId,
        reason: postReports.reason,
        details: postReports.details,
        status: postReports.status,
        createdAt: postReports.createdAt,
        created: sql<boolean>`(xmax = 0)`,
      });
    if (hideAt <= 0) return { report: row, hiddenFor: null };
    const [open] = await tx
      .select({ count: sql<number>`count(*)::int`, reason: sql<ReportInput['reason']>`mode() WITHIN GROUP (ORDER BY ${postReports.reason})` })
      .from(postReports)
      .where(and(eq(postReports.targetId, target.id), eq(postReports.status, 'open')));
    if (open.count < hideAt) return { report: row, hiddenFor: null };
    const hid = await tx
      .update(table)
      .set({ hiddenAt: sql`now()`, hiddenBy: 'reports', hiddenReason: open.reason })
      .where(and(eq(table.id, target.id), isNull(table.hiddenAt)))
      .returning({ id: table.id });
    if (hid.length === 0) return { report: row, hiddenFor: null };
    await tx.insert(moderationActions).values({
      action: 'auto_hide',
      targetKind: target.kind,
      targetId: target.id,
      postId: target.postId,
      memberId: locked.authorId,
      reason: open.reason,
    });
    return { report: row, hiddenFor: open.reason };
  });
}

/** Whom to tell that their content was hidden or shown again: the author's address, name and language, and the post's title. */
export async function findNoticeRecipient(db: Db, authorId: string, postId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, locale: sql<Locale>`coalesce(${userPreferences.locale}, 'en')`, title: posts.title })
    .from(users)
    .innerJoin(posts, eq(posts.id, postId))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, authorId))
    .limit(1);
  return row ?? null;
}
