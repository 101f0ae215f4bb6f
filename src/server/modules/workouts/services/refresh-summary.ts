import { addDays, computeStreaks, localDateOf, restDaysBetween, startOfLocalDay, summarizeWorkouts } from '#core/workouts';
import * as repo from '../workouts.repo';

/**
 * Rewrites the user's row behind `user_stats` from their workouts and schedule. Runs inside the transaction of the
 * change, after repo.lockSummary. The run is stored with the instant it breaks (the end of the first day after the
 * last workout that is not a planned rest day), so the view can say 0 once that passes without anyone writing.
 */
export async function refreshSummary(tx: repo.Tx, userId: string, timeZone: string): Promise<void> {
  const [timeline, history] = await Promise.all([repo.workoutTimeline(tx, userId), repo.scheduleHistory(tx, userId)]);
  if (timeline.length === 0) {
    await repo.saveSummary(tx, userId, { totalWorkouts: 0, totalMinutes: 0, totalCalories: 0, lastWorkoutAt: null, currentRun: 0, longestStreak: 0, aliveUntil: null });
    return;
  }
  const today = localDateOf(Date.now(), timeZone);
  const totals = summarizeWorkouts(timeline, { timeZone, today, weeks: 0, months: 0 });
  const days = [...totals.workoutDays].sort();
  const last = days[days.length - 1];
  // A week ahead of the later of today and the last workout covers every rest day that can follow it.
  const horizon = addDays(last > today ? last : today, 8);
  const restDays = restDaysBetween(history, days[0], horizon);
  const run = computeStreaks({ workoutDays: days, restDays, today: last });
  let breakDay = addDays(last, 1);
  while (restDays.has(breakDay) && breakDay < horizon) breakDay = addDays(breakDay, 1);
  await repo.saveSummary(tx, userId, {
    totalWorkouts: totals.totalWorkouts,
    totalMinutes: totals.totalMinutes,
    totalCalories: totals.totalCalories,
    lastWorkoutAt: timeline[timeline.length - 1].performedAt,
    currentRun: run.current,
    longestStreak: run.longest,
    aliveUntil: new Date(startOfLocalDay(addDays(breakDay, 1), timeZone)),
  });
}
