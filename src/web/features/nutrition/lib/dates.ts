import type { MealType } from '#core/nutrition/schemas';
import { addDays, isLocalDate, startOfLocalDay } from '#core/workouts/dates';
import { formatDay, todayIn } from '#web/lib/dates';

export { addDays, formatDay, isLocalDate, todayIn };

/** When a meal added to a past day is taken to have been eaten: a usual time of that meal, on that day. */
const USUAL_MINUTES: Record<MealType, number> = { breakfast: 8 * 60, lunch: 12 * 60 + 30, dinner: 19 * 60, snack: 15 * 60 + 30 };

export function usualMealTime(date: string, meal: MealType, timezone: string): string {
  return new Date(startOfLocalDay(date, timezone) + USUAL_MINUTES[meal] * 60_000).toISOString();
}
