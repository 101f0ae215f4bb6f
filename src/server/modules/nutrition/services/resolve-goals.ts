import { computeGoals, customTargets, mayCustomizeGoals, type Goals, type GoalTargets } from '#core/nutrition';
import type { UserRow } from '#server/lib/context';
import type { NutritionContext } from '../nutrition.repo';

const targetsOf = (t: GoalTargets): GoalTargets => ({ calories: t.calories, protein: t.protein, carbs: t.carbs, fat: t.fat, fibre: t.fibre });

/**
 * The targets in force: the user's own while their tier lets them customise (a lapsed subscription keeps the saved
 * values for when it comes back, but falls back to the computed ones meanwhile), else the computed ones.
 */
export function resolveGoals(ctx: NutritionContext, user: UserRow, now = new Date()): Goals {
  const computed = computeGoals(ctx.body, ctx.fitnessGoals, now.getUTCFullYear());
  const customizable = mayCustomizeGoals({ tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt }, now);
  const custom = customizable && ctx.custom ? customTargets(ctx.custom) : null;
  return {
    ...(custom ?? targetsOf(computed)),
    source: custom ? 'custom' : computed.source,
    customizable,
    computed: targetsOf(computed),
    basis: {
      bmr: computed.bmr,
      tdee: computed.tdee,
      direction: computed.direction,
      adjustment: computed.adjustment,
      proteinPerKg: computed.proteinPerKg,
      weightKg: Math.round(computed.weightKg * 10) / 10,
      missing: computed.missing,
    },
    updatedAt: custom && ctx.custom ? ctx.custom.updatedAt.toISOString() : null,
  };
}
