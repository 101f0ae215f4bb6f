import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '#core/billing/subscription-state';
import type { UserRow } from '#server/lib/context';
import { syncUpdate } from './sync-subscription';

const user = (over: Partial<UserRow> = {}): UserRow =>
  ({
    id: 'u1',
    subscriptionTier: 'free',
    subscriptionStatus: 'active',
    subscriptionStartedAt: null,
    subscriptionInterval: null,
    cancelAt: null,
    trialEndsAt: null,
    currentPeriodEnd: null,
    stripeSubscriptionId: null,
    stripeCustomerId: 'cus_1',
    trialUsedAt: null,
    ...over,
  }) as UserRow;
const start = new Date('2026-01-01T00:00:00Z');
const end = new Date('2026-01-08T00:00:00Z');
const trial: ProviderSubscription = {
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'trialing',
  tier: 'pro',
  interval: 'month',
  priceCents: 1999,
  currency: 'usd',
  itemId: 'si_1',
  cancelAtPeriodEnd: false,
  cancelAt: null,
  currentPeriodStart: start,
  currentPeriodEnd: end,
  trialStart: start,
  trialEnd: end,
  startDate: start,
  userId: 'u1',
};

describe('sync of the profile with the provider', () => {
  it('activates and remembers the trial', () => {
    expect(syncUpdate(user(), trial)).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'active', stripeSubscriptionId: 'sub_1', trialEndsAt: end, trialUsedAt: start });
  });

  it('writes nothing when the profile already matches', () => {
    const synced = user({ ...syncUpdate(user(), trial)! });
    expect(syncUpdate(synced, trial)).toBeNull();
  });

  it('leaves a free profile with no subscription alone, but ends a paid one', () => {
    expect(syncUpdate(user(), null)).toBeNull();
    expect(syncUpdate(user({ subscriptionTier: 'basic', stripeSubscriptionId: 'sub_0' }), null)).toMatchObject({
      subscriptionTier: 'free',
      subscriptionStatus: 'inactive',
      stripeSubscriptionId: null,
    });
  });

  it('links the customer when the profile has none', () => {
    expect(syncUpdate(user({ stripeCustomerId: null }), trial)).toMatchObject({ stripeCustomerId: 'cus_1' });
  });
});
