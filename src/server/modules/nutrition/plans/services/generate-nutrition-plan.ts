import { checkAccess } from '#core/billing/entitlements';
import type { Locale } from '#core/common/schemas';
import {
  goalsForPlan,
  NoPlanPossible,
  nutritionPlanBrief,
  nutritionPlanSchema,
  nutritionProgressLabel,
  type NutritionPlanProgress,
  type ParsedNutritionPlanInput,
  type SavedNutritionPlan,
} from '#core/nutrition/plans';
import type { NutritionPlanner } from '#server/adapters/nutrition-planner/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { Logger } from '#server/lib/logger';
import { requireAccess } from '#server/lib/require-access';
import { loadContext } from '#server/modules/nutrition/nutrition.repo';
import { getEnergy } from '#server/modules/nutrition/services/get-energy';
import { resolveGoals } from '#server/modules/nutrition/services/resolve-goals';
import * as repo from '../nutrition-plans.repo';
import { toSaved } from './present';

export interface GenerateNutritionPlanDeps {
  db: Db;
  planner: NutritionPlanner;
  logger: Logger;
}

/** Pro only (DESIGN decision 3); the Pro trial is pro. Checked before the AI rate limit is spent. */
export function checkNutritionPlanAccess(user: UserRow, now = new Date()): void {
  requireAccess(checkAccess({ tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt }, { feature: 'nutrition_plan' }, now));
}

/**
 * Builds a plan to the user's nutrition goals (their own; else the targets from their estimated expenditure once the
 * log supports one; else computed from their preferences), in the asked language, else theirs, and saves it. A diet that leaves no plan possible is a 400 with the reason.
 */
export async function generateNutritionPlan(
  deps: GenerateNutritionPlanDeps,
  user: UserRow,
  input: ParsedNutritionPlanInput,
  opts: { onProgress?: (event: NutritionPlanProgress & { label: string }) => void; signal?: AbortSignal } = {},
): Promise<SavedNutritionPlan> {
  const ctx = await loadContext(deps.db, user.id);
  const locale: Locale = input.locale ?? ctx.locale;
  const goals = resolveGoals(ctx, user);
  const brief = nutritionPlanBrief(input, goalsForPlan(goals, goals.source === 'custom' ? null : await getEnergy(deps.db, user.id)), locale);
  const started = performance.now();
  let result;
  try {
    const { onProgress } = opts;
    result = await deps.planner.generate({
      brief,
      seed: crypto.getRandomValues(new Uint32Array(1))[0] >>> 1,
      onProgress: onProgress && ((p) => onProgress({ ...p, label: nutritionProgressLabel(p, locale) })),
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof NoPlanPossible) throw new AppError('OPERATION_NOT_ALLOWED', error.message, { details: [{ field: 'dietaryRestrictions', message: error.message }] });
    throw error;
  }
  // The planners promise a valid plan; what is stored is checked once more, whoever wrote it.
  const plan = nutritionPlanSchema.parse(result.plan);
  const durationMs = Math.round(performance.now() - started);
  const row = await repo.insertPlan(deps.db, user.id, {
    title: plan.title,
    dietaryRestrictions: plan.dietaryRestrictions,
    mealsPerDay: plan.mealsPerDay,
    calories: plan.targets.calories,
    locale,
    plan,
    source: result.source,
    model: result.model ?? null,
    fallbackReason: result.fallbackReason ?? null,
    durationMs,
  });
  deps.logger.info('nutrition plan generated', {
    source: result.source,
    model: result.model,
    restrictions: plan.dietaryRestrictions,
    ms: durationMs,
    ...(result.fallbackReason ? { fallbackReason: result.fallbackReason, fallbackDetail: result.fallbackDetail } : {}),
  });
  return toSaved(row);
}
