import { isLive, type ProviderSubscription } from '#core/billing/subscription-state';
import type { MessageText } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { providerCall } from '../billing.deps';

/**
 * The user's live subscription as the provider has it now, or an AppError with `missingMessage`. A lookup that
 * fails reads as `failureMessage`.
 */
export async function loadLiveSubscription(deps: BillingDeps, user: UserRow, messages: { missing: MessageText; failure: MessageText }): Promise<ProviderSubscription> {
  if (!user.stripeSubscriptionId || user.subscriptionStatus === 'inactive') throw new AppError('OPERATION_NOT_ALLOWED', messages.missing);
  const sub = await providerCall(messages.failure, () => deps.payments.retrieveSubscription(user.stripeSubscriptionId!));
  // Only the user's own subscription: the id on the profile must belong to the profile's customer.
  if (!sub || !isLive(sub) || sub.customerId !== user.stripeCustomerId) throw new AppError('OPERATION_NOT_ALLOWED', messages.missing);
  return sub;
}
