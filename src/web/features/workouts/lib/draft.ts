import type { Locale } from '#core/common/schemas';
import { isTimed } from '#core/plans/engine/prescribe';
import { exerciseById, type Exercise } from '#core/plans/exercises';
import type { FitnessPlanDay } from '#core/plans/schemas';
import type { Workout, WorkoutInput } from '#core/workouts/schemas';

export type WeightUnit = 'kg' | 'lb';
/** Kilometres go with kilograms, miles with pounds: the user's units preference decides both. */
export type DistanceUnit = 'km' | 'mi';
/** Reps (and a load), a time per set, or a distance and a time: what a set of this exercise is counted in. */
export type SetMode = 'reps' | 'time' | 'cardio';

/** Inputs stay strings while being typed ("12.", "") and become numbers only when the workout is saved. */
export interface DraftSet {
  key: string;
  reps: string;
  weight: string;
  seconds: string;
  /** Cardio: kilometres or miles, and the time as "min:sec". */
  distance: string;
  time: string;
  /** How hard the set was (RPE, ADR 028), "" when not said: it is never carried to the next set. */
  rpe: string;
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
  /** The sets were filled with the coach's suggestion once (ADR 028): a later answer does not overwrite the user. */
  suggested?: boolean;
  sets: DraftSet[];
}

export const DEFAULT_REST_SECONDS = 90;
const LB_PER_KG = 2.204_622_62;
const METERS_PER: Record<DistanceUnit, number> = { km: 1000, mi: 1609.344 };

export const distanceUnitOf = (unit: WeightUnit): DistanceUnit => (unit === 'kg' ? 'km' : 'mi');

let counter = 0;
export const newKey = () => `k${++counter}`;

export function emptySet(previous?: DraftSet): DraftSet {
  // A new set repeats the last one: most sets of an exercise share reps and load.
  return {
    key: newKey(),
    reps: previous?.reps ?? '',
    weight: previous?.weight ?? '',
    seconds: previous?.seconds ?? '',
    distance: previous?.distance ?? '',
    time: previous?.time ?? '',
    rpe: '',
    done: false,
  };
}

/** Cardio as distance and time; holds, carries and mobility in seconds, the way the plans dose them; the rest in reps. */
export function modeOf(exercise: Exercise | undefined): SetMode {
  if (exercise?.kind === 'cardio') return 'cardio';
  return exercise && isTimed(exercise) ? 'time' : 'reps';
}

/** Needs nothing but the body: the weight of a set is optional, and is what the user added (a vest, a belt). */
export function isBodyweight(e: Pick<DraftExercise, 'exerciseId'>): boolean {
  const lib = e.exerciseId ? exerciseById(e.exerciseId) : undefined;
  return lib !== undefined && lib.requires.length === 0 && modeOf(lib) === 'reps';
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
export function draftFromPlanDay(day: FitnessPlanDay): DraftExercise[] {
  return day.exercises.map((p) => {
    const lib = exerciseById(p.exerciseId);
    const mode: SetMode = lib?.kind === 'cardio' ? 'cardio' : p.durationSeconds !== null ? 'time' : 'reps';
    const reps = p.reps ? String(p.reps.min) : '';
    const seconds = p.durationSeconds !== null && mode === 'time' ? String(p.durationSeconds) : '';
    const time = p.durationSeconds !== null && mode === 'cardio' ? formatClock(p.durationSeconds) : '';
    const target = p.reps ? (p.reps.min === p.reps.max ? `${p.reps.min}` : `${p.reps.min}–${p.reps.max}`) : null;
    return {
      key: newKey(),
      exerciseId: lib ? lib.id : null,
      customName: lib ? null : p.name,
      mode,
      restSeconds: p.restSeconds,
      target,
      sets: Array.from({ length: p.sets }, () => ({ key: newKey(), reps, weight: '', seconds, distance: '', time, rpe: '', done: false })),
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

export function toMeters(value: number, unit: DistanceUnit): number {
  return Math.round(value * METERS_PER[unit] * 10) / 10;
}

export function fromMeters(meters: number, unit: DistanceUnit): number {
  return Math.round((meters / METERS_PER[unit]) * 100) / 100;
}

/**
 * A time typed as "min:sec" ("25:30"), "h:mm:ss" ("1:05:00") or whole minutes ("25") → seconds; null when it is not
 * one (seconds or minutes after a colon must be below 60).
 */
export function parseClock(value: string): number | null {
  // A Chinese keyboard types a full-width colon.
  const v = value.trim().replace(/：/g, ':');
  if (/^\d+$/.test(v)) return Number(v) * 60;
  const m = /^(?:(\d+):)?(\d+):(\d{1,2})$/.exec(v);
  if (!m) return null;
  const [h, min, sec] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
  if (sec >= 60 || (m[1] !== undefined && min >= 60)) return null;
  return h * 3600 + min * 60 + sec;
}

/** Seconds per kilometre or mile; null when the distance or time is missing. */
export function paceOf(distanceMeters: number | null, seconds: number | null, unit: DistanceUnit): number | null {
  if (!distanceMeters || !seconds) return null;
  return seconds / (distanceMeters / METERS_PER[unit]);
}

/** "5:05" (per km or mile), rounded to the second. */
export function formatPace(secondsPerUnit: number): string {
  return formatClock(Math.round(secondsPerUnit));
}

/** "12", "12.5", "12,5" (a comma keyboard) → a number; anything else → null. */
export function parseNumber(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (!/^\d+(\.\d*)?$/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

export function setValues(s: DraftSet, mode: SetMode, unit: WeightUnit) {
  const reps = mode === 'reps' ? parseNumber(s.reps) : null;
  const weight = mode === 'reps' ? parseNumber(s.weight) : null;
  const seconds = mode === 'time' ? parseNumber(s.seconds) : mode === 'cardio' ? parseClock(s.time) : null;
  const distance = mode === 'cardio' ? parseNumber(s.distance) : null;
  return {
    reps: reps === null ? null : Math.round(reps),
    weightKg: weight === null || weight === 0 ? null : toKg(weight, unit),
    durationSeconds: seconds === null || seconds === 0 ? null : Math.round(seconds),
    distanceMeters: distance === null || distance === 0 ? null : toMeters(distance, distanceUnitOf(unit)),
  };
}

/** A set says what was done: reps for a counted exercise, a time for a timed one, a time or distance for cardio. */
export function isFilled(s: DraftSet, mode: SetMode): boolean {
  const v = setValues(s, mode, 'kg');
  if (mode === 'reps') return v.reps !== null;
  return v.durationSeconds !== null || (mode === 'cardio' && v.distanceMeters !== null);
}

/** Keys of exercises with a set ticked done that does not say what was done: they cannot be saved. */
export function incompleteExercises(exercises: DraftExercise[]): string[] {
  return exercises.filter((e) => e.sets.some((s) => s.done && !isFilled(s, e.mode))).map((e) => e.key);
}

/** Sets not ticked done: finishing leaves them out, so the user is asked first. */
export function undoneSets(exercises: DraftExercise[]): number {
  return exercises.reduce((n, e) => n + e.sets.filter((s) => !s.done).length, 0);
}

/** What the logger offers, easy to hard: below 6 a set is warm-up work whose effort the coach does not read. */
export const RPE_CHOICES = [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10] as const;

/** The set's RPE as a number the API takes (1–10 in halves), null when none. */
export function rpeOf(s: Pick<DraftSet, 'rpe'>): number | null {
  const n = parseNumber(s.rpe);
  return n !== null && n >= 1 && n <= 10 && Number.isInteger(n * 2) ? n : null;
}

/** The done sets only; an exercise with none is left out. */
export function toExercisesInput(exercises: DraftExercise[], unit: WeightUnit): WorkoutInput['exercises'] {
  return exercises
    .map((e) => ({
      ...(e.exerciseId ? { exerciseId: e.exerciseId } : { customName: e.customName ?? '' }),
      sets: e.sets.filter((s) => s.done).map((s) => ({ ...setValues(s, e.mode, unit), ...(rpeOf(s) === null ? {} : { rpe: rpeOf(s) }), completed: true })),
    }))
    .filter((e) => e.sets.length > 0);
}

export function draftFromWorkout(workout: Workout, unit: WeightUnit): DraftExercise[] {
  return workout.exercises.map((e) => {
    const lib = e.exerciseId ? exerciseById(e.exerciseId) : undefined;
    const timed = e.sets.length > 0 && e.sets.every((s) => s.reps === null && s.durationSeconds !== null);
    const distance = e.sets.some((s) => s.reps === null && s.distanceMeters !== null);
    const mode: SetMode = lib?.kind === 'cardio' || distance ? 'cardio' : timed ? 'time' : lib && e.sets.length === 0 ? modeOf(lib) : 'reps';
    return {
      key: newKey(),
      exerciseId: e.exerciseId,
      customName: e.customName,
      mode,
      restSeconds: null,
      target: null,
      sets: e.sets.map((s) => ({
        key: newKey(),
        reps: s.reps === null ? '' : String(s.reps),
        weight: s.weightKg === null ? '' : String(fromKg(s.weightKg, unit)),
        seconds: s.durationSeconds === null || mode === 'cardio' ? '' : String(s.durationSeconds),
        distance: s.distanceMeters === null ? '' : String(fromMeters(s.distanceMeters, distanceUnitOf(unit))),
        time: s.durationSeconds === null || mode !== 'cardio' ? '' : formatClock(s.durationSeconds),
        rpe: s.rpe === null ? '' : String(s.rpe),
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
  return workout.exercises.reduce((sum, e) => sum + e.sets.reduce((s, set) => s + (set.completed && set.weightKg && set.reps ? set.weightKg * set.reps : 0), 0), 0);
}
