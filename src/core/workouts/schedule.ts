import { datesBetween, daysBetween, isoWeekday, weekStart, type LocalDate } from './dates';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function weekdayOf(date: LocalDate): Weekday {
  return WEEKDAYS[isoWeekday(date) - 1];
}

/**
 * One change of the user's training week: from `effectiveFrom` on, the user trains on `trainingDays` and rests on
 * the other weekdays; `trainingDays: null` means no plan is followed from that day (every day is an ordinary day).
 * The history is kept, so a day long past is judged by the week that was planned then, not by today's.
 */
export interface ScheduleEntry {
  effectiveFrom: LocalDate;
  trainingDays: readonly Weekday[] | null;
  planId: string | null;
}

/** 'training' and 'rest' are planned days; null is a day no plan covers. */
export type DayPlan = 'training' | 'rest' | null;

export function dayPlanResolver(history: readonly ScheduleEntry[]): (date: LocalDate) => DayPlan {
  const sorted = [...history].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
  return (date) => {
    let entry: ScheduleEntry | undefined;
    for (const e of sorted) {
      if (e.effectiveFrom > date) break;
      entry = e;
    }
    if (!entry?.trainingDays) return null;
    return entry.trainingDays.includes(weekdayOf(date)) ? 'training' : 'rest';
  };
}

/** The planned rest days from `from` to `to`, both included: what a streak passes over without breaking. */
export function restDaysBetween(history: readonly ScheduleEntry[], from: LocalDate, to: LocalDate): Set<LocalDate> {
  const planOf = dayPlanResolver(history);
  const rest = new Set<LocalDate>();
  const planned = history.filter((e) => e.trainingDays).map((e) => e.effectiveFrom);
  if (planned.length === 0) return rest;
  const firstPlanned = planned.reduce((a, b) => (a < b ? a : b));
  for (const date of datesBetween(firstPlanned > from ? firstPlanned : from, to)) if (planOf(date) === 'rest') rest.add(date);
  return rest;
}

/** The entry in force on a date, if any. */
export function scheduleOn(history: readonly ScheduleEntry[], date: LocalDate): ScheduleEntry | null {
  let found: ScheduleEntry | null = null;
  for (const e of history) if (e.effectiveFrom <= date && (!found || e.effectiveFrom > found.effectiveFrom)) found = e;
  return found;
}

/**
 * Which day of a followed plan a date is: plan days 1–7 are Monday to Sunday, and week 1 is the calendar week the
 * plan was started in (days of it before the start are simply past).
 */
export function planDayOn(startedOn: LocalDate, date: LocalDate): { weekNumber: number; dayNumber: number } {
  return { weekNumber: Math.floor(daysBetween(weekStart(startedOn), date) / 7) + 1, dayNumber: isoWeekday(date) };
}
