import { and, eq, isNotNull, isNull, like, lte } from 'drizzle-orm';
import type { SubscriptionFields } from '#core/billing/subscription-state';
import { INACTIVE_FIELDS } from '#core/billing/subscription-state';
import type { Locale } from '#core/common/schemas';
import type { Db } from '#server/db/client';
import { userPreferences, users, webhookEvents } from '#server/db/schema';
import type { UserRow } from '#server/lib/context';

export type SubscriptionUpdate = Partial<SubscriptionFields> & { trialUsedAt?: Date; stripeCustomerId?: string };

export async function findUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findUserByCustomerId(db: Db, customerId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return row ?? null;
}

export async function localeOf(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ locale: userPreferences.locale }).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row?.locale ?? 'en';
}

/** Links the provider's customer to the user unless one is linked already; returns the one that is linked. */
export async function linkCustomer(db: Db, userId: string, customerId: string): Promise<string> {
  const [row] = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (row?.id) return row.id;
  const [existing] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return existing?.id ?? customerId;
}

export async function updateSubscription(db: Db, userId: string, values: SubscriptionUpdate): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

/**
 * The expiry check's write: only while the user is still the canceling user the check looked at, so a webhook
 * that changed the subscription in the meantime is not overwritten.
 */
export async function updateIfStillCanceling(db: Db, user: UserRow, values: SubscriptionUpdate): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.subscriptionStatus, 'canceling')))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function dueCancellations(db: Db, now: Date): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.subscriptionStatus, 'canceling'), isNotNull(users.cancelAt), lte(users.cancelAt, now)));
}

export async function isEventProcessed(db: Db, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.eventId, eventId), eq(webhookEvents.status, 'processed')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records the event and applies its state change in one transaction, the event row first: a second delivery of
 * the same id (even at the same moment, on another instance) finds the row and changes nothing.
 */
export async function applyEvent(
  db: Db,
  event: { id: string; type: string },
  change: { userId: string; values: SubscriptionUpdate } | null,
): Promise<{ applied: false } | { applied: true; user: UserRow | null }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ eventId: event.id, type: event.type, status: 'processed' })
      .onConflictDoNothing({ target: webhookEvents.eventId })
      .returning({ id: webhookEvents.eventId });
    if (inserted.length === 0) return { applied: false as const };
    if (!change) return { applied: true as const, user: null };
    const [user] = await tx
      .update(users)
      .set({ ...change.values, updatedAt: new Date() })
      .where(eq(users.id, change.userId))
      .returning();
    return { applied: true as const, user: user ?? null };
  });
}

const duplicateKey = (userId: string, subscriptionId: string) => `duplicate:${userId}:${subscriptionId}`;

/**
 * Notes that a second subscription of an account is being ended (end-duplicate-subscriptions.ts), beside the
 * provider's events it came from, before anything is done to it: an end cut short (a stopped process) is found again
 * by the customer's next event, which finishes it and tells the user.
 */
export async function noteDuplicateEnding(db: Db, userId: string, subscriptionId: string): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({ eventId: duplicateKey(userId, subscriptionId), type: 'duplicate_subscription.ended', status: 'ending' })
    .onConflictDoNothing({ target: webhookEvents.eventId });
}

/** The account's second subscriptions noted as being ended whose user has not been told yet. */
export async function duplicatesEnding(db: Db, userId: string): Promise<string[]> {
  const prefix = duplicateKey(userId, '');
  const rows = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(like(webhookEvents.eventId, `${prefix}%`), eq(webhookEvents.status, 'ending')));
  return rows.map((r) => r.eventId.slice(prefix.length));
}

/** Marks a second subscription's end as told: true only for the first handler to mark it, which sends the email. */
export async function claimDuplicateEnded(db: Db, userId: string, subscriptionId: string): Promise<boolean> {
  const rows = await db
    .update(webhookEvents)
    .set({ status: 'processed', processedAt: new Date() })
    .where(and(eq(webhookEvents.eventId, duplicateKey(userId, subscriptionId)), eq(webhookEvents.status, 'ending')))
    .returning({ id: webhookEvents.eventId });
  return rows.length > 0;
}

/**
 * A refund that failed after it was created (the card closed, the bank refused), applied once in one transaction: the
 * event row, then a row for the refund itself, since its `refund.failed` and its `charge.refund.updated` are two events
 * of one failure; with the first of them, the guarantee's claim is given back when `releaseGuarantee`. The refund's
 * row starts 'ending' and is marked when the user and the operator are told (claimRefundFailureTold), so a failure a
 * stopped process recorded but did not tell is told by its next event, a retried one included.
 */
export async function recordRefundFailure(db: Db, event: { id: string; type: string }, refund: { id: string; userId: string; releaseGuarantee: boolean }): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ eventId: event.id, type: event.type, status: 'processed' })
      .onConflictDoNothing({ target: webhookEvents.eventId })
      .returning({ id: webhookEvents.eventId });
    if (inserted.length === 0) return { applied: false };
    const marked = await tx
      .insert(webhookEvents)
      .values({ eventId: `refund_failed:${refund.id}`, type: 'refund.failed', status: 'ending' })
      .onConflictDoNothing({ target: webhookEvents.eventId })
      .returning({ id: webhookEvents.eventId });
    if (marked.length > 0 && refund.releaseGuarantee) {
      await tx.update(users).set({ lastRefundAt: null, updatedAt: new Date() }).where(eq(users.id, refund.userId));
    }
    return { applied: true };
  });
}

/** Marks a failed refund as told: true only for the first handler to mark it, which tells the user and the operator. */
export async function claimRefundFailureTold(db: Db, refundId: string): Promise<boolean> {
  const rows = await db
    .update(webhookEvents)
    .set({ status: 'processed', processedAt: new Date() })
    .where(and(eq(webhookEvents.eventId, `refund_failed:${refundId}`), eq(webhookEvents.status, 'ending')))
    .returning({ id: webhookEvents.eventId });
  return rows.length > 0;
}

/**
 * Claims the one-time refund guarantee before any money moves: of two refund requests at once, one gets it. The
 * claim is released again if the provider refuses the refund.
 */
export async function claimRefund(db: Db, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ lastRefundAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.lastRefundAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function releaseRefundClaim(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastRefundAt: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.lastRefundAt, at)));
}

/** After a refund: free, inactive, subscription cleared; last_refund_at stays as claimed. */
export async function endRefundedSubscription(db: Db, userId: string): Promise<UserRow | null> {
  return updateSubscription(db, userId, INACTIVE_FIELDS);
}
