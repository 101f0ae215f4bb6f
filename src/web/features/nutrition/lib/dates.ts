import type { MealType } from '#core/nutrition/schemas';
import { addDays, isLocalDate, localDateOf, startOfLocalDay } from '#core/workouts/dates';
import { intlLocale, type Locale } from '#web/lib/locale';

export { addDays, isLocalDate };

/** The user's today, where their preferences say they live. */
export function todayIn(timezone: string, now = Date.now()): string {
  return localDateOf(now, timezone);
}

/** When a meal added to a past day is taken to have been eaten: a usual time of that meal, on that day. */
const USUAL_MINUTES: Record<MealType, number> = { breakfast: 8 * 60, lunch: 12 * 60 + 30, dinner: 19 * 60, snack: 15 * 60 + 30 };

export function usualMealTime(date: string, meal: MealType, timezone: string): string {
  return new Date(startOfLocalDay(date, timezone) + USUAL_MINUTES[meal] * 60_000).toISOString();
}

/** "Mon, Mar 3" / "3月3日周一": the date of a calendar day, whatever zone the browser is in. */
export function formatDay(date: string, locale: Locale, options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' }): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
