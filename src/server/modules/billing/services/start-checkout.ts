import { TRIAL_DAYS } from '../../../../core/billing/catalogue';
import { billingReturnPaths, type CheckoutInput } from '../../../../core/billing/schemas';
import { AppError } from '../../../lib/app-error';
import type { UserRow } from '../../../lib/context';
import type { BillingDeps } from '../billing.deps';
import { localeOf } from '../billing.repo';
import { ensureCustomer } from './ensure-customer';

export const ALREADY_SUBSCRIBED = 'You already have a subscription. Change or cancel it from the billing page.';

/**
 * A checkout session for a paid plan. The 7-day Pro trial is offered on Pro to an account that never had one
 * (DESIGN decision 4): neither our record nor the provider's history may show a trial.
 */
export async function startCheckout(deps: BillingDeps, user: UserRow, input: CheckoutInput): Promise<{ url: string }> {
  if (user.subscriptionStatus !== 'inactive' && user.subscriptionTier !== 'free' && user.stripeSubscriptionId) {
    throw new AppError('OPERATION_NOT_ALLOWED', ALREADY_SUBSCRIBED);
  }
  const locale = input.locale ?? (await localeOf(deps.db, user.id));
  const customerId = await ensureCustomer(deps, user);
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
