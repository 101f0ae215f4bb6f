import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The user's own exercises: names an import found in no library entry (ADR 029). Workouts name them as
 * `workout_exercises.custom_name`, which the logger, history and stats already show and group case-insensitively,
 * so one row per name and user (case aside) is what gives such a name an id, a list and a place in the export.
 */
export const customExercises = pgTable(
  'custom_exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_exercises_user_name_idx').on(t.userId, sql`lower(${t.name})`), check('custom_exercises_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 100`)],
);
