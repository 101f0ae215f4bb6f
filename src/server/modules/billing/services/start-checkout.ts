import { TRIAL_DAYS } from '#core/billing/catalogue';
import { billingReturnPaths, type CheckoutInput } from '#core/billing/schemas';
import { BILLING_MESSAGES } from '#core/billing/messages';
import { isLive } from '#core/billing/subscription-state';
import type { Locale } from '#core/common/schemas';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { ensureCustomer } from './ensure-customer';
import { customerSubscriptions } from './sync-subscription';

/**
 * A checkout session for a paid plan. The 7-day Pro trial is offered on Pro to an account that never had one
 * (DESIGN decision 4): neither our record nor the provider's history may show a trial.
 *
 * One subscription per account: an account with a live subscription changes it instead (also when the provider
 * has it and our record does not yet), and opening a checkout ends the account's earlier open ones, so two tabs
 * cannot both be paid. A race that still pays two is caught by the webhook (end-duplicate-subscriptions.ts).
 */
export async function startCheckout(deps: BillingDeps, user: UserRow, input: CheckoutInput, userLocale: Locale): Promise<{ url: string }> {
  if (user.subscriptionStatus !== 'inactive' && user.subscriptionTier !== 'free' && user.stripeSubscriptionId) {
    throw new AppError('OPERATION_NOT_ALLOWED', BILLING_MESSAGES.alreadySubscribed);
  }
  if (user.stripeCustomerId && (await customerSubscriptions(deps, user.stripeCustomerId)).some(isLive)) {
    throw new AppError('OPERATION_NOT_ALLOWED', BILLING_MESSAGES.alreadySubscribed);
  }
  const locale = input.locale ?? userLocale;
  const customerId = await ensureCustomer(deps, user);
  await deps.payments.expireOpenCheckoutSessions(customerId);
  const trialDays = input.plan === 'pro' && !user.trialUsedAt && !(await deps.payments.hasHadTrial(customerId)) ? TRIAL_DAYS : 0;
  const paths = billingReturnPaths(locale);
  const session = await deps.payments.createCheckoutSession({
    customerId,
    userId: user.id,
    email: user.email,
    plan: input.plan,
    interval: input.interval,
    trialDays,
    promotionCode: input.promotionCode,
    locale,
    successUrl: `${deps.appUrl}${paths.success}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.appUrl}${paths.cancel}`,
  });
  return { url: session.url };
}
