import { checkRefundEligibility, REFUND_MESSAGES, refundRefusal } from '#core/billing/refund';
import { isLive, type ProviderSubscription } from '#core/billing/subscription-state';
import type { MessageText } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { providerCall } from '../billing.deps';
import { claimRefund, endRefundedSubscription, releaseRefundClaim } from '../billing.repo';
import { refundPayments, subscriptionPayments } from './refund-payments';

const refusal = (message: MessageText) => new AppError('OPERATION_NOT_ALLOWED', message);

/**
 * The 14-day money-back guarantee (DESIGN decision 13): everything paid for the subscription since it started (the
 * first period, an upgrade's proration, …) is refunded, one refund per payment; the subscription ends now, and the
 * profile goes to free/inactive with last_refund_at set. The answer's amount is the sum refunded. The guarantee is
 * claimed in the database before any money moves, so two requests at once refund once; if the provider refuses a
 * refund midway the claim is released, and asking again refunds the rest (the done ones answer as before).
 */
export async function refundSubscription(
  deps: BillingDeps,
  user: UserRow,
  reason: string | undefined,
  now: Date = new Date(),
): Promise<{ success: true; refund: { amount: number; currency: string; status: string } }> {
  const check = checkRefundEligibility(user, now);
  if (!check.eligible) throw refusal(refundRefusal(check));
  if (!user.stripeCustomerId) throw refusal(REFUND_MESSAGES.noCustomer);
  const customerId = user.stripeCustomerId;
  const failed = REFUND_MESSAGES.refundFailed;

  let sub: ProviderSubscription | null = user.stripeSubscriptionId ? await providerCall(failed, () => deps.payments.retrieveSubscription(user.stripeSubscriptionId!)) : null;
  if (!sub || !isLive(sub) || sub.customerId !== customerId) {
    [sub = null] = await providerCall(failed, () => deps.payments.listSubscriptions(customerId, { status: 'active', limit: 1 }));
  }
  if (!sub) throw refusal(REFUND_MESSAGES.noActiveSubscription);
  const subscription = sub;
  const paid = await providerCall(failed, () => subscriptionPayments(deps, subscription.id));
  if (paid.invoices === 0) throw refusal(REFUND_MESSAGES.noInvoice);
  if (paid.payments.length === 0) throw refusal(REFUND_MESSAGES.noPayment);

  if (!(await claimRefund(deps.db, user.id, now))) throw refusal(REFUND_MESSAGES.alreadyUsed);
  let refund;
  try {
    refund = await providerCall(failed, () =>
      refundPayments(deps, paid.payments, {
        userId: user.id,
        reason: reason?.trim() || 'requested_by_customer',
        tier: user.subscriptionTier,
        subscriptionId: subscription.id,
        kind: 'guarantee',
      }),
    );
  } catch (error) {
    await releaseRefundClaim(deps.db, user.id, now);
    throw error;
  }

  try {
    await deps.payments.cancelSubscription(subscription.id);
  } catch (error) {
    // The money is back with the user; the profile still ends below. The subscription left at the provider is
    // for an operator to end, so it is reported rather than shown.
    deps.reporter.report(error, { source: 'billing', operation: 'cancel after refund', userId: user.id, subscriptionId: subscription.id });
  }
  await endRefundedSubscription(deps.db, user.id);
  return { success: true, refund: { amount: refund.amountCents / 100, currency: refund.currency, status: refund.status } };
}
