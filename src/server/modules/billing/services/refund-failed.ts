import { checkRefundEligibility } from '#core/billing/refund';
import { billingReturnPaths } from '#core/billing/schemas';
import { idSchema } from '#core/common/schemas';
import type { ProviderRefundRecord } from '#server/adapters/payments/port';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { applyEvent, claimRefundFailureTold, findUser, findUserByCustomerId, isEventProcessed, localeOf, recordRefundFailure } from '../billing.repo';
import { refundFailedEmail, type RefundFailedNext } from '../emails';

/** The events of a refund that fails after it was created (Stripe sends both; the second finds the first's record). */
export const REFUND_EVENT_TYPES = ['refund.failed', 'charge.refund.updated'] as const;

/** The user a refund is about: the one its metadata names (createRefund sets it), else the customer of its payment. */
async function userOf(deps: BillingDeps, refund: ProviderRefundRecord): Promise<UserRow | null> {
  if (refund.userId && idSchema.safeParse(refund.userId).success) {
    const user = await findUser(deps.db, refund.userId);
    // The metadata never names a user over the customer linked to them.
    return user && (!user.stripeCustomerId || !refund.customerId || user.stripeCustomerId === refund.customerId) ? user : null;
  }
  return refund.customerId ? findUserByCustomerId(deps.db, refund.customerId) : null;
}

/**
 * A refund event: the refund re-read from the provider (the event says which one, not what happened to it), and when
 * it has failed, its failure applied once per refund (recordRefundFailure): the guarantee's claim given back for a
 * refund of the guarantee (ADR 034), the user emailed in their language with the exact amount, and the operator told
 * through the error reporter, for support to send the money another way. Anything else (not failed, a refund we do
 * not know, a user not ours) is recorded and ignored.
 */
export async function handleRefundEvent(deps: BillingDeps, event: { id: string; type: string; data: { object: { id?: string | null } } }) {
  const refundId = event.data.object.id;
  const refund = refundId ? await deps.payments.retrieveRefund(refundId) : null;
  if (refund?.status !== 'failed') {
    const result = await applyEvent(deps.db, event, null);
    return result.applied ? 'processed' : 'duplicate';
  }
  const user = await userOf(deps, refund);
  if (!user) {
    // Still money owed to someone (an account deleted since, a refund made outside the app): the operator is told.
    if (await isEventProcessed(deps.db, event.id)) return 'duplicate';
    reportFailed(deps, refund, { userId: refund.userId, customerId: refund.customerId });
    const result = await applyEvent(deps.db, event, null);
    return result.applied ? 'processed' : 'duplicate';
  }

  const guarantee = refund.kind === 'guarantee';
  const result = await recordRefundFailure(deps.db, event, { id: refund.id, userId: user.id, releaseGuarantee: guarantee });
  // Told once, by whichever event of the refund gets here first after it was recorded (a retried one included).
  if (!(await claimRefundFailureTold(deps.db, refund.id))) return result.applied ? 'processed' : 'duplicate';
  const after = (await findUser(deps.db, user.id)) ?? user;

  const stillLive = refund.subscriptionId !== null && after.stripeSubscriptionId === refund.subscriptionId && after.subscriptionStatus !== 'inactive';
  const next: RefundFailedNext =
    guarantee && stillLive && checkRefundEligibility(after, new Date()).eligible ? 'askAgain' : refund.subscriptionId !== null && !stillLive ? 'ended' : 'support';
  reportFailed(deps, refund, { userId: user.id, next });
  await sendRefundFailed(deps, after, refund, next);
  return result.applied ? 'processed' : 'duplicate';
}

/** The operator is told through the error reporter, for support to send the money another way. */
function reportFailed(deps: BillingDeps, refund: ProviderRefundRecord, context: Record<string, string | null>): void {
  deps.reporter.report(new Error(`Refund ${refund.id} of ${refund.amountCents} ${refund.currency} failed after it was created: send it another way`), {
    source: 'billing',
    operation: 'refund failed',
    refundId: refund.id,
    amountCents: refund.amountCents,
    currency: refund.currency,
    kind: refund.kind,
    subscriptionId: refund.subscriptionId,
    ...context,
  });
}

async function sendRefundFailed(deps: BillingDeps, user: UserRow, refund: ProviderRefundRecord, next: RefundFailedNext): Promise<void> {
  try {
    const locale = await localeOf(deps.db, user.id);
    const link = `${deps.appUrl}${billingReturnPaths(locale).portalReturn}`;
    await deps.email.send({ to: user.email, ...refundFailedEmail(locale, user.name, refund, next, link, deps.supportEmail) });
  } catch (error) {
    // The failure is recorded and the operator told; a lost email must not make the provider deliver the event again.
    deps.reporter.report(error, { source: 'billing', operation: 'refund failed email', userId: user.id, refundId: refund.id });
  }
}
