import { addDays, daysBetween, type LocalDate } from './dates';

export interface StreakInput {
  /** Days with at least one workout, in the user's time zone; order and repeats do not matter. */
  workoutDays: Iterable<LocalDate>;
  /** Days the user's plan schedules as rest: they neither count nor break a streak. */
  restDays?: ReadonlySet<LocalDate>;
  /** The user's today, in the same time zone. */
  today: LocalDate;
}

export interface Streaks {
  /** Workout days in the run that is still alive today. */
  current: number;
  longest: number;
  lastWorkoutDate: LocalDate | null;
  workedOutToday: boolean;
}

/** Whether two workout days (`from` before `to`) are in one run: every day between them is a planned rest day. */
export function onlyRestBetween(from: LocalDate, to: LocalDate, restDays: ReadonlySet<LocalDate>): boolean {
  for (let d = addDays(from, 1); d < to; d = addDays(d, 1)) if (!restDays.has(d)) return false;
  return true;
}

/**
 * A streak is a run of workout days in which every day between two workout days is a planned rest day. It counts
 * workout days only: a rest day keeps the run going but adds nothing to it. Today has not ended, so a run that
 * reached yesterday is still current even before today's workout.
 */
export function computeStreaks({ workoutDays, restDays = new Set(), today }: StreakInput): Streaks {
  const days = [...new Set(workoutDays)].sort();
  if (days.length === 0) return { current: 0, longest: 0, lastWorkoutDate: null, workedOutToday: false };

  let longest = 1;
  let run = 1;
  for (let i = 1; i < days.length; i++) {
    run = daysBetween(days[i - 1], days[i]) === 1 || onlyRestBetween(days[i - 1], days[i], restDays) ? run + 1 : 1;
    if (run > longest) longest = run;
  }

  const last = days[days.length - 1];
  // A workout logged a moment ago may already fall on the user's tomorrow when its clock runs ahead.
  const end = last > today ? last : today;
  // The days after the last workout, up to the end of yesterday, must all be rest days; today may still come.
  const alive = last === end || onlyRestBetween(last, end, restDays);
  return { current: alive ? run : 0, longest, lastWorkoutDate: last, workedOutToday: days.includes(today) };
}
