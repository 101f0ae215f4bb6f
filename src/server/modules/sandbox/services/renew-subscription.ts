import { REFUND_MESSAGES } from '#core/billing/refund';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import { findUser, readCurrentSubscription, type BillingDeps } from '#server/modules/billing';
import type { SandboxProvider } from '../sandbox.provider';

/**
 * The signed-in user's subscription moves on to its next billing period, paid or failed, with the events a real
 * renewal sends. Lets a person (or a test) see renewals, past_due and the end of a cancellation without waiting a
 * month.
 */
export async function renewSubscription(deps: BillingDeps & { payments: SandboxProvider }, user: UserRow, outcome: 'paid' | 'failed') {
  const current = user.stripeCustomerId ? await readCurrentSubscription(deps, user.stripeCustomerId) : null;
  if (!current || current.status === 'canceled') throw new AppError('OPERATION_NOT_ALLOWED', REFUND_MESSAGES.noActiveSubscription);
  const result = await deps.payments.renew(current.id, outcome);
  const after = (await findUser(deps.db, user.id)) ?? user;
  return {
    subscription: {
      id: result.subscription.id,
      status: result.subscription.status,
      tier: result.subscription.plan,
      currentPeriodEnd: result.subscription.currentPeriodEnd.toISOString(),
    },
    invoice: result.invoice ? { id: result.invoice.id, status: result.invoice.status, amountDueCents: result.invoice.amountDueCents } : null,
    events: result.events,
    profile: { tier: after.subscriptionTier, status: after.subscriptionStatus },
  };
}
