import type { z } from 'zod';
import { effectiveTier, priceCents } from '#core/billing/catalogue';
import { isInTrial } from '#core/billing/entitlements';
import { REFUND_WINDOW_DAYS } from '#core/billing/refund';
import type { subscriptionSchema } from '#core/profile/schemas';

/** The subscription as GET /api/me reports it. */
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

/**
 * What the billing pages tell the user about their subscription. The profile has no "trialing" status (a trial is
 * an active Pro subscription with a trial end ahead, DESIGN decision 4), so it is told apart here, with the same
 * rule the server's entitlement checks use.
 */
export type DisplayStatus = 'free' | 'inactive' | 'trialing' | 'active' | 'canceling' | 'past_due';

export function displayStatus(sub: SubscriptionView, now: Date = new Date()): DisplayStatus {
  if (sub.status === 'inactive') return 'inactive';
  if (sub.tier === 'free') return 'free';
  if (sub.status === 'past_due') return 'past_due';
  if (sub.status === 'canceling') return 'canceling';
  return isInTrial(sub, now) ? 'trialing' : 'active';
}

/** Whether the trial end is still ahead (a canceling trial shows it too). */
export const trialRunning = (sub: SubscriptionView, now: Date = new Date()) => isInTrial(sub, now);

/** A live paid subscription, changed and cancelled from the billing settings rather than bought again. */
export const hasLiveSubscription = (sub: SubscriptionView) => effectiveTier(sub.tier, sub.status) !== 'free';

/** The Pro trial is offered to visitors (a new account never had one) and to free accounts that never used it. */
export function offersTrial(signedIn: boolean, sub: SubscriptionView | undefined): boolean {
  if (!signedIn) return true;
  return sub?.trialAvailable === true && !hasLiveSubscription(sub);
}

/** The price the subscription renews at, in cents. */
export function renewalPriceCents(sub: SubscriptionView): number | null {
  if (sub.tier === 'free') return null;
  return priceCents(sub.tier, sub.interval ?? 'month');
}

/** The last day of the money-back guarantee, for a subscription that started at `startedAt`. */
export function refundDeadline(startedAt: string): Date {
  return new Date(new Date(startedAt).getTime() + REFUND_WINDOW_DAYS * 86_400_000);
}
