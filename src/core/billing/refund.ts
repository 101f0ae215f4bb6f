import { formatMessage, type MessageParams } from '#core/messages/format';
import type { SubscriptionStatus, SubscriptionTier } from '#core/profile/schemas';

/** The 14-day, once-per-account money-back guarantee (spec sections 4, 8 and 9). */
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

export const REFUND_MESSAGES = {
  noSubscription: 'No active subscription',
  alreadyUsed: 'You have already used your one-time refund guarantee. The 14-day money-back guarantee only applies to first-time subscribers.',
  inTrial: 'Refunds are not available during the free trial period. You can cancel your subscription anytime before the trial ends to avoid being charged.',
  unavailable: 'Refund eligibility not available',
  expired: 'Refund period has expired',
  expiredDays: 'Refund period has expired ({days} days since start)',
  remaining: 'You have {days} days remaining to request a refund',
  notEligible: 'Not eligible for refund',
  checkFailed: 'Error checking eligibility',
  noCustomer: 'No Stripe customer ID found',
  noActiveSubscription: 'No active subscription found',
  noInvoice: 'No invoice found for subscription',
  noPayment: "No payment found to refund. This subscription may have been created through a method that doesn't support automated refunds.",
  refundFailed: 'Failed to process refund',
  refundNotCompleted: 'Refund processing failed',
} as const;

type RefundReason = keyof typeof REFUND_MESSAGES;
type RefundText = (typeof REFUND_MESSAGES)[RefundReason];

/** A reason as the check gives it: the English sentence, and its key and params for a translation (ADR 022). */
function reasonOf(name: RefundReason, params?: { days: number }): Pick<RefundCheck, 'reason' | 'reasonKey' | 'reasonParams'> {
  return { reason: params ? formatMessage(REFUND_MESSAGES[name], params) : REFUND_MESSAGES[name], reasonKey: `refund.${name}`, ...(params ? { reasonParams: params } : {}) };
}

export interface RefundSubject {
  subscriptionTier: SubscriptionTier;
  subscriptionStatus: SubscriptionStatus;
  subscriptionStartedAt: Date | null;
  trialEndsAt: Date | null;
  lastRefundAt: Date | null;
}

/** The spec's refund check result. Dates are ISO strings so the same shape goes over HTTP. */
export interface RefundCheck {
  eligible: boolean;
  daysSinceStart: number | null;
  daysRemaining: number | null;
  subscriptionStartDate: string | null;
  reason: string;
  reasonKey: `refund.${RefundReason}`;
  reasonParams?: MessageParams;
}

const refused = (reason: Pick<RefundCheck, 'reason' | 'reasonKey' | 'reasonParams'>, extra: Partial<RefundCheck> = {}): RefundCheck => ({
  eligible: false,
  daysSinceStart: null,
  daysRemaining: null,
  subscriptionStartDate: null,
  ...reason,
  ...extra,
});

/**
 * Free plan (or a subscription that is no longer live), guarantee already used, or still in the trial: not
 * eligible. Otherwise eligible while now is on or before start + 14 days; days since start round down, days
 * remaining round up. A past-due subscription has no recent payment to give back.
 */
export function checkRefundEligibility(user: RefundSubject, now: Date): RefundCheck {
  if (user.subscriptionTier === 'free' || user.subscriptionStatus === 'inactive') return refused(reasonOf('noSubscription'));
  if (user.lastRefundAt) return refused(reasonOf('alreadyUsed'));
  if (user.trialEndsAt && user.trialEndsAt.getTime() > now.getTime()) return refused(reasonOf('inTrial'));
  if (user.subscriptionStatus === 'past_due') return refused(reasonOf('notEligible'));
  if (!user.subscriptionStartedAt) return refused(reasonOf('unavailable'));
  const start = user.subscriptionStartedAt.getTime();
  if (!Number.isFinite(start) || !Number.isFinite(now.getTime())) return refused(reasonOf('checkFailed'));

  // A start a moment ahead of this clock (the provider's clock) counts as "just started".
  const elapsed = Math.max(0, now.getTime() - start);
  const deadline = start + REFUND_WINDOW_DAYS * DAY_MS;
  const daysSinceStart = Math.floor(elapsed / DAY_MS);
  const subscriptionStartDate = user.subscriptionStartedAt.toISOString();
  if (now.getTime() > deadline) return refused(reasonOf('expiredDays', { days: daysSinceStart }), { daysSinceStart, daysRemaining: 0, subscriptionStartDate });
  const daysRemaining = Math.ceil((deadline - now.getTime()) / DAY_MS);
  return { eligible: true, daysSinceStart, daysRemaining, subscriptionStartDate, ...reasonOf('remaining', { days: daysRemaining }) };
}

/** The message a refund request is refused with: the check's reason, in its short form for an expired window. */
export function refundRefusal(check: RefundCheck): RefundText {
  const name = check.reasonKey.slice('refund.'.length) as RefundReason;
  return name === 'expiredDays' ? REFUND_MESSAGES.expired : REFUND_MESSAGES[name];
}
