import { localDateOf } from '#core/workouts/dates';
import { intlLocale, type Locale } from './locale';

/** The user's today, where their preferences say they live. */
export function todayIn(timezone: string, now = Date.now()): string {
  return localDateOf(now, timezone);
}

/** "Mon, Mar 3" / "3月3日周一": the date of a calendar day, whatever zone the browser is in. */
export function formatDay(date: string, locale: Locale, options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' }): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
