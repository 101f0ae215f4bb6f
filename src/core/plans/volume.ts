import { exerciseById } from './exercises';
import type { Muscle } from './exercises';
import type { FitnessLevel, FitnessPlanDay, FitnessPlanWeek, Prescription } from './schemas';

/**
 * How much training a week may hold, per level. Sets count once for every primary muscle of a strength or
 * plyometric exercise in the main part of a session (warm-ups, cool-downs and cardio are not "hard sets").
 * Ceilings follow the usual 10–20 weekly hard sets per muscle for trained people, lower for beginners, with room for
 * compound lifts that list two or three primary muscles. Session lengths keep a beginner's session under an hour.
 */
export interface VolumeBounds {
  maxWeeklySetsPerMuscle: number;
  /** Minutes of a strength or cardio day, warm-up and cool-down included. */
  sessionMinutes: { min: number; max: number };
  activeRecoveryMinutes: { min: number; max: number };
}

export const VOLUME_BOUNDS: Record<FitnessLevel, VolumeBounds> = {
  beginner: { maxWeeklySetsPerMuscle: 16, sessionMinutes: { min: 20, max: 60 }, activeRecoveryMinutes: { min: 10, max: 45 } },
  intermediate: { maxWeeklySetsPerMuscle: 22, sessionMinutes: { min: 25, max: 75 }, activeRecoveryMinutes: { min: 10, max: 45 } },
  advanced: { maxWeeklySetsPerMuscle: 28, sessionMinutes: { min: 25, max: 90 }, activeRecoveryMinutes: { min: 10, max: 45 } },
};

/** Muscles that do not name a group one can overtrain. */
const NOT_COUNTED: ReadonlySet<Muscle> = new Set(['full_body', 'cardiovascular']);

/** Seconds one rep takes on average, lowering and lifting at a controlled pace. */
const SECONDS_PER_REP = 3;
/** Moving to the next exercise and setting up. */
const CHANGEOVER_SECONDS = 30;

export function prescriptionSeconds(p: Prescription): number {
  const reps = p.reps ? (p.reps.min + p.reps.max) / 2 : 0;
  const work = (p.durationSeconds ?? reps * SECONDS_PER_REP) * (p.perSide ? 2 : 1);
  // No rest after the last set: the changeover stands in for it.
  return p.sets * work + (p.sets - 1) * p.restSeconds + CHANGEOVER_SECONDS;
}

export function dayMinutes(day: Pick<FitnessPlanDay, 'warmUp' | 'exercises' | 'coolDown'>): number {
  const seconds = [...day.warmUp, ...day.exercises, ...day.coolDown].reduce((sum, p) => sum + prescriptionSeconds(p), 0);
  return Math.round(seconds / 60);
}

/** The library's exercises' muscles that count, worked out once each: the engine asks many times per plan. */
const HARD_SETS = new Map<string, readonly Muscle[]>();
const NONE: readonly Muscle[] = Object.freeze([]);

export function countsAsHardSets(exerciseId: string): readonly Muscle[] {
  const known = HARD_SETS.get(exerciseId);
  if (known) return known;
  const exercise = exerciseById(exerciseId);
  if (!exercise) return NONE;
  const muscles = exercise.kind !== 'strength' && exercise.kind !== 'plyometric' ? NONE : Object.freeze(exercise.primaryMuscles.filter((m) => !NOT_COUNTED.has(m)));
  HARD_SETS.set(exerciseId, muscles);
  return muscles;
}

/** Hard sets per muscle in one week's main exercises. */
export function weeklySetsPerMuscle(week: Pick<FitnessPlanWeek, 'days'>): Map<Muscle, number> {
  const totals = new Map<Muscle, number>();
  for (const day of week.days) {
    for (const item of day.exercises) {
      for (const muscle of countsAsHardSets(item.exerciseId)) totals.set(muscle, (totals.get(muscle) ?? 0) + item.sets);
    }
  }
  return totals;
}
