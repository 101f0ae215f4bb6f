import { accessSummary, checkAccess, usageWindow, type SubscriptionSnapshot } from '#core/billing/entitlements';
import type { FieldError } from '#core/errors/catalogue';
import type { PlanAllowance, PlanUsage } from '#core/plans/api-schemas';
import { PLANS_API_MESSAGES } from '#core/plans/messages';
import type { PlanDetail, FitnessPlanInput } from '#core/plans/schemas';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import * as repo from '../plans.repo';

export const subscriptionOf = (user: UserRow): SubscriptionSnapshot => ({
  tier: user.subscriptionTier,
  status: user.subscriptionStatus,
  trialEndsAt: user.trialEndsAt,
});

/** How much of a generated plan the user's tier shows today: every week in full on basic and pro, else week 1. */
export const readerDetail = (user: UserRow, now: Date = new Date()): PlanDetail => (checkAccess(subscriptionOf(user), { feature: 'full_schedule' }, now).allowed ? 'full' : 'week1');

/** The tier's generations a calendar month: a number on free, null (unlimited) on basic and pro. */
export const monthlyPlanLimit = (sub: SubscriptionSnapshot, now: Date): number | null => checkAccess(sub, { feature: 'plan_generation', plansThisMonth: 0 }, now).limit;

/** This month's count as the API shows it; `used` counts every generation so far, the one just made included. */
export function usageOf(used: number, limit: number | null, now: Date): PlanUsage {
  return { used, limit, remaining: limit === null ? null : Math.max(0, limit - used), resetsAt: usageWindow(now).end.toISOString() };
}

/**
 * The choices of a generation request the user's tier does not allow (DESIGN decision 2), one detail per locked
 * value, pointing at it (`goals.1`), so a client can mark exactly what to change.
 */
export function lockedChoices(sub: SubscriptionSnapshot, input: FitnessPlanInput, now: Date): FieldError[] {
  const details: FieldError[] = [];
  const type = checkAccess(sub, { feature: 'plan_type', planType: input.planType }, now);
  if (!type.allowed) details.push({ field: 'planType', message: PLANS_API_MESSAGES.locked });
  const goals = checkAccess(sub, { feature: 'plan_goals', goals: input.goals }, now);
  if (!goals.allowed) {
    input.goals.forEach((g, i) => {
      if (goals.notAllowed?.includes(g)) details.push({ field: `goals.${i}`, message: PLANS_API_MESSAGES.locked });
    });
  }
  const equipment = checkAccess(sub, { feature: 'plan_equipment', equipment: input.equipment }, now);
  if (!equipment.allowed) {
    input.equipment.forEach((e, i) => {
      if (equipment.notAllowed?.includes(e)) details.push({ field: `equipment.${i}`, message: PLANS_API_MESSAGES.locked });
    });
  }
  return details;
}

/** The AI generation rate limit as it stands for the user (spec section 9), or null when it cannot be read. */
export type HourlyAiLeft = { remaining: number; resetAt: Date | null } | null;

/**
 * What is left: the fewer of the month's plans and the hour's AI generations, and when the one that binds frees
 * up. On a tie the month is named: both run out together, and then only the month's turn brings plans back.
 */
function available(usage: PlanUsage, hourly: HourlyAiLeft): PlanAllowance['available'] {
  if (!hourly) return usage.remaining === null ? null : { remaining: usage.remaining, limitedBy: 'month', resetsAt: usage.resetsAt };
  if (usage.remaining !== null && usage.remaining <= hourly.remaining) return { remaining: usage.remaining, limitedBy: 'month', resetsAt: usage.resetsAt };
  return { remaining: hourly.remaining, limitedBy: 'hour', resetsAt: hourly.resetAt?.toISOString() ?? null };
}

/**
 * GET /api/fitness-plans/allowance: what the generator may offer this user now, what is left this month, and what
 * the server will allow now, the hourly AI limit included, so the page never promises a plan the server refuses.
 */
export async function planAllowance(db: Db, user: UserRow, hourly: HourlyAiLeft, now: Date = new Date()): Promise<PlanAllowance> {
  const sub = subscriptionOf(user);
  const used = await repo.countGenerationsSince(db, user.id, usageWindow(now).start);
  const summary = accessSummary(sub, { plansThisMonth: used, scansThisMonth: 0 }, now);
  const generation = checkAccess(sub, { feature: 'plan_generation', plansThisMonth: used }, now);
  const usage = usageOf(used, summary.plans.limit, now);
  const left = available(usage, hourly);
  return {
    tier: summary.tier,
    inTrial: summary.inTrial,
    usage,
    available: left,
    canGenerate: generation.allowed && (left === null || left.remaining > 0),
    planTypes: summary.planTypes,
    goals: summary.goals,
    equipment: summary.equipment,
    detail: summary.fullSchedules ? 'full' : 'week1',
    rename: summary.planRename,
  };
}
