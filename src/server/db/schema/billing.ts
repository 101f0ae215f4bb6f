import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Payment-provider events already applied. The row is inserted first, in the same transaction as the state change
 * it causes, so an event id changes state at most once however often (or however concurrently) it is delivered.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    // 'ending': a second subscription being ended, or a failed refund, whose user is not told yet (billing.repo.ts).
    status: text('status', { enum: ['processed', 'ending'] })
      .notNull()
      .default('processed'),
    processedAt: ts('processed_at').notNull().defaultNow(),
  },
  // Every event of a customer looks for the ends not told yet (duplicatesEnding): a handful of rows among every
  // event ever applied, found without reading the others.
  (table) => [index('webhook_events_ending_idx').on(table.eventId).where(sql`${table.status} = 'ending'`)],
);
