import type { MealType } from './schemas';

/**
 * The meal a time of day most likely belongs to, for an entry logged without one: breakfast from 04:00, lunch from
 * 10:30, a snack from 14:30, dinner from 17:00, and a snack again from 21:30 through the night.
 */
export function mealTypeAt(hour: number, minute = 0): MealType {
  const m = hour * 60 + minute;
  if (m >= 4 * 60 && m < 10 * 60 + 30) return 'breakfast';
  if (m >= 10 * 60 + 30 && m < 14 * 60 + 30) return 'lunch';
  if (m >= 17 * 60 && m < 21 * 60 + 30) return 'dinner';
  return 'snack';
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Hour and minute of an instant on the wall clock of a time zone. */
export function wallClockTime(instant: Date | number, timeZone: string): { hour: number; minute: number } {
  let f = clockFormatters.get(timeZone);
  if (!f) clockFormatters.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  let hour = 0;
  let minute = 0;
  for (const part of f.formatToParts(instant)) {
    if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { hour, minute };
}

/** The meal of an entry logged without one: by the time it was eaten, where the user lives. */
export function mealTypeFor(instant: Date | number, timeZone: string): MealType {
  const { hour, minute } = wallClockTime(instant, timeZone);
  return mealTypeAt(hour, minute);
}
