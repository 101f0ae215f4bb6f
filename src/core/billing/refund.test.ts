import { describe, expect, it } from 'vitest';
import { checkRefundEligibility, REFUND_MESSAGES, refundRefusal, type RefundSubject } from './refund';

const DAY = 86_400_000;
const start = new Date('2026-03-01T12:00:00.000Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);
const paid: RefundSubject = { subscriptionTier: 'basic', subscriptionStatus: 'active', subscriptionStartedAt: start, trialEndsAt: null, lastRefundAt: null };

describe('refund eligibility', () => {
  it('is refused on the free plan and for a subscription that is no longer live', () => {
    expect(checkRefundEligibility({ ...paid, subscriptionTier: 'free' }, at(1))).toEqual({
      eligible: false,
      daysSinceStart: null,
      daysRemaining: null,
      subscriptionStartDate: null,
      reason: 'No active subscription',
      reasonKey: 'refund.noSubscription',
    });
    expect(checkRefundEligibility({ ...paid, subscriptionStatus: 'inactive' }, at(1)).reason).toBe('No active subscription');
  });

  it('is refused once the one-time guarantee was used', () => {
    const check = checkRefundEligibility({ ...paid, lastRefundAt: at(-40) }, at(1));
    expect(check.eligible).toBe(false);
    expect(check.reason).toBe('You have already used your one-time refund guarantee. The 14-day money-back guarantee only applies to first-time subscribers.');
  });

  it('is refused during the free trial, and allowed the moment it ends', () => {
    const trial = { ...paid, subscriptionTier: 'pro' as const, trialEndsAt: at(7) };
    expect(checkRefundEligibility(trial, at(6.99)).reason).toBe(
      'Refunds are not available during the free trial period. You can cancel your subscription anytime before the trial ends to avoid being charged.',
    );
    expect(checkRefundEligibility(trial, at(7))).toMatchObject({ eligible: true, daysSinceStart: 7, daysRemaining: 7 });
  });

  it('checks the used guarantee before the trial, and the plan before both', () => {
    expect(checkRefundEligibility({ ...paid, trialEndsAt: at(7), lastRefundAt: at(-1) }, at(1)).reason).toBe(REFUND_MESSAGES.alreadyUsed);
    expect(checkRefundEligibility({ ...paid, subscriptionTier: 'free', lastRefundAt: at(-1) }, at(1)).reason).toBe(REFUND_MESSAGES.noSubscription);
  });

  it('is refused while past due, and without a start date', () => {
    expect(checkRefundEligibility({ ...paid, subscriptionStatus: 'past_due' }, at(1)).reason).toBe('Not eligible for refund');
    expect(checkRefundEligibility({ ...paid, subscriptionStartedAt: null }, at(1)).reason).toBe('Refund eligibility not available');
    expect(checkRefundEligibility({ ...paid, subscriptionStartedAt: new Date('nonsense') }, at(1)).reason).toBe('Error checking eligibility');
  });

  it('counts days since start down and days remaining up', () => {
    expect(checkRefundEligibility(paid, at(0))).toEqual({
      eligible: true,
      daysSinceStart: 0,
      daysRemaining: 14,
      subscriptionStartDate: start.toISOString(),
      reason: 'You have 14 days remaining to request a refund',
      reasonKey: 'refund.remaining',
      reasonParams: { days: 14 },
    });
    expect(checkRefundEligibility(paid, at(0.5))).toMatchObject({ daysSinceStart: 0, daysRemaining: 14 });
    expect(checkRefundEligibility(paid, at(13.9))).toMatchObject({ eligible: true, daysSinceStart: 13, daysRemaining: 1, reason: 'You have 1 days remaining to request a refund' });
  });

  it('allows a refund on the deadline itself and refuses it a moment later', () => {
    expect(checkRefundEligibility(paid, at(14))).toMatchObject({ eligible: true, daysSinceStart: 14, daysRemaining: 0 });
    const late = checkRefundEligibility(paid, new Date(at(14).getTime() + 1));
    expect(late).toMatchObject({ eligible: false, daysSinceStart: 14, daysRemaining: 0, reason: 'Refund period has expired (14 days since start)' });
    expect(checkRefundEligibility(paid, at(30.2)).reason).toBe('Refund period has expired (30 days since start)');
  });

  it('works for a canceling subscription still in its window', () => {
    expect(checkRefundEligibility({ ...paid, subscriptionStatus: 'canceling' }, at(3)).eligible).toBe(true);
  });

  it('treats a start a moment ahead of this clock as just started', () => {
    expect(checkRefundEligibility(paid, at(-0.001))).toMatchObject({ eligible: true, daysSinceStart: 0, daysRemaining: 15 });
  });
});

describe('refund refusal message', () => {
  it('uses the short form for an expired window and the reason otherwise', () => {
    expect(refundRefusal(checkRefundEligibility(paid, at(20)))).toBe('Refund period has expired');
    expect(refundRefusal(checkRefundEligibility({ ...paid, subscriptionTier: 'free' }, at(1)))).toBe('No active subscription');
    expect(refundRefusal({ eligible: false, daysRemaining: null, daysSinceStart: null, subscriptionStartDate: null, reason: '', reasonKey: 'refund.notEligible' })).toBe(
      'Not eligible for refund',
    );
  });
});
