import { describe, expect, it } from 'vitest';
import { currentSubscription, expiryFields, expiryOutcome, fieldsFor, INACTIVE_FIELDS, isCancellationDue, type ProviderSubscription } from './subscription-state';

const now = new Date('2026-06-10T00:00:00Z');
const later = new Date('2026-06-20T00:00:00Z');
const earlier = new Date('2026-06-01T00:00:00Z');
const sub = (over: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  tier: 'basic',
  interval: 'month',
  priceCents: 999,
  currency: 'usd',
  itemId: 'si_1',
  cancelAtPeriodEnd: false,
  cancelAt: null,
  currentPeriodStart: earlier,
  currentPeriodEnd: later,
  trialStart: null,
  trialEnd: null,
  startDate: earlier,
  userId: 'u1',
  ...over,
});
const fresh = { subscriptionTier: 'free' as const, subscriptionStartedAt: null, stripeSubscriptionId: null };

describe('profile fields from the provider subscription', () => {
  it('activates: tier, status active, ids, interval, period end, start date', () => {
    expect(fieldsFor(sub(), fresh)).toEqual({
      subscriptionTier: 'basic',
      subscriptionStatus: 'active',
      subscriptionStartedAt: earlier,
      subscriptionInterval: 'month',
      cancelAt: null,
      trialEndsAt: null,
      currentPeriodEnd: later,
      stripeSubscriptionId: 'sub_1',
    });
  });

  it('keeps the first start date through plan changes of the same subscription', () => {
    const first = new Date('2026-01-01T00:00:00Z');
    expect(fieldsFor(sub({ tier: 'pro' }), { subscriptionTier: 'basic', subscriptionStartedAt: first, stripeSubscriptionId: 'sub_1' })).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionStartedAt: first,
    });
    expect(fieldsFor(sub({ id: 'sub_2' }), { subscriptionTier: 'basic', subscriptionStartedAt: first, stripeSubscriptionId: 'sub_1' })?.subscriptionStartedAt).toBe(earlier);
  });

  it('maps a trial to pro, active, with its end', () => {
    expect(fieldsFor(sub({ status: 'trialing', tier: 'pro', trialStart: earlier, trialEnd: later }), fresh)).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      trialEndsAt: later,
    });
  });

  it('maps cancel at period end to canceling with the cancel date', () => {
    expect(fieldsFor(sub({ cancelAtPeriodEnd: true }), fresh)).toMatchObject({ subscriptionStatus: 'canceling', cancelAt: later });
    expect(fieldsFor(sub({ cancelAtPeriodEnd: true, cancelAt: now }), fresh)).toMatchObject({ cancelAt: now });
  });

  it('maps past due and unpaid to past_due', () => {
    expect(fieldsFor(sub({ status: 'past_due' }), fresh)?.subscriptionStatus).toBe('past_due');
    expect(fieldsFor(sub({ status: 'unpaid' }), fresh)?.subscriptionStatus).toBe('past_due');
  });

  it('maps an ended subscription, or none, to free and inactive with the subscription cleared', () => {
    for (const s of [null, sub({ status: 'canceled' }), sub({ status: 'incomplete_expired' }), sub({ status: 'paused' })]) {
      expect(fieldsFor(s, fresh)).toEqual(INACTIVE_FIELDS);
    }
    expect(INACTIVE_FIELDS).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'inactive',
      stripeSubscriptionId: null,
      subscriptionStartedAt: null,
      subscriptionInterval: null,
      cancelAt: null,
    });
  });

  it('leaves the profile alone while a checkout is incomplete', () => {
    expect(fieldsFor(sub({ status: 'incomplete' }), fresh)).toBeNull();
  });

  it('keeps the current paid tier when the price is not ours', () => {
    expect(fieldsFor(sub({ tier: null }), { ...fresh, subscriptionTier: 'pro' })?.subscriptionTier).toBe('pro');
  });
});

describe('current subscription of a customer', () => {
  it('prefers the newest live one, then the newest', () => {
    const old = sub({ id: 'old', status: 'canceled' });
    const live = sub({ id: 'live', status: 'past_due' });
    expect(currentSubscription([old, live])?.id).toBe('live');
    expect(currentSubscription([old, sub({ id: 'older', status: 'canceled' })])?.id).toBe('old');
    expect(currentSubscription([])).toBeNull();
  });
});

describe('expired-cancellation check', () => {
  it('applies to canceling users whose cancel date is now or past', () => {
    expect(isCancellationDue({ subscriptionStatus: 'canceling', cancelAt: now }, now)).toBe(true);
    expect(isCancellationDue({ subscriptionStatus: 'canceling', cancelAt: earlier }, now)).toBe(true);
    expect(isCancellationDue({ subscriptionStatus: 'canceling', cancelAt: later }, now)).toBe(false);
    expect(isCancellationDue({ subscriptionStatus: 'canceling', cancelAt: null }, now)).toBe(false);
    expect(isCancellationDue({ subscriptionStatus: 'active', cancelAt: earlier }, now)).toBe(false);
  });

  it('has every outcome of spec section 4', () => {
    expect(expiryOutcome(sub(), now)).toBe('active');
    expect(expiryOutcome(sub({ status: 'trialing' }), now)).toBe('active');
    expect(expiryOutcome(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: later }), now)).toBe('canceling');
    expect(expiryOutcome(sub({ cancelAtPeriodEnd: true, currentPeriodEnd: earlier }), now)).toBe('inactive');
    expect(expiryOutcome(sub({ cancelAtPeriodEnd: true, cancelAt: now, currentPeriodEnd: later }), now)).toBe('inactive');
    expect(expiryOutcome(sub({ status: 'canceled' }), now)).toBe('inactive');
    expect(expiryOutcome(sub({ status: 'past_due' }), now)).toBe('past_due');
    expect(expiryOutcome(null, now)).toBe('inactive');
    expect(expiryOutcome('error', now)).toBe('inactive');
  });

  it('writes inactive fields for inactive and the synced fields otherwise', () => {
    expect(expiryFields('inactive', sub(), fresh)).toEqual(INACTIVE_FIELDS);
    expect(expiryFields('active', 'error', fresh)).toEqual(INACTIVE_FIELDS);
    expect(expiryFields('active', sub(), fresh)).toMatchObject({ subscriptionStatus: 'active', cancelAt: null });
    expect(expiryFields('canceling', sub({ cancelAtPeriodEnd: true }), fresh)).toMatchObject({ subscriptionStatus: 'canceling', cancelAt: later });
    expect(expiryFields('past_due', sub({ status: 'past_due' }), fresh)).toMatchObject({ subscriptionStatus: 'past_due' });
  });
});
