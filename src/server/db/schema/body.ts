import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A day of the user's body tracking: one row per user and calendar day of theirs (their time zone), in metric units.
 * Keyed by the day, so logging a day again changes it and an export or import carries it by its date.
 */
export const bodyEntries = pgTable(
  'body_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    weightKg: doublePrecision('weight_kg'),
    bodyFatPercent: doublePrecision('body_fat_percent'),
    waistCm: doublePrecision('waist_cm'),
    hipsCm: doublePrecision('hips_cm'),
    chestCm: doublePrecision('chest_cm'),
    armCm: doublePrecision('arm_cm'),
    thighCm: doublePrecision('thigh_cm'),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Every read is one user's days over a range; the key is that index.
    primaryKey({ columns: [t.userId, t.date] }),
    check('body_entries_date_check', sql`${t.date} >= '2000-01-01'`),
    check(
      'body_entries_values_check',
      sql`${t.weightKg} BETWEEN 30 AND 300 AND ${t.bodyFatPercent} BETWEEN 2 AND 75 AND ${t.waistCm} BETWEEN 30 AND 250 AND ${t.hipsCm} BETWEEN 30 AND 250 AND ${t.chestCm} BETWEEN 30 AND 250 AND ${t.armCm} BETWEEN 10 AND 100 AND ${t.thighCm} BETWEEN 20 AND 150`,
    ),
    check('body_entries_note_check', sql`char_length(${t.note}) <= 500`),
  ],
);

/** A progress photo (pro) of a day's entry; the file is in the photo storage under `body/<user id>/<id>.jpg`. */
export const bodyPhotos = pgTable(
  'body_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    photoKey: text('photo_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Deleting a day's entry (or the account) takes its photos' rows; the service removes the files.
    foreignKey({ columns: [t.userId, t.date], foreignColumns: [bodyEntries.userId, bodyEntries.date] }).onDelete('cascade'),
    index('body_photos_user_date_idx').on(t.userId, t.date),
  ],
);
