import type { SubscriptionStatus, SubscriptionTier } from '#core/profile/schemas';
import { EQUIPMENT, FITNESS_GOALS } from '#core/profile/schemas';
import { FITNESS_PLAN_TYPES, type FitnessPlanType } from '#core/plans/schemas';
import { catalogueEntry, effectiveTier } from './catalogue';

/**
 * "May this user do X now, and how many are left?" for every feature a tier gates (DESIGN decisions 1–3). The
 * plans and nutrition features ask this before they act; the web app asks it to show upsell prompts. Pure: the
 * caller passes the subscription and the usage it counted (see `usageWindow`).
 */

export type FitnessGoal = (typeof FITNESS_GOALS)[number];
export type Equipment = (typeof EQUIPMENT)[number];

/** What the free tier may pick (DESIGN decision 2). Basic and pro may pick anything. */
export const FREE_PLAN_TYPES: readonly FitnessPlanType[] = ['general_fitness', 'weight_loss', 'cardio'];
export const FREE_GOALS: readonly FitnessGoal[] = ['lose_weight', 'general_health', 'improve_endurance'];
export const FREE_EQUIPMENT: readonly Equipment[] = ['none', 'dumbbells', 'resistance_bands'];
export const FREE_PLANS_PER_MONTH = 3;
export const BASIC_PHOTO_SCANS_PER_MONTH = 5;

export const GATED_FEATURES = [
  'plan_generation',
  'plan_type',
  'plan_goals',
  'plan_equipment',
  'plan_rename',
  'full_schedule',
  'photo_scan',
  'webcam_scan',
  'nutrition_plan',
  'nutrition_goals',
  'progress_photos',
] as const;
export type GatedFeature = (typeof GATED_FEATURES)[number];

/** The subscription as the profile holds it. `trialEndsAt` only tells whether the user is in the Pro trial. */
export interface SubscriptionSnapshot {
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  trialEndsAt?: Date | string | null;
}

/** One feature request. Counted features carry the usage so far in the current window (calendar month, UTC). */
export type FeatureRequest =
  | { feature: 'plan_generation'; plansThisMonth: number }
  | { feature: 'plan_type'; planType: FitnessPlanType }
  | { feature: 'plan_goals'; goals: readonly FitnessGoal[] }
  | { feature: 'plan_equipment'; equipment: readonly Equipment[] }
  | { feature: 'plan_rename' }
  | { feature: 'full_schedule' }
  | { feature: 'photo_scan'; scansThisMonth: number }
  | { feature: 'webcam_scan' }
  | { feature: 'nutrition_plan' }
  | { feature: 'nutrition_goals' }
  /** Progress photos kept with body entries (pro, like meal storage). */
  | { feature: 'progress_photos' }
  /** The forum: an entitlement of the tier in the catalogue (every tier has it today), so no upsell of its own. */
  | { feature: 'community' };

interface AccessBase {
  feature: FeatureRequest['feature'];
  /** The tier whose features apply now (an inactive subscription counts as free). */
  tier: SubscriptionTier;
  inTrial: boolean;
  /** For counted features: the monthly limit (null = unlimited), the use so far, and what is left before this use. */
  limit: number | null;
  used: number | null;
  remaining: number | null;
}

export type Access =
  | (AccessBase & { allowed: true })
  | (AccessBase & {
      allowed: false;
      /** SUBSCRIPTION_REQUIRED: a higher tier unlocks it. LIMIT_EXCEEDED: this month's allowance is used up. */
      code: 'SUBSCRIPTION_REQUIRED' | 'LIMIT_EXCEEDED';
      /** The lowest tier that allows the request. */
      requiredTier: 'basic' | 'pro';
      /** For list features: the chosen values the tier does not allow. */
      notAllowed?: string[];
    });

export function isInTrial(sub: SubscriptionSnapshot, now: Date): boolean {
  if (!sub.trialEndsAt || effectiveTier(sub.tier, sub.status) === 'free') return false;
  return new Date(sub.trialEndsAt).getTime() > now.getTime();
}

export function checkAccess(sub: SubscriptionSnapshot, request: FeatureRequest, now: Date = new Date()): Access {
  const tier = effectiveTier(sub.tier, sub.status);
  const base = { feature: request.feature, tier, inTrial: isInTrial(sub, now), limit: null, used: null, remaining: null };
  const allow = (extra: Partial<AccessBase> = {}): Access => ({ ...base, ...extra, allowed: true });
  const deny = (code: 'SUBSCRIPTION_REQUIRED' | 'LIMIT_EXCEEDED', requiredTier: 'basic' | 'pro', extra: Partial<AccessBase> & { notAllowed?: string[] } = {}): Access => ({
    ...base,
    ...extra,
    allowed: false,
    code,
    requiredTier,
  });
  const paid = tier !== 'free';
  const onlyFrom = <T extends string>(chosen: readonly T[], allowed: readonly T[]) => {
    const notAllowed = chosen.filter((v) => !allowed.includes(v));
    return paid || notAllowed.length === 0 ? allow() : deny('SUBSCRIPTION_REQUIRED', 'basic', { notAllowed });
  };

  switch (request.feature) {
    case 'plan_generation': {
      if (paid) return allow({ used: request.plansThisMonth });
      const used = Math.max(0, request.plansThisMonth);
      const counted = { limit: FREE_PLANS_PER_MONTH, used, remaining: Math.max(0, FREE_PLANS_PER_MONTH - used) };
      return used < FREE_PLANS_PER_MONTH ? allow(counted) : deny('LIMIT_EXCEEDED', 'basic', counted);
    }
    case 'plan_type':
      return onlyFrom([request.planType], FREE_PLAN_TYPES);
    case 'plan_goals':
      return onlyFrom(request.goals, FREE_GOALS);
    case 'plan_equipment':
      return onlyFrom(request.equipment, FREE_EQUIPMENT);
    case 'plan_rename':
    case 'full_schedule':
    case 'nutrition_goals':
      return paid ? allow() : deny('SUBSCRIPTION_REQUIRED', 'basic');
    case 'photo_scan': {
      const used = Math.max(0, request.scansThisMonth);
      if (tier === 'pro') return allow({ used });
      if (tier === 'free') return deny('SUBSCRIPTION_REQUIRED', 'basic', { limit: 0, used, remaining: 0 });
      const counted = { limit: BASIC_PHOTO_SCANS_PER_MONTH, used, remaining: Math.max(0, BASIC_PHOTO_SCANS_PER_MONTH - used) };
      return used < BASIC_PHOTO_SCANS_PER_MONTH ? allow(counted) : deny('LIMIT_EXCEEDED', 'pro', counted);
    }
    case 'webcam_scan':
    case 'nutrition_plan':
    case 'progress_photos':
      return tier === 'pro' ? allow() : deny('SUBSCRIPTION_REQUIRED', 'pro');
    case 'community':
      return catalogueEntry(tier).entitlements.hasCommunityAccess ? allow() : deny('SUBSCRIPTION_REQUIRED', 'basic');
  }
}

/** What the tier may choose (DESIGN decision 2): the plan generator and the profile's settings offer these and no others. */
export function tierChoices(sub: SubscriptionSnapshot) {
  const paid = effectiveTier(sub.tier, sub.status) !== 'free';
  return {
    planTypes: paid ? [...FITNESS_PLAN_TYPES] : [...FREE_PLAN_TYPES],
    goals: paid ? [...FITNESS_GOALS] : [...FREE_GOALS],
    equipment: paid ? [...EQUIPMENT] : [...FREE_EQUIPMENT],
  };
}

/** The window counted features are counted in: the current calendar month, UTC (DESIGN decisions 2 and 3). */
export function usageWindow(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Everything at once, for a page that shows what is locked and what is left this month. */
export function accessSummary(sub: SubscriptionSnapshot, usage: { plansThisMonth: number; scansThisMonth: number }, now: Date = new Date()) {
  const tier = effectiveTier(sub.tier, sub.status);
  const plans = checkAccess(sub, { feature: 'plan_generation', plansThisMonth: usage.plansThisMonth }, now);
  const scans = checkAccess(sub, { feature: 'photo_scan', scansThisMonth: usage.scansThisMonth }, now);
  const paid = tier !== 'free';
  return {
    tier,
    inTrial: isInTrial(sub, now),
    plans: { limit: plans.limit, used: usage.plansThisMonth, remaining: plans.remaining },
    ...tierChoices(sub),
    planRename: paid,
    fullSchedules: paid,
    photoScans: { allowed: tier !== 'free', limit: scans.limit, used: usage.scansThisMonth, remaining: scans.remaining },
    webcamScans: tier === 'pro',
    nutritionPlans: tier === 'pro',
    nutritionGoals: paid,
  };
}
