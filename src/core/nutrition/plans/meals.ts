import type { MealType } from '../schemas';

/** The meals of a day, in order, for each number of meals: snacks fill the gaps between the main meals. */
export const DAY_MEALS: Record<number, readonly MealType[]> = {
  3: ['breakfast', 'lunch', 'dinner'],
  4: ['breakfast', 'lunch', 'snack', 'dinner'],
  5: ['breakfast', 'snack', 'lunch', 'snack', 'dinner'],
};

/** The share of the day's energy each meal aims at (a soft aim: the day's totals are what must be met). */
export const MEAL_ENERGY_SHARES: Record<number, readonly number[]> = {
  3: [0.3, 0.35, 0.35],
  4: [0.25, 0.3, 0.15, 0.3],
  5: [0.25, 0.1, 0.3, 0.1, 0.25],
};
