import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { HIDDEN_BY, POST_CATEGORIES, REPORT_REASONS, REPORT_STATUSES } from '#core/community/schemas';
import { MODERATION_ACTIONS, TARGET_KINDS } from '#core/community/moderation/schemas';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Hidden content (ADR 021): hidden_at is set while only its author and moderators may see it; hidden_by says whether
 * members' reports hid it (pending review) or a moderator did; hidden_reason is the reason most reports gave.
 */
const hiding = () => ({
  hiddenAt: ts('hidden_at'),
  hiddenBy: text('hidden_by', { enum: HIDDEN_BY }),
  hiddenReason: text('hidden_reason', { enum: REPORT_REASONS }),
});

/**
 * Forum posts. comment_count and like_count are kept by triggers (migration community_counters) so a page of the
 * list reads them from the row; two indexes serve "newest first", overall and per category, whatever the number of
 * posts.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: POST_CATEGORIES }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Visible comments only, like post_category_counts: kept by triggers (migrations community_counters, moderation). */
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    ...hiding(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Changed only when the author edits the post (the counters leave it alone). */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Read backwards for "newest first" (ORDER BY created_at DESC, id DESC): PostgreSQL's default NULLS order for
    // DESC is the reverse of ASC's, so a plain index matches it exactly; a DESC NULLS LAST index would not.
    index('posts_newest_idx').on(t.createdAt, t.id),
    index('posts_category_newest_idx').on(t.category, t.createdAt, t.id),
    index('posts_user_id_idx').on(t.userId),
    // The few hidden posts, for the list's total as their author or a moderator sees it.
    index('posts_hidden_idx').on(t.userId).where(sql`${t.hiddenAt} IS NOT NULL`),
    check('posts_category_check', sql`${t.category} IN (${oneOf(POST_CATEGORIES)})`),
    check('posts_hidden_by_check', sql`${t.hiddenBy} IN (${oneOf(HIDDEN_BY)})`),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    ...hiding(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('comments_post_oldest_idx').on(t.postId, t.createdAt, t.id),
    index('comments_user_id_idx').on(t.userId),
    // The few hidden comments, for a post's comment total as their author or a moderator sees it.
    index('comments_hidden_idx').on(t.postId).where(sql`${t.hiddenAt} IS NOT NULL`),
    check('comments_hidden_by_check', sql`${t.hiddenBy} IN (${oneOf(HIDDEN_BY)})`),
  ],
);

/** One like per user and post: the key makes a second like a no-op. */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_id_idx').on(t.userId)],
);

/**
 * Reports kept for review, of a post or of one of its comments (comment_id set); one per user and reported post or
 * comment (target_id), reporting again updates it.
 */
export const postReports = pgTable(
  'post_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** What is reported: the comment when there is one, else the post. */
    targetId: uuid('target_id').notNull().generatedAlwaysAs(sql`coalesce(comment_id, post_id)`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('post_reports_target_user_unique').on(t.targetId, t.userId),
    index('post_reports_review_idx').on(t.status, t.createdAt),
    index('post_reports_user_id_idx').on(t.userId),
    check('post_reports_reason_check', sql`${t.reason} IN (${oneOf(REPORT_REASONS)})`),
    check('post_reports_status_check', sql`${t.status} IN (${oneOf(REPORT_STATUSES)})`),
  ],
);

/**
 * Posts per category, kept by triggers: the list's total without counting a million rows on every page. The total
 * over all categories is the sum of these few rows.
 */
export const postCategoryCounts = pgTable('post_category_counts', {
  category: text('category', { enum: POST_CATEGORIES }).primaryKey(),
  postCount: integer('post_count').notNull().default(0),
});

/**
 * What moderators did, and what the report threshold did by itself (moderator_id null with action auto_hide): who,
 * what, when, why. Content and people are named by id without a foreign key where the history must outlive them.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetKind: text('target_kind', { enum: TARGET_KINDS }),
    targetId: uuid('target_id'),
    /** The post of the target (the post itself, or the one a comment is on). */
    postId: uuid('post_id'),
    /** The member acted on: the author of the content, or the member suspended. */
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    /** A report reason for a hide, the moderator's words for a suspension. */
    reason: text('reason'),
    /** The moderator's note for the record (never shown to the member). */
    note: text('note'),
    suspendedUntil: ts('suspended_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_newest_idx').on(t.createdAt, t.id),
    index('moderation_actions_target_idx').on(t.targetId),
    check('moderation_actions_action_check', sql`${t.action} IN (${oneOf(MODERATION_ACTIONS)})`),
    check('moderation_actions_target_kind_check', sql`${t.targetKind} IN (${oneOf(TARGET_KINDS)})`),
  ],
);
