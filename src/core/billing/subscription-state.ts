import type { Interval, SubscriptionStatus, SubscriptionTier } from '#core/profile/schemas';

/**
 * How the provider's subscription maps onto the profile's subscription fields (spec section 4). Every webhook and
 * every expiry check re-reads the subscription from the provider and applies these rules, so the profile ends in
 * the provider's current state whatever order events arrive in.
 */

/** Provider statuses (Stripe's set). */
export type ProviderStatus = 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

/** The provider's subscription, as both payment adapters report it. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: ProviderStatus;
  /** The tier its price belongs to; null when the price is not one of ours. */
  tier: 'basic' | 'pro' | null;
  interval: Interval | null;
  /** The unit price of its one item, in cents. */
  priceCents: number | null;
  currency: string;
  /** The subscription item whose price a plan change replaces. */
  itemId: string | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  startDate: Date;
  /** metadata.user_id, when the subscription was made by our checkout. */
  userId: string | null;
}

/** The profile's subscription fields (the users table). */
export interface SubscriptionFields {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  subscriptionStartedAt: Date | null;
  subscriptionInterval: Interval | null;
  cancelAt: Date | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  stripeSubscriptionId: string | null;
}

const LIVE: readonly ProviderStatus[] = ['trialing', 'active', 'past_due', 'unpaid'];
export const isLive = (s: ProviderSubscription) => LIVE.includes(s.status);

/**
 * Cancellation or refund (and an expired cancellation): tier free, status inactive, and the fields that describe a
 * subscription cleared. The customer reference and last_refund_at stay: they belong to the account.
 */
export const INACTIVE_FIELDS: SubscriptionFields = {
  subscriptionTier: 'free',
  subscriptionStatus: 'inactive',
  subscriptionStartedAt: null,
  subscriptionInterval: null,
  cancelAt: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  stripeSubscriptionId: null,
};

/** Of a customer's subscriptions (newest first), the one that describes the user now: the newest live one, else the newest. */
export function currentSubscription(subscriptions: readonly ProviderSubscription[]): ProviderSubscription | null {
  return subscriptions.find(isLive) ?? subscriptions[0] ?? null;
}

/** When a cancelled-at-period-end subscription ends. */
export const cancelDate = (s: ProviderSubscription): Date | null => s.cancelAt ?? (s.cancelAtPeriodEnd ? s.currentPeriodEnd : null);

/**
 * The profile fields for the provider's current subscription, or null for "leave the profile as it is" (an
 * incomplete checkout that has not been paid yet).
 */
export function fieldsFor(
  sub: ProviderSubscription | null,
  current: Pick<SubscriptionFields, 'subscriptionTier' | 'subscriptionStartedAt' | 'stripeSubscriptionId'>,
): SubscriptionFields | null {
  if (!sub) return INACTIVE_FIELDS;
  if (sub.status === 'incomplete') return null;
  if (!isLive(sub)) return INACTIVE_FIELDS;
  const sameSubscription = current.stripeSubscriptionId === sub.id;
  const tier = sub.tier ?? (current.subscriptionTier === 'free' ? 'basic' : current.subscriptionTier);
  const status: SubscriptionStatus = sub.status === 'past_due' || sub.status === 'unpaid' ? 'past_due' : sub.cancelAtPeriodEnd ? 'canceling' : 'active';
  return {
    subscriptionTier: tier,
    subscriptionStatus: status,
    // The start date is set on the first activation of a subscription and kept through its plan changes.
    subscriptionStartedAt: (sameSubscription ? current.subscriptionStartedAt : null) ?? sub.startDate,
    subscriptionInterval: sub.interval,
    cancelAt: sub.cancelAtPeriodEnd ? cancelDate(sub) : null,
    trialEndsAt: sub.trialEnd,
    currentPeriodEnd: sub.currentPeriodEnd,
    stripeSubscriptionId: sub.id,
  };
}

/** Outcomes of the expired-cancellation check. */
export type ExpiryOutcome = 'active' | 'canceling' | 'inactive' | 'past_due';

/** The check applies to a canceling user whose cancel date is now or past. */
export function isCancellationDue(user: { subscriptionStatus: SubscriptionStatus; cancelAt: Date | null }, now: Date): boolean {
  return user.subscriptionStatus === 'canceling' && user.cancelAt !== null && user.cancelAt.getTime() <= now.getTime();
}

/**
 * Spec section 4, from the provider's latest subscription for the customer: active without cancel-at-period-end →
 * active; active with it → canceling while the cancel date is ahead, else inactive; canceled → inactive; past due →
 * past_due; no customer, no subscription or a lookup error ('error') → inactive.
 */
export function expiryOutcome(sub: ProviderSubscription | null | 'error', now: Date): ExpiryOutcome {
  if (sub === null || sub === 'error') return 'inactive';
  switch (sub.status) {
    case 'active':
    case 'trialing': {
      if (!sub.cancelAtPeriodEnd) return 'active';
      const end = cancelDate(sub);
      return end && end.getTime() > now.getTime() ? 'canceling' : 'inactive';
    }
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    default:
      return 'inactive';
  }
}

/** The fields the expiry check writes for its outcome. */
export function expiryFields(outcome: ExpiryOutcome, sub: ProviderSubscription | null | 'error', current: Parameters<typeof fieldsFor>[1]): SubscriptionFields {
  if (outcome === 'inactive' || sub === null || sub === 'error') return INACTIVE_FIELDS;
  return fieldsFor(sub, current) ?? INACTIVE_FIELDS;
}
