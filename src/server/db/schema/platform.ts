import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Mail the embedded email port keeps instead of sending (and what the SMTP port sent, for the record). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * The answers of creates sent with an Idempotency-Key (ADR 023): one row per user and key, written in the same
 * transaction as the record it answers for, so a repeat (or a concurrent twin, which waits on this row's key) finds
 * the first answer. Rows older than a day no longer count and are swept.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path with its query, and body: a repeat must be the same request. */
    fingerprint: text('fingerprint').notNull(),
    /** The first answer; set before the transaction that claimed the key commits. */
    statusCode: integer('status_code'),
    body: text('body'),
    /** The first answer's Content-Type and Location (when it had one), repeated by a replay. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
