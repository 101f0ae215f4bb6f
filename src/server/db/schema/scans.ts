import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SCAN_ENGINES, SCAN_SOURCES } from '#core/nutrition/scans/schemas';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One photo analysed by the calorie tracker. The rows of a calendar month (UTC) are the basic tier's quota; a
 * pro user's photo waits here (`photo_key`) until the draft is logged, then the entries carry the same key.
 */
export const nutritionScans = pgTable(
  'nutrition_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: SCAN_SOURCES }).notNull(),
    engine: text('engine', { enum: SCAN_ENGINES }),
    itemCount: smallint('item_count'),
    analysisMs: integer('analysis_ms'),
    /** The stored photo (pro meal storage), until the draft is logged and after, while an entry still shows it. */
    photoKey: text('photo_key'),
    loggedAt: ts('logged_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The quota counts one user's scans since the start of the month.
    index('nutrition_scans_user_created_idx').on(t.userId, t.createdAt),
    check('nutrition_scans_source_check', sql`${t.source} IN ('upload', 'webcam')`),
  ],
);
