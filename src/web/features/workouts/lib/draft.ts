import type { Locale } from '../../../../core/common/schemas';
import { isTimed } from '../../../../core/plans/engine/prescribe';
import { exerciseById, type Exercise } from '../../../../core/plans/exercises';
import type { PlanDay } from '../../../../core/plans/schemas';
import type { Workout, WorkoutInput } from '../../../../core/workouts/schemas';

export type WeightUnit = 'kg' | 'lb';
/** Reps (and a load) or a time per set: what a set of this exercise is counted in. */
export type SetMode = 'reps' | 'time';

/** Inputs stay strings while being typed ("12.", "") and become numbers only when the workout is saved. */
export interface DraftSet {
  key: string;
  reps: string;
  weight: string;
  seconds: string;
  done: boolean;
}

export interface DraftExercise {
  key: string;
  exerciseId: string | null;
  customName: string | null;
  mode: SetMode;
  /** Rest after each set, from the plan; the logger's default otherwise. */
  restSeconds: number | null;
  /** The plan's target ("8–12"), shown beside the sets. */
  target: string | null;
  sets: DraftSet[];
}

export const DEFAULT_REST_SECONDS = 90;
const LB_PER_KG = 2.204_622_62;

let counter = 0;
export const newKey = () => `k${++counter}`;

export function emptySet(previous?: DraftSet): DraftSet {
  // A new set repeats the last one: most sets of an exercise share reps and load.
  return { key: newKey(), reps: previous?.reps ?? '', weight: previous?.weight ?? '', seconds: previous?.seconds ?? '', done: false };
}

/** Counted the way the plans dose it: holds, carries, cardio and mobility in seconds. */
export function modeOf(exercise: Exercise | undefined): SetMode {
  return exercise && isTimed(exercise) ? 'time' : 'reps';
}

export function exerciseName(e: Pick<DraftExercise, 'exerciseId' | 'customName'>, locale: Locale): string {
  const lib = e.exerciseId ? exerciseById(e.exerciseId) : undefined;
  return lib ? lib.name[locale] : (e.customName ?? e.exerciseId ?? '');
}

export function draftFromLibrary(exercise: Exercise): DraftExercise {
  return { key: newKey(), exerciseId: exercise.id, customName: null, mode: modeOf(exercise), restSeconds: null, target: null, sets: [emptySet()] };
}

export function draftFromCustom(name: string): DraftExercise {
  return { key: newKey(), exerciseId: null, customName: name, mode: 'reps', restSeconds: null, target: null, sets: [emptySet()] };
}

/** The main work of a plan day, one draft exercise per prescription, the sets prefilled with the target. */
export function draftFromPlanDay(day: PlanDay): DraftExercise[] {
  return day.exercises.map((p) => {
    const lib = exerciseById(p.exerciseId);
    const mode: SetMode = p.durationSeconds !== null ? 'time' : 'reps';
    const reps = p.reps ? String(p.reps.min) : '';
    const seconds = p.durationSeconds !== null ? String(p.durationSeconds) : '';
    const target = p.reps ? (p.reps.min === p.reps.max ? `${p.reps.min}` : `${p.reps.min}–${p.reps.max}`) : null;
    return {
      key: newKey(),
      exerciseId: lib ? lib.id : null,
      customName: lib ? null : p.name,
      mode,
      restSeconds: p.restSeconds,
      target,
      sets: Array.from({ length: p.sets }, () => ({ key: newKey(), reps, weight: '', seconds, done: false })),
    };
  });
}

export function toKg(value: number, unit: WeightUnit): number {
  return unit === 'kg' ? value : Math.round((value / LB_PER_KG) * 1000) / 1000;
}

export function fromKg(kg: number, unit: WeightUnit): number {
  const value = unit === 'kg' ? kg : kg * LB_PER_KG;
  return Math.round(value * 10) / 10;
}

/** "12", "12.5", "12,5" (a comma keyboard) → a number; anything else → null. */
export function parseNumber(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function setValues(s: DraftSet, mode: SetMode, unit: WeightUnit) {
  const reps = mode === 'reps' ? parseNumber(s.reps) : null;
  const weight = mode === 'reps' ? parseNumber(s.weight) : null;
  const seconds = mode === 'time' ? parseNumber(s.seconds) : null;
  return {
    reps: reps === null ? null : Math.round(reps),
    weightKg: weight === null || weight === 0 ? null : toKg(weight, unit),
    durationSeconds: seconds === null || seconds === 0 ? null : Math.round(seconds),
  };
}

/** A set counts when it says what was done: reps for a counted exercise, a time for a timed one. */
export function isFilled(s: DraftSet, mode: SetMode): boolean {
  const v = setValues(s, mode, 'kg');
  return mode === 'reps' ? v.reps !== null : v.durationSeconds !== null;
}

/** Keys of exercises without a single filled set: they cannot be saved. */
export function incompleteExercises(exercises: DraftExercise[]): string[] {
  return exercises.filter((e) => !e.sets.some((s) => isFilled(s, e.mode))).map((e) => e.key);
}

export function toExercisesInput(exercises: DraftExercise[], unit: WeightUnit): WorkoutInput['exercises'] {
  // Logged after the fact nobody ticks every set: with nothing ticked, every filled set was done. Once the user ticks
  // sets, an unticked one was skipped.
  const anyDone = exercises.some((e) => e.sets.some((s) => s.done));
  return exercises.map((e) => ({
    ...(e.exerciseId ? { exerciseId: e.exerciseId } : { customName: e.customName ?? '' }),
    sets: e.sets.filter((s) => isFilled(s, e.mode)).map((s) => ({ ...setValues(s, e.mode, unit), completed: anyDone ? s.done : true })),
  }));
}

export function draftFromWorkout(workout: Workout, unit: WeightUnit): DraftExercise[] {
  return workout.exercises.map((e) => {
    const lib = e.exerciseId ? exerciseById(e.exerciseId) : undefined;
    const timed = e.sets.length > 0 && e.sets.every((s) => s.reps === null && s.durationSeconds !== null);
    return {
      key: newKey(),
      exerciseId: e.exerciseId,
      customName: e.customName,
      mode: timed ? 'time' : lib && e.sets.length === 0 ? modeOf(lib) : 'reps',
      restSeconds: null,
      target: null,
      sets: e.sets.map((s) => ({
        key: newKey(),
        reps: s.reps === null ? '' : String(s.reps),
        weight: s.weightKg === null ? '' : String(fromKg(s.weightKg, unit)),
        seconds: s.durationSeconds === null ? '' : String(s.durationSeconds),
        done: s.completed,
      })),
    };
  });
}

/** "m:ss", or "h:mm:ss" past an hour. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** A value for <input type="datetime-local"> in the browser's zone. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Total load moved (kg × reps) over completed sets. */
export function workoutVolumeKg(workout: Workout): number {
  return workout.exercises.reduce(
    (sum, e) => sum + e.sets.reduce((s, set) => s + (set.completed && set.weightKg && set.reps ? set.weightKg * set.reps : 0), 0),
    0,
  );
}
