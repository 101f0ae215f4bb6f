import { addDays, computeStreaks, localDateOf, onlyRestBetween, restDaysBetween, startOfLocalDay, summarizeWorkouts, type LocalDate, type ScheduleEntry } from '#core/workouts';
import * as repo from '../workouts.repo';

/**
 * Rewrites the user's row behind `user_stats` from all their workouts and schedule. Runs inside the transaction of the
 * change, after repo.lockSummary. The run is stored with the instant it breaks (the end of the first day after the
 * last workout that is not a planned rest day), so the view can say 0 once that passes without anyone writing.
 */
export async function refreshSummary(tx: repo.Tx, userId: string, timeZone: string): Promise<void> {
  const [timeline, history] = await Promise.all([repo.workoutTimeline(tx, userId), repo.scheduleHistory(tx, userId)]);
  if (timeline.length === 0) {
    await repo.saveSummary(tx, userId, { totalWorkouts: 0, totalMinutes: 0, totalCalories: 0, lastWorkoutAt: null, currentRun: 0, longestStreak: 0, aliveUntil: null, timezone: timeZone });
    return;
  }
  const totals = summarizeWorkouts(timeline, { timeZone, today: localDateOf(Date.now(), timeZone), weeks: 0, months: 0 });
  const days = [...totals.workoutDays].sort();
  const last = days[days.length - 1];
  const rest = restDaysAfter(history, days[0], last, timeZone);
  const run = computeStreaks({ workoutDays: days, restDays: rest.days, today: last });
  await repo.saveSummary(tx, userId, {
    totalWorkouts: totals.totalWorkouts,
    totalMinutes: totals.totalMinutes,
    totalCalories: totals.totalCalories,
    lastWorkoutAt: timeline[timeline.length - 1].performedAt,
    currentRun: run.current,
    longestStreak: run.longest,
    aliveUntil: aliveUntil(last, rest, timeZone),
    timezone: timeZone,
  });
}

/**
 * Applies one change of one workout to the summary `locked` (read by repo.lockSummary in the same transaction):
 * `before` is what the workout counted for until now (none when it is logged), `after` what it counts for now (none
 * when it is deleted). The steps are exact and cost the same however long the history (ADR 033):
 * - a workout on a day after the last workout day (or the first workout) adds to the totals and extends the run, or
 *   starts a new one, by the planned rest days between the two days;
 * - a change that leaves the set of workout days as it was (a workout on a day that already had one, a deletion from
 *   a day that keeps one, an edit within the same day) changes only the totals and the latest start.
 * Anything else — a workout on a new day before the last one, a day emptied by a deletion, a workout moved to another
 * day, or a summary counted in another time zone — can change runs anywhere in the history, so the row is rewritten.
 */
export async function updateSummary(
  tx: repo.Tx,
  userId: string,
  timeZone: string,
  locked: repo.SummaryRow,
  change: { before?: repo.CountedWorkout; after?: repo.CountedWorkout },
): Promise<void> {
  const next = await step(tx, userId, timeZone, locked, change);
  if (next) await repo.saveSummary(tx, userId, next);
  else await refreshSummary(tx, userId, timeZone);
}

async function step(
  tx: repo.Tx,
  userId: string,
  timeZone: string,
  s: repo.SummaryRow,
  { before, after }: { before?: repo.CountedWorkout; after?: repo.CountedWorkout },
): Promise<repo.SummaryValues | null> {
  if (s.timezone !== timeZone) return null;
  const dayOf = (at: Date) => localDateOf(at, timeZone);
  const day = dayOf((after ?? before)!.startedAt);
  if (before && after && dayOf(before.startedAt) !== day) return null;
  const last = s.lastWorkoutAt && dayOf(s.lastWorkoutAt);
  const totals = {
    totalWorkouts: s.totalWorkouts + (after ? 1 : 0) - (before ? 1 : 0),
    totalMinutes: s.totalMinutes + (after?.durationMinutes ?? 0) - (before?.durationMinutes ?? 0),
    totalCalories: s.totalCalories + (after?.caloriesBurned ?? 0) - (before?.caloriesBurned ?? 0),
    timezone: timeZone,
  };

  if (after && !before && (last === null || day > last)) {
    const rest = restDaysAfter(await repo.scheduleHistory(tx, userId), last ?? day, day, timeZone);
    const run = last !== null && onlyRestBetween(last, day, rest.days) ? s.currentRun + 1 : 1;
    return { ...totals, lastWorkoutAt: after.startedAt, currentRun: run, longestStreak: Math.max(s.longestStreak, run), aliveUntil: aliveUntil(day, rest, timeZone) };
  }

  // An edit within its day keeps the days; a log on the last day too. Otherwise the day's count says.
  if (!(before && after) && !(after && day === last)) {
    const onDay = await repo.countWorkoutsBetween(tx, userId, new Date(startOfLocalDay(day, timeZone)), new Date(startOfLocalDay(addDays(day, 1), timeZone)));
    if (onDay < (after ? 2 : 1)) return null;
  }
  let lastWorkoutAt = s.lastWorkoutAt;
  if (after && (!lastWorkoutAt || after.startedAt >= lastWorkoutAt)) lastWorkoutAt = after.startedAt;
  else if (before && before.startedAt.getTime() === lastWorkoutAt?.getTime()) lastWorkoutAt = await repo.latestWorkoutStart(tx, userId);
  return { ...totals, lastWorkoutAt, currentRun: s.currentRun, longestStreak: s.longestStreak, aliveUntil: s.aliveUntil };
}

interface RestDays {
  days: Set<LocalDate>;
  /** The last day looked at: a week past the later of today and the last workout day covers every rest day that can follow it. */
  horizon: LocalDate;
}

/** The planned rest days from `from` to the horizon of a run that ends on `last`. */
function restDaysAfter(history: ScheduleEntry[], from: LocalDate, last: LocalDate, timeZone: string): RestDays {
  const today = localDateOf(Date.now(), timeZone);
  const horizon = addDays(last > today ? last : today, 8);
  return { days: restDaysBetween(history, from, horizon), horizon };
}

/** When a run that ends on `last` breaks: the end of the first day after it that is not a planned rest day. */
function aliveUntil(last: LocalDate, rest: RestDays, timeZone: string): Date {
  let breakDay = addDays(last, 1);
  while (rest.days.has(breakDay) && breakDay < rest.horizon) breakDay = addDays(breakDay, 1);
  return new Date(startOfLocalDay(addDays(breakDay, 1), timeZone));
}
