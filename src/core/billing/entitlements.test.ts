import { describe, expect, it } from 'vitest';
import { accessSummary, checkAccess, isInTrial, usageWindow, type SubscriptionSnapshot } from './entitlements';

const now = new Date('2026-05-15T10:00:00Z');
const free: SubscriptionSnapshot = { tier: 'free', status: 'active' };
const basic: SubscriptionSnapshot = { tier: 'basic', status: 'active' };
const pro: SubscriptionSnapshot = { tier: 'pro', status: 'active' };
const lapsedPro: SubscriptionSnapshot = { tier: 'pro', status: 'inactive' };
const trial: SubscriptionSnapshot = { tier: 'pro', status: 'active', trialEndsAt: new Date('2026-05-20T00:00:00Z') };

describe('plan generation per month', () => {
  it('gives free 3 per month and counts what is left', () => {
    expect(checkAccess(free, { feature: 'plan_generation', plansThisMonth: 0 }, now)).toMatchObject({ allowed: true, limit: 3, used: 0, remaining: 3 });
    expect(checkAccess(free, { feature: 'plan_generation', plansThisMonth: 2 }, now)).toMatchObject({ allowed: true, remaining: 1 });
    expect(checkAccess(free, { feature: 'plan_generation', plansThisMonth: 3 }, now)).toMatchObject({
      allowed: false,
      code: 'LIMIT_EXCEEDED',
      requiredTier: 'basic',
      remaining: 0,
    });
  });

  it('is unlimited for basic and pro, and free again once inactive (DESIGN decision 1)', () => {
    expect(checkAccess(basic, { feature: 'plan_generation', plansThisMonth: 50 }, now)).toMatchObject({ allowed: true, limit: null, remaining: null });
    expect(checkAccess(lapsedPro, { feature: 'plan_generation', plansThisMonth: 3 }, now)).toMatchObject({ allowed: false, code: 'LIMIT_EXCEEDED' });
    expect(checkAccess(lapsedPro, { feature: 'plan_generation', plansThisMonth: 1 }, now).allowed).toBe(true);
  });

  it('keeps paid features while canceling or past due', () => {
    expect(checkAccess({ tier: 'basic', status: 'canceling' }, { feature: 'plan_rename' }, now).allowed).toBe(true);
    expect(checkAccess({ tier: 'pro', status: 'past_due' }, { feature: 'nutrition_plan' }, now).allowed).toBe(true);
  });
});

describe('plan choices', () => {
  it('limits free to the basic plan types, goals and equipment, naming what is not allowed', () => {
    expect(checkAccess(free, { feature: 'plan_type', planType: 'cardio' }, now).allowed).toBe(true);
    expect(checkAccess(free, { feature: 'plan_type', planType: 'strength' }, now)).toMatchObject({
      allowed: false,
      code: 'SUBSCRIPTION_REQUIRED',
      requiredTier: 'basic',
      notAllowed: ['strength'],
    });
    expect(checkAccess(free, { feature: 'plan_goals', goals: ['lose_weight', 'general_health', 'improve_endurance'] }, now).allowed).toBe(true);
    expect(checkAccess(free, { feature: 'plan_goals', goals: ['lose_weight', 'build_muscle'] }, now)).toMatchObject({ allowed: false, notAllowed: ['build_muscle'] });
    expect(checkAccess(free, { feature: 'plan_equipment', equipment: ['none', 'dumbbells', 'resistance_bands'] }, now).allowed).toBe(true);
    expect(checkAccess(free, { feature: 'plan_equipment', equipment: ['barbell', 'gym_access', 'none'] }, now)).toMatchObject({ allowed: false, notAllowed: ['barbell', 'gym_access'] });
  });

  it('lets basic and pro choose anything', () => {
    for (const sub of [basic, pro]) {
      expect(checkAccess(sub, { feature: 'plan_type', planType: 'sports_performance' }, now).allowed).toBe(true);
      expect(checkAccess(sub, { feature: 'plan_goals', goals: ['increase_strength', 'improve_flexibility'] }, now).allowed).toBe(true);
      expect(checkAccess(sub, { feature: 'plan_equipment', equipment: ['kettlebell', 'pull_up_bar', 'gym_access', 'barbell'] }, now).allowed).toBe(true);
    }
  });

  it('gates renaming, full schedules and nutrition goals behind basic', () => {
    for (const feature of ['plan_rename', 'full_schedule', 'nutrition_goals'] as const) {
      expect(checkAccess(free, { feature }, now)).toMatchObject({ allowed: false, code: 'SUBSCRIPTION_REQUIRED', requiredTier: 'basic' });
      expect(checkAccess(basic, { feature }, now).allowed).toBe(true);
      expect(checkAccess(pro, { feature }, now).allowed).toBe(true);
    }
  });
});

describe('community', () => {
  it('follows the catalogue: the forum is open to every tier, an inactive subscription included', () => {
    for (const sub of [free, basic, pro, lapsedPro]) {
      expect(checkAccess(sub, { feature: 'community' }, now)).toMatchObject({ allowed: true, feature: 'community' });
    }
  });
});

describe('calorie tracker and nutrition plans (DESIGN decision 3)', () => {
  it('gives free no scans, basic 5 photo scans a month, pro unlimited', () => {
    expect(checkAccess(free, { feature: 'photo_scan', scansThisMonth: 0 }, now)).toMatchObject({ allowed: false, code: 'SUBSCRIPTION_REQUIRED', requiredTier: 'basic' });
    expect(checkAccess(basic, { feature: 'photo_scan', scansThisMonth: 4 }, now)).toMatchObject({ allowed: true, limit: 5, used: 4, remaining: 1 });
    expect(checkAccess(basic, { feature: 'photo_scan', scansThisMonth: 5 }, now)).toMatchObject({ allowed: false, code: 'LIMIT_EXCEEDED', requiredTier: 'pro', remaining: 0 });
    expect(checkAccess(pro, { feature: 'photo_scan', scansThisMonth: 500 }, now)).toMatchObject({ allowed: true, limit: null, remaining: null });
  });

  it('keeps the webcam, AI nutrition plans and progress photos for pro', () => {
    for (const feature of ['webcam_scan', 'nutrition_plan', 'progress_photos'] as const) {
      expect(checkAccess(free, { feature }, now)).toMatchObject({ allowed: false, code: 'SUBSCRIPTION_REQUIRED', requiredTier: 'pro' });
      expect(checkAccess(basic, { feature }, now)).toMatchObject({ allowed: false, code: 'SUBSCRIPTION_REQUIRED', requiredTier: 'pro' });
      expect(checkAccess(pro, { feature }, now).allowed).toBe(true);
    }
  });

  it('gives the Pro trial everything pro has, and says it is a trial', () => {
    expect(checkAccess(trial, { feature: 'webcam_scan' }, now)).toMatchObject({ allowed: true, inTrial: true });
    expect(isInTrial(trial, new Date('2026-05-20T00:00:00Z'))).toBe(false);
    expect(isInTrial({ ...trial, status: 'inactive' }, now)).toBe(false);
  });
});

describe('usage window', () => {
  it('is the calendar month in UTC', () => {
    expect(usageWindow(new Date('2026-12-31T23:59:59Z'))).toEqual({ start: new Date('2026-12-01T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
    expect(usageWindow(new Date('2026-03-01T00:00:00Z')).start).toEqual(new Date('2026-03-01T00:00:00Z'));
  });
});

describe('summary', () => {
  it('lists what each tier may use', () => {
    expect(accessSummary(free, { plansThisMonth: 1, scansThisMonth: 0 }, now)).toMatchObject({
      tier: 'free',
      plans: { limit: 3, used: 1, remaining: 2 },
      planTypes: ['general_fitness', 'weight_loss', 'cardio'],
      photoScans: { allowed: false },
      webcamScans: false,
      planRename: false,
    });
    expect(accessSummary(basic, { plansThisMonth: 9, scansThisMonth: 2 }, now)).toMatchObject({
      plans: { limit: null },
      photoScans: { allowed: true, limit: 5, remaining: 3 },
      nutritionPlans: false,
    });
    expect(accessSummary(pro, { plansThisMonth: 0, scansThisMonth: 0 }, now)).toMatchObject({ webcamScans: true, nutritionPlans: true, photoScans: { limit: null } });
  });
});
