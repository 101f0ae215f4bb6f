import type { NutritionPlanSummary, SavedNutritionPlan } from '../../../../../core/nutrition/plans/schemas';
import type { NutritionPlanRow, NutritionPlanSummaryRow } from '../nutrition-plans.repo';

export function toSummary(row: NutritionPlanSummaryRow): NutritionPlanSummary {
  return {
    id: row.id,
    planName: row.title,
    dietaryRestrictions: row.dietaryRestrictions,
    mealsPerDay: row.mealsPerDay,
    calories: row.calories,
    locale: row.locale,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSaved(row: NutritionPlanRow): SavedNutritionPlan {
  return { ...toSummary(row), plan: row.plan };
}
