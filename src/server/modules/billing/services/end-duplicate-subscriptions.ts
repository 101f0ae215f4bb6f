import { billingReturnPaths } from '#core/billing/schemas';
import { isLive, type ProviderSubscription } from '#core/billing/subscription-state';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { claimDuplicateEnded, duplicatesEnding, localeOf, noteDuplicateEnding } from '../billing.repo';
import { duplicateSubscriptionEmail } from '../emails';
import { refundPayments, subscriptionPayments, type RefundTotal } from './refund-payments';

const byStart = (a: ProviderSubscription, b: ProviderSubscription) => a.startDate.getTime() - b.startDate.getTime() || a.id.localeCompare(b.id);

/**
 * One subscription per account. Two checkouts paid at once (two tabs, a race with the expiry of the older one) leave
 * the customer with two live subscriptions: the first stays the account's, and each later one has everything it
 * charged refunded (the same reckoning as the money-back guarantee), is ended now, and the user told once by email.
 * Every handler of every event of the customer comes here and picks the same first one, so events handled at the same
 * moment agree. Each end is noted before it starts and marked when the user is told, so one cut short by a stopped
 * process is finished by the customer's next event, the email included. Returns whether a subscription was ended.
 */
export async function endDuplicateSubscriptions(deps: BillingDeps, user: UserRow, subscriptions: readonly ProviderSubscription[]): Promise<boolean> {
  const duplicates = subscriptions.filter(isLive).sort(byStart).slice(1);
  const refunded = new Map<string, RefundTotal | null>();
  for (const duplicate of duplicates) {
    await noteDuplicateEnding(deps.db, user.id, duplicate.id);
    // The money goes back while the subscription is still live, and so still found here: if anything below fails,
    // the provider's retry of the event does it again, and the refund of a refunded payment is that same refund.
    refunded.set(duplicate.id, await refundInFull(deps, user, duplicate.id, duplicate.tier));
    await deps.payments.cancelSubscription(duplicate.id);
  }
  // Every end noted and not told yet: those above, and any a stopped process left (refunded again: the same refunds).
  const kept = subscriptions.filter(isLive).sort(byStart)[0]?.id;
  for (const id of await duplicatesEnding(deps.db, user.id)) {
    // Noted, then the process stopped before the end, and the first subscription has ended since: this one is the
    // account's now, not a duplicate. The note is closed and nothing else done.
    if (id === kept) {
      await claimDuplicateEnded(deps.db, user.id, id);
      continue;
    }
    const refund = refunded.has(id) ? refunded.get(id)! : await refundInFull(deps, user, id, null);
    if (await claimDuplicateEnded(deps.db, user.id, id)) await sendDuplicateEmail(deps, user, refund);
  }
  return duplicates.length > 0;
}

async function refundInFull(deps: BillingDeps, user: UserRow, subscriptionId: string, tier: string | null): Promise<RefundTotal | null> {
  // Caught by the events of its own checkout it has charged once; a later event finds any payment since too.
  const { payments } = await subscriptionPayments(deps, subscriptionId);
  if (payments.length === 0) return null; // a trial, or nothing paid yet
  return refundPayments(deps, payments, {
    userId: user.id,
    reason: 'duplicate_subscription',
    tier: tier ?? user.subscriptionTier,
    subscriptionId,
    kind: 'duplicate_subscription',
  });
}

async function sendDuplicateEmail(deps: BillingDeps, user: UserRow, refund: RefundTotal | null): Promise<void> {
  try {
    const locale = await localeOf(deps.db, user.id);
    const link = `${deps.appUrl}${billingReturnPaths(locale).portalReturn}`;
    await deps.email.send({ to: user.email, ...duplicateSubscriptionEmail(locale, user.name, refund, link) });
  } catch (error) {
    // The subscription is ended and the money back; a lost email must not make the provider deliver the event again.
    deps.reporter.report(error, { source: 'billing', operation: 'duplicate subscription email', userId: user.id });
  }
}
