import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { POST_CATEGORIES, REPORT_REASONS, REPORT_STATUSES } from '#core/community/schemas';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

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
    commentCount: integer('comment_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
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
    check('posts_category_check', sql`${t.category} IN (${oneOf(POST_CATEGORIES)})`),
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('comments_post_oldest_idx').on(t.postId, t.createdAt, t.id), index('comments_user_id_idx').on(t.userId)],
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

/** Reports kept for review; one per user and post (reporting again updates it). */
export const postReports = pgTable(
  'post_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
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
    unique('post_reports_post_user_unique').on(t.postId, t.userId),
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
