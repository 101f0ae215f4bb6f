import type { MealType } from '../../../../core/nutrition/schemas';
import type { PlanNutrients, PortionHint } from '../../../../core/nutrition/plans/schemas';
import { formatNumber } from '../../../lib/format';
import type { Locale } from '../../../lib/locale';

/**
 * How far a day may be from its targets (the server's rule, TARGET_TOLERANCE in src/core/nutrition/plans/check.ts,
 * which loads the food table and so stays out of the web app; a unit test keeps the two equal).
 */
export const PLAN_TOLERANCE = 0.05;
export const CHECKED_NUTRIENTS = ['calories', 'protein', 'carbs', 'fat'] as const;
export type CheckedNutrient = (typeof CHECKED_NUTRIENTS)[number];

/** Is a day's amount within the tolerance of its target? */
export function withinTarget(actual: number, target: number): boolean {
  return target > 0 ? Math.abs(actual - target) <= PLAN_TOLERANCE * target : actual <= 0.5;
}

export function dayWithinTargets(totals: PlanNutrients, targets: PlanNutrients): boolean {
  return CHECKED_NUTRIENTS.every((k) => withinTarget(totals[k], targets[k]));
}

/** A portion hint as "1.5 × 1 cup", or "1 cup" when it is one; the caller puts "≈" in front. */
export function portionText(portion: PortionHint, locale: Locale): string {
  const q = Math.round(portion.quantity * 10) / 10;
  if (q === 1) return portion.label;
  return `${formatNumber(q, locale, { maximumFractionDigits: 1 })} × ${portion.label}`;
}

/** A share as a whole percent in the page's language ("98%", "98%"). */
export function percent(share: number, locale: Locale): string {
  return formatNumber(share, locale, { style: 'percent', maximumFractionDigits: 0 });
}

/**
 * The i18n key of each meal of a plan day: with two snacks (five meals a day) the first is the morning one and the
 * second the afternoon one.
 */
export function mealTitleKeys(types: readonly MealType[]): string[] {
  const snacks = types.filter((t) => t === 'snack').length;
  let seen = 0;
  return types.map((type) => {
    if (type !== 'snack' || snacks < 2) return `nutritionPlans.meal.${type}`;
    seen += 1;
    return seen === 1 ? 'nutritionPlans.meal.morningSnack' : 'nutritionPlans.meal.afternoonSnack';
  });
}
