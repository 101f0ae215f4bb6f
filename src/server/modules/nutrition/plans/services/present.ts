import type { Locale } from '#core/common/schemas';
import { nutritionPlanIn, nutritionPlanTitleIn } from '#core/nutrition/plans/assemble';
import type { NutritionPlanSummary, SavedNutritionPlan } from '#core/nutrition/plans/schemas';
import type { NutritionPlanRow, NutritionPlanSummaryRow } from '../nutrition-plans.repo';

/** `locale` is the reader's language; left out, the plan is shown in the one it was made in. */
export function toSummary(row: NutritionPlanSummaryRow, locale: Locale = row.locale): NutritionPlanSummary {
  return {
    id: row.id,
    planName: nutritionPlanTitleIn(row, locale),
    dietaryRestrictions: row.dietaryRestrictions,
    mealsPerDay: row.mealsPerDay,
    calories: row.calories,
    locale,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSaved(row: NutritionPlanRow, locale: Locale = row.locale): SavedNutritionPlan {
  return { ...toSummary(row, locale), plan: nutritionPlanIn(row.plan, locale) };
}
