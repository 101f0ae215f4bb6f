import { computeStreaks, dayPlanResolver, restDaysBetween, type LocalDate, type ScheduleEntry, type StreakSummary } from '#core/workouts';

/** The streak of a set of workout days under the user's schedule history, as the API reports it. */
export function summarizeStreak(workoutDays: ReadonlySet<LocalDate>, history: ScheduleEntry[], today: LocalDate, timezone: string): StreakSummary {
  const days = [...workoutDays].sort();
  const restDays = days.length ? restDaysBetween(history, days[0], today) : new Set<LocalDate>();
  const streak = computeStreaks({ workoutDays: days, restDays, today });
  return {
    timezone,
    today,
    currentStreak: streak.current,
    longestStreak: streak.longest,
    lastWorkoutDate: streak.lastWorkoutDate,
    workedOutToday: streak.workedOutToday,
    todayPlan: dayPlanResolver(history)(today),
  };
}
