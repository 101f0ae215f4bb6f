import { foodById, nutrientsFor, type Food } from '../foods';
import { round1, type DayPicks } from './assemble';
import type { NutritionPlanBrief } from './brief';
import { DAY_MEALS, outsideBand, shareBand } from './meals';
import { ruleBroken } from './restrictions';
import { CHECKED_NUTRIENTS, NUTRITION_PLAN_DAYS, TARGET_TOLERANCE, withinTarget, type CheckedNutrient } from './schemas';
import type { NutritionPlanTargets } from './targets';

export { CHECKED_NUTRIENTS, TARGET_TOLERANCE, type CheckedNutrient };

export type NutritionPlanIssue =
  | { code: 'wrong_days'; message: string }
  | { code: 'wrong_meals'; day: number; message: string }
  | { code: 'unknown_food'; day: number; foodId: string; message: string }
  | { code: 'restricted_food'; day: number; foodId: string; message: string }
  | { code: 'off_target'; day: number; nutrient: CheckedNutrient; actual: number; target: number; message: string }
  | { code: 'meal_share'; day: number; meal: number; share: number; message: string };

/** Totals of weighed foods exactly as the plan shows them: each item's rounded values, added up. */
export function totalsOf(items: Iterable<{ food: Food; grams: number }>): Record<CheckedNutrient, number> {
  const t = { calories: 0, protein: 0, carbs: 0, fat: 0 };
  for (const { food, grams } of items) {
    const n = nutrientsFor(food, grams);
    t.calories += n.kcal;
    t.protein += n.protein;
    t.carbs += n.carbs;
    t.fat += n.fat;
  }
  // Rounded as the plan's day totals are (sumNutrients), so what is checked is what the user sees.
  return { calories: t.calories, protein: round1(t.protein), carbs: round1(t.carbs), fat: round1(t.fat) };
}

/** A day's totals; foods not in the table count for nothing (the check reports them). */
export function dayTotals(day: DayPicks): Record<CheckedNutrient, number> {
  const items = day.meals.flatMap((m) => m.items);
  return totalsOf(items.flatMap(({ foodId, grams }) => (foodById(foodId) ? [{ food: foodById(foodId)!, grams }] : [])));
}

/** Each meal's share of the day's energy, from the calories the plan shows (0 for a day without energy). */
export function mealShares(day: DayPicks): number[] {
  const kcal = day.meals.map((m) => dayTotals({ meals: [m] }).calories);
  const total = kcal.reduce((s, k) => s + k, 0);
  return kcal.map((k) => (total > 0 ? k / total : 0));
}

/** The largest relative miss of a day's totals, over the four checked nutrients. */
export function worstMiss(totals: Record<CheckedNutrient, number>, targets: NutritionPlanTargets): number {
  return Math.max(...CHECKED_NUTRIENTS.map((k) => (targets[k] > 0 ? Math.abs(totals[k] - targets[k]) / targets[k] : totals[k] > 0.5 ? 1 : 0)));
}

/**
 * Every rule a nutrition plan must keep, whoever wrote it: seven days, the asked number and order of meals, only
 * foods of the table that the restrictions and allergies allow, each day within 5 % of every target, and each meal's
 * share of the day's energy within what people eat (`MEAL_SHARE_BAND`).
 */
export function checkNutritionPlan(days: readonly DayPicks[], brief: NutritionPlanBrief): NutritionPlanIssue[] {
  const issues: NutritionPlanIssue[] = [];
  if (days.length !== NUTRITION_PLAN_DAYS) issues.push({ code: 'wrong_days', message: `The plan has ${days.length} days, not ${NUTRITION_PLAN_DAYS}` });
  const expected = DAY_MEALS[brief.mealsPerDay];
  days.forEach((day, i) => {
    const n = i + 1;
    const types = day.meals.map((m) => m.type);
    if (types.join() !== expected.join()) issues.push({ code: 'wrong_meals', day: n, message: `Day ${n} has meals ${types.join(', ')}, not ${expected.join(', ')}` });
    for (const meal of day.meals) {
      for (const item of meal.items) {
        const food = foodById(item.foodId);
        if (!food) {
          issues.push({ code: 'unknown_food', day: n, foodId: item.foodId, message: `Day ${n}: ${item.foodId} is not in the food table` });
          continue;
        }
        const broken = ruleBroken(food, brief.rules);
        if (broken) issues.push({ code: 'restricted_food', day: n, foodId: food.id, message: `Day ${n}: ${food.id} breaks a restriction (${broken})` });
      }
    }
    mealShares(day).forEach((share, m) => {
      const type = day.meals[m].type;
      if (outsideBand(type, share) > 0) {
        const band = shareBand(type);
        const message = `Day ${n}: ${type} (meal ${m + 1}) has ${(share * 100).toFixed(0)}% of the day's energy, outside ${Math.round(band.min * 100)}–${Math.round(band.max * 100)}%`;
        issues.push({ code: 'meal_share', day: n, meal: m + 1, share, message });
      }
    });
    const totals = dayTotals(day);
    for (const k of CHECKED_NUTRIENTS) {
      const target = brief.targets[k];
      if (!withinTarget(totals[k], target)) {
        issues.push({
          code: 'off_target',
          day: n,
          nutrient: k,
          actual: Math.round(totals[k] * 10) / 10,
          target,
          message: `Day ${n}: ${k} ${totals[k].toFixed(1)} is not within 5% of ${target}`,
        });
      }
    }
  });
  return issues;
}
