import type { MealType } from '../schemas';

/** The meals of a day, in order, for each number of meals: snacks fill the gaps between the main meals. */
export const DAY_MEALS: Record<number, readonly MealType[]> = {
  3: ['breakfast', 'lunch', 'dinner'],
  4: ['breakfast', 'lunch', 'snack', 'dinner'],
  5: ['breakfast', 'snack', 'lunch', 'snack', 'dinner'],
};

/** What each meal aims at, relative to the others: breakfast 25 %, lunch 35 %, dinner 30 %, a snack 10 % of a 4-meal day. */
const MEAL_WEIGHT: Record<MealType, number> = { breakfast: 25, lunch: 35, dinner: 30, snack: 10 };

/** The share of the day's energy each meal aims at, for meals in this order (the weights scaled to add up to 1). */
export function mealEnergyShares(types: readonly MealType[]): number[] {
  const total = types.reduce((s, t) => s + MEAL_WEIGHT[t], 0);
  return types.map((t) => MEAL_WEIGHT[t] / total);
}

/**
 * The share of the day's energy a meal of a plan may have: what people eat. A main meal 15–45 %, a snack 5–25 % —
 * not an 80 kcal breakfast before a 1,855 kcal dinner.
 */
export const MEAL_SHARE_BAND = { main: { min: 0.15, max: 0.45 }, snack: { min: 0.05, max: 0.25 } } as const;

export const shareBand = (type: MealType) => (type === 'snack' ? MEAL_SHARE_BAND.snack : MEAL_SHARE_BAND.main);

/** How far a share lies outside its meal's band (0 inside), narrowed by `margin` on each side. */
export function outsideBand(type: MealType, share: number, margin = 0): number {
  const band = shareBand(type);
  return Math.max(0, band.min + margin - share, share - (band.max - margin));
}
