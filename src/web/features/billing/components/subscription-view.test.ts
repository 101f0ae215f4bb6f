import { describe, expect, it } from 'vitest';
import { checkoutPath, chosenPlanFrom, planChooserPath } from './chosen-plan';
import { displayStatus, offersTrial, refundDeadline, renewalPriceCents, type SubscriptionView } from './subscription-view';

const NOW = new Date('2026-03-10T12:00:00Z');
const sub = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  tier: 'basic',
  status: 'active',
  interval: 'month',
  startedAt: '2026-03-01T00:00:00Z',
  cancelAt: null,
  trialEndsAt: null,
  currentPeriodEnd: '2026-04-01T00:00:00Z',
  trialAvailable: true,
  ...over,
});

describe('the subscription as the billing pages tell it', () => {
  it('tells the trial apart from a paid active plan, with the rule the server uses', () => {
    expect(displayStatus(sub({ tier: 'pro', trialEndsAt: '2026-03-12T00:00:00Z' }), NOW)).toBe('trialing');
    expect(displayStatus(sub({ tier: 'pro', trialEndsAt: '2026-03-09T00:00:00Z' }), NOW)).toBe('active');
    expect(displayStatus(sub({ status: 'canceling', trialEndsAt: '2026-03-12T00:00:00Z' }), NOW)).toBe('canceling');
    expect(displayStatus(sub({ status: 'past_due' }), NOW)).toBe('past_due');
    expect(displayStatus(sub({ tier: 'free', status: 'inactive' }), NOW)).toBe('inactive');
    expect(displayStatus(sub({ tier: 'free' }), NOW)).toBe('free');
  });

  it('offers the trial to visitors and to free accounts that never had it', () => {
    expect(offersTrial(false, undefined)).toBe(true);
    expect(offersTrial(true, undefined)).toBe(false);
    expect(offersTrial(true, sub({ tier: 'free' }))).toBe(true);
    expect(offersTrial(true, sub({ tier: 'free', status: 'inactive', trialAvailable: false }))).toBe(false);
    expect(offersTrial(true, sub())).toBe(false);
  });

  it('prices the renewal from the catalogue and dates the guarantee 14 days from the start', () => {
    expect(renewalPriceCents(sub({ tier: 'pro', interval: 'year' }))).toBe(19990);
    expect(renewalPriceCents(sub({ tier: 'free', interval: null }))).toBeNull();
    expect(refundDeadline('2026-03-01T00:00:00Z').toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });
});

describe('a plan picked on the pricing page', () => {
  it('is read from the URL, monthly unless told otherwise, and leads to its checkout', () => {
    expect(chosenPlanFrom(new URLSearchParams('plan=pro&interval=year'))).toEqual({ plan: 'pro', interval: 'year' });
    expect(chosenPlanFrom(new URLSearchParams('plan=basic'))).toEqual({ plan: 'basic', interval: 'month' });
    expect(chosenPlanFrom(new URLSearchParams('plan=free'))).toBeNull();
    expect(chosenPlanFrom(new URLSearchParams('plan=pro&interval=week'))).toBeNull();
    expect(chosenPlanFrom(new URLSearchParams(''))).toBeNull();
    expect(checkoutPath((p) => `/zh/${p}`, { plan: 'pro', interval: 'year' })).toBe('/zh/app/checkout?plan=pro&interval=year');
    // Back from checkout to the chooser, the yearly choice is still the one shown.
    const back = planChooserPath((p) => `/zh/${p}`, { plan: 'pro', interval: 'year' });
    expect(back).toBe('/zh/app/settings?tab=billing&plan=pro&interval=year');
    expect(chosenPlanFrom(new URL(back, 'http://x').searchParams)).toEqual({ plan: 'pro', interval: 'year' });
  });
});
