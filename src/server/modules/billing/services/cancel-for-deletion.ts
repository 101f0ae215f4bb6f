import { isLive } from '#core/billing/subscription-state';
import { CANCEL_MESSAGES } from '#core/billing/transitions';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { providerCall } from '../billing.deps';

/**
 * Before an account is deleted: every live subscription of its customer ends now, so nobody is charged for an
 * account that no longer exists. If the provider cannot do it, the deletion stops (with 'Failed to cancel
 * subscription') rather than leave a charging subscription behind.
 */
export async function cancelForDeletion(deps: BillingDeps, user: UserRow): Promise<void> {
  if (!user.stripeCustomerId) return;
  const customerId = user.stripeCustomerId;
  const subs = await providerCall(CANCEL_MESSAGES.failed, () => deps.payments.listSubscriptions(customerId, { status: 'all', limit: 10 }));
  for (const sub of subs.filter(isLive)) await providerCall(CANCEL_MESSAGES.failed, () => deps.payments.cancelSubscription(sub.id));
}
