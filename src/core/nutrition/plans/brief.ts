import type { Locale } from '#core/common/schemas';
import type { GoalTargets, PlanGoalSource } from '../schemas';
import type { DietaryRestriction } from './diets';
import { dietRules, parseAllergies, type AllergyTerm, type DietRules } from './restrictions';
import type { ParsedNutritionPlanInput } from './schemas';
import { planTargets, type NutritionPlanTargets, type TargetAdjustment } from './targets';

/** Everything a nutrition-plan generator (the engine or an LLM) needs, worked out once from the request and the goals. */
export interface NutritionPlanBrief {
  targets: NutritionPlanTargets;
  adjustments: TargetAdjustment[];
  goals: GoalTargets;
  goalSource: PlanGoalSource;
  restrictions: DietaryRestriction[];
  allergies: AllergyTerm[];
  rules: DietRules;
  mealsPerDay: number;
  locale: Locale;
  planName?: string;
}

export function nutritionPlanBrief(input: ParsedNutritionPlanInput, goals: GoalTargets & { source: PlanGoalSource }, locale: Locale): NutritionPlanBrief {
  const restrictions = [...input.dietaryRestrictions];
  const allergies = parseAllergies(input.allergies);
  const { targets, adjustments } = planTargets(goals, restrictions);
  const { calories, protein, carbs, fat, fibre } = goals;
  return {
    targets,
    adjustments,
    goals: { calories, protein, carbs, fat, fibre },
    goalSource: goals.source,
    restrictions,
    allergies,
    rules: dietRules(restrictions, allergies),
    mealsPerDay: input.mealsPerDay,
    locale,
    planName: input.planName,
  };
}
