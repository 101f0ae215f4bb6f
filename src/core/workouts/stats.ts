import type { Exercise, Muscle } from '#core/plans/exercises';
import { addDays, addMonths, datesBetween, localDateOf, monthOf, weekStart, type LocalDate } from './dates';
import { estimateOneRepMax, exerciseKey } from './records';
import type { DayPlan } from './schedule';

export const STATS_WEEKS = 12;
export const STATS_MONTHS = 12;
/** The window of the muscle-volume breakdown: the last four weeks, today included. */
export const VOLUME_DAYS = 28;
/** A secondary muscle does part of the work of a set; the usual convention in volume tracking counts half. */
export const SECONDARY_MUSCLE_SHARE = 0.5;

/** One logged session, reduced to what the summary needs. */
export interface WorkoutFact {
  performedAt: Date | number | string;
  durationMinutes: number;
  caloriesBurned: number;
}

export interface PeriodTotals {
  sessions: number;
  minutes: number;
  calories: number;
}

export interface WeekTotals extends PeriodTotals {
  /** The Monday the week starts on. */
  weekStart: LocalDate;
}

export interface MonthTotals extends PeriodTotals {
  /** 'YYYY-MM'. */
  month: string;
}

export interface WorkoutSummary {
  totalWorkouts: number;
  totalMinutes: number;
  totalCalories: number;
  /** The last `weeks` weeks (Monday to Sunday) up to this one, oldest first, empty weeks included. */
  weekly: WeekTotals[];
  /** The last `months` calendar months up to this one, oldest first. */
  monthly: MonthTotals[];
  workoutDays: Set<LocalDate>;
}

export function summarizeWorkouts(workouts: Iterable<WorkoutFact>, opts: { timeZone: string; today: LocalDate; weeks?: number; months?: number }): WorkoutSummary {
  const weeks = opts.weeks ?? STATS_WEEKS;
  const months = opts.months ?? STATS_MONTHS;
  const thisWeek = weekStart(opts.today);
  const thisMonth = monthOf(opts.today);
  const weekly = new Map<LocalDate, WeekTotals>();
  for (let i = weeks - 1; i >= 0; i--) {
    const start = addDays(thisWeek, -7 * i);
    weekly.set(start, { weekStart: start, sessions: 0, minutes: 0, calories: 0 });
  }
  const monthly = new Map<string, MonthTotals>();
  for (let i = months - 1; i >= 0; i--) {
    const month = addMonths(thisMonth, -i);
    monthly.set(month, { month, sessions: 0, minutes: 0, calories: 0 });
  }
  const summary: WorkoutSummary = { totalWorkouts: 0, totalMinutes: 0, totalCalories: 0, weekly: [], monthly: [], workoutDays: new Set() };
  for (const w of workouts) {
    const day = localDateOf(w.performedAt, opts.timeZone);
    summary.totalWorkouts++;
    summary.totalMinutes += w.durationMinutes;
    summary.totalCalories += w.caloriesBurned;
    summary.workoutDays.add(day);
    for (const bucket of [weekly.get(weekStart(day)), monthly.get(monthOf(day))]) {
      if (!bucket) continue;
      bucket.sessions++;
      bucket.minutes += w.durationMinutes;
      bucket.calories += w.caloriesBurned;
    }
  }
  summary.weekly = [...weekly.values()];
  summary.monthly = [...monthly.values()];
  return summary;
}

/** One completed set with the day it was done, for the advanced breakdowns. */
export interface TrainedSet {
  exerciseId: string | null;
  customName: string | null;
  reps: number | null;
  weightKg: number | null;
  date: LocalDate;
}

export interface MuscleVolume {
  muscle: Muscle;
  /** Sets that trained the muscle: 1 as a primary mover, 0.5 as a secondary one. */
  sets: number;
  /** Reps × kg over those sets, with the same shares. */
  volumeKg: number;
}

/**
 * Strength work per muscle group over the last four weeks. Only library exercises of the strength and plyometric
 * kinds count: a custom exercise has no known muscles, and cardio or mobility work is not volume.
 */
export function volumeByMuscle(sets: Iterable<TrainedSet>, opts: { today: LocalDate; exerciseOf: (id: string) => Exercise | undefined }): MuscleVolume[] {
  const since = addDays(opts.today, -(VOLUME_DAYS - 1));
  const byMuscle = new Map<Muscle, MuscleVolume>();
  const add = (muscle: Muscle, share: number, volume: number) => {
    let m = byMuscle.get(muscle);
    if (!m) byMuscle.set(muscle, (m = { muscle, sets: 0, volumeKg: 0 }));
    m.sets += share;
    m.volumeKg += share * volume;
  };
  for (const s of sets) {
    if (s.date < since || s.date > opts.today || !s.exerciseId) continue;
    const exercise = opts.exerciseOf(s.exerciseId);
    if (!exercise || (exercise.kind !== 'strength' && exercise.kind !== 'plyometric')) continue;
    const volume = (s.reps ?? 0) * (s.weightKg ?? 0);
    for (const muscle of exercise.primaryMuscles) add(muscle, 1, volume);
    for (const muscle of exercise.secondaryMuscles) if (!exercise.primaryMuscles.includes(muscle)) add(muscle, SECONDARY_MUSCLE_SHARE, volume);
  }
  return [...byMuscle.values()]
    .map((m) => ({ ...m, sets: Math.round(m.sets * 10) / 10, volumeKg: Math.round(m.volumeKg) }))
    .sort((a, b) => b.volumeKg - a.volumeKg || b.sets - a.sets || (a.muscle < b.muscle ? -1 : 1));
}

export interface LiftTrend {
  exerciseId: string | null;
  customName: string | null;
  /** The best estimated 1RM of each week the lift was done in, oldest first. */
  points: { weekStart: LocalDate; e1rmKg: number }[];
}

/** Estimated 1RM per lift and week over the last `weeks` weeks; lifts done most often come first. */
export function oneRepMaxTrend(sets: Iterable<TrainedSet>, opts: { today: LocalDate; weeks?: number }): LiftTrend[] {
  const since = addDays(weekStart(opts.today), -7 * ((opts.weeks ?? STATS_WEEKS) - 1));
  const lifts = new Map<string, { exerciseId: string | null; customName: string | null; weeks: Map<LocalDate, number> }>();
  for (const s of sets) {
    if (s.date < since || s.date > opts.today) continue;
    const e1rm = estimateOneRepMax(s.weightKg, s.reps);
    if (e1rm === null) continue;
    const key = exerciseKey(s.exerciseId, s.customName);
    let lift = lifts.get(key);
    if (!lift) lifts.set(key, (lift = { exerciseId: s.exerciseId, customName: s.exerciseId ? null : s.customName, weeks: new Map() }));
    const week = weekStart(s.date);
    if (e1rm > (lift.weeks.get(week) ?? 0)) lift.weeks.set(week, e1rm);
  }
  return [...lifts.entries()]
    .map(([key, lift]) => ({
      key,
      exerciseId: lift.exerciseId,
      customName: lift.customName,
      points: [...lift.weeks.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([week, e1rm]) => ({ weekStart: week, e1rmKg: Math.round(e1rm * 10) / 10 })),
    }))
    .sort((a, b) => b.points.length - a.points.length || (a.key < b.key ? -1 : 1))
    .map(({ key: _key, ...trend }) => trend);
}

export interface Consistency {
  /** 'schedule': planned training days of the user's schedule; 'weekly_target': workouts per week from their goals. */
  basis: 'schedule' | 'weekly_target';
  plannedDays: number;
  completedDays: number;
  /** completedDays / plannedDays, 0–1 with two decimals; null when nothing was planned. */
  rate: number | null;
}

/**
 * The share of planned training days done over the last `weeks` weeks (today counts once it is done: it has not
 * ended). With a training schedule in force for part of the window, only its days are judged: a training day is
 * planned, a rest day is not, and a workout on a rest day neither helps nor hurts. With no schedule at all in the
 * window, each 7-day block ending today plans `weeklyTarget` workouts and counts at most that many. Nothing is
 * planned before `since` (the day the account was made): a new member is not judged on weeks before they joined,
 * and a block they joined in plans its share of the target.
 */
export function consistency(opts: {
  weeks: number;
  today: LocalDate;
  since: LocalDate;
  workoutDays: ReadonlySet<LocalDate>;
  planOf: (date: LocalDate) => DayPlan;
  weeklyTarget: number;
}): Consistency {
  const days = datesBetween(addDays(opts.today, -(7 * opts.weeks - 1)), opts.today);
  const member = (day: LocalDate) => day >= opts.since;
  const plans = days.map((d) => (member(d) ? opts.planOf(d) : null));
  if (plans.some((p) => p !== null)) {
    let planned = 0;
    let completed = 0;
    days.forEach((day, i) => {
      if (plans[i] !== 'training') return;
      const done = opts.workoutDays.has(day);
      if (day === opts.today && !done) return;
      planned++;
      if (done) completed++;
    });
    return { basis: 'schedule', plannedDays: planned, completedDays: completed, rate: rate(completed, planned) };
  }
  const target = Math.max(0, Math.min(7, Math.round(opts.weeklyTarget)));
  let completed = 0;
  let planned = 0;
  for (let block = 0; block < opts.weeks; block++) {
    const blockDays = days.slice(block * 7, block * 7 + 7).filter(member);
    const blockTarget = Math.round((target * blockDays.length) / 7);
    planned += blockTarget;
    completed += Math.min(blockTarget, blockDays.filter((d) => opts.workoutDays.has(d)).length);
  }
  return { basis: 'weekly_target', plannedDays: planned, completedDays: completed, rate: rate(completed, planned) };
}

function rate(completed: number, planned: number): number | null {
  return planned === 0 ? null : Math.round((completed / planned) * 100) / 100;
}
