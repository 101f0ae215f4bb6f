import { currentSubscription, fieldsFor, type ProviderSubscription } from '#core/billing/subscription-state';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import type { SubscriptionUpdate } from '../billing.repo';

/** The customer's recent subscriptions at the provider, ended ones included, newest first. */
export function customerSubscriptions(deps: BillingDeps, customerId: string): Promise<ProviderSubscription[]> {
  return deps.payments.listSubscriptions(customerId, { status: 'all', limit: 10 });
}

/** The customer's subscription that describes the user now, read from the provider (never from an event body). */
export async function readCurrentSubscription(deps: BillingDeps, customerId: string): Promise<ProviderSubscription | null> {
  return currentSubscription(await customerSubscriptions(deps, customerId));
}

/** The profile update that brings `user` to the provider's state, or null when there is nothing to write. */
export function syncUpdate(user: UserRow, sub: ProviderSubscription | null): SubscriptionUpdate | null {
  // A customer that never subscribed (an abandoned checkout) leaves a free profile as it is: a new profile is
  // free/active, and "inactive" means a subscription that ended.
  if (!sub && user.subscriptionTier === 'free' && !user.stripeSubscriptionId) return null;
  const fields = fieldsFor(sub, user);
  const update: SubscriptionUpdate = { ...(fields ?? {}) };
  // The trial is once per account: remember that this one had it, whatever happens to the subscription.
  if (sub?.trialStart && !user.trialUsedAt) update.trialUsedAt = sub.trialStart;
  if (sub && !user.stripeCustomerId) update.stripeCustomerId = sub.customerId;
  const changed = Object.entries(update).some(([k, v]) => !same(v, user[k as keyof UserRow]));
  return changed ? update : null;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  return a === b;
}
