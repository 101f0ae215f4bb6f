import type { MealType } from '#core/nutrition/schemas';
import { CHECKED_NUTRIENTS, withinTarget, type NutritionPlanNutrients, type PortionHint } from '#core/nutrition/plans/schemas';
import { formatNumber } from '#web/lib/format';
import type { Locale } from '#web/lib/locale';

/** Is each of the day's checked totals within 5 % of its target (the server's own rule)? */
export function dayWithinTargets(totals: NutritionPlanNutrients, targets: NutritionPlanNutrients): boolean {
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
