import type { Exercise } from '../exercises';
import type { FitnessGoal, FitnessLevel, FitnessPlanType, Prescription } from '../schemas';
import type { CardioMode, Role } from './templates';

/** What the lifting is for: decides reps, rest and effort. */
export type Emphasis = 'strength' | 'hypertrophy' | 'endurance' | 'general' | 'power';

export const EMPHASIS: Record<FitnessPlanType, Emphasis> = {
  strength: 'strength',
  muscle_gain: 'hypertrophy',
  weight_loss: 'endurance',
  cardio: 'endurance',
  general_fitness: 'general',
  sports_performance: 'power',
};

/** Where a week sits in its 4-week block: weeks 1–3 build, week 4 deloads. */
export interface WeekContext {
  block: number;
  weekInBlock: number;
  deload: boolean;
}

export function weekContext(weekNumber: number): WeekContext {
  const weekInBlock = (weekNumber - 1) % 4;
  return { block: Math.floor((weekNumber - 1) / 4), weekInBlock, deload: weekInBlock === 3 };
}

type PerLevel = readonly [beginner: number, intermediate: number, advanced: number];
type Range = readonly [min: number, max: number];

interface Dose {
  sets: PerLevel;
  reps: Range;
  /** Beginners stay away from near-maximal loads. */
  beginnerReps?: Range;
  rest: PerLevel;
  rpe: number;
  /** Work per set when the exercise is a hold or is timed. */
  seconds: number;
}

const d = (sets: PerLevel, reps: Range, rest: PerLevel, rpe: number, seconds: number, beginnerReps?: Range): Dose => ({
  sets,
  reps,
  rest,
  rpe,
  seconds,
  beginnerReps,
});

/**
 * Sets × reps × rest × effort by emphasis and role, from the usual ranges: strength 3–6 reps with long rests,
 * hypertrophy 6–15 near failure, muscular endurance 12–20 with short rests, power 3–5 fast reps.
 */
const DOSES: Record<Emphasis, Record<Exclude<Role, 'finisher'>, Dose>> = {
  strength: {
    power: d([3, 3, 4], [3, 5], [90, 90, 120], 7, 20),
    main: d([3, 4, 5], [3, 5], [120, 180, 180], 7.5, 30, [6, 8]),
    secondary: d([2, 3, 4], [6, 8], [90, 120, 120], 7.5, 30),
    accessory: d([2, 3, 3], [8, 12], [75, 75, 75], 8, 30),
    core: d([2, 3, 3], [8, 12], [60, 60, 60], 7, 30),
  },
  hypertrophy: {
    power: d([3, 3, 3], [3, 5], [90, 90, 90], 7, 20),
    main: d([3, 4, 4], [6, 10], [90, 120, 120], 7.5, 40),
    secondary: d([2, 3, 4], [8, 12], [90, 90, 90], 8, 40),
    accessory: d([2, 3, 3], [10, 15], [60, 60, 60], 8.5, 40),
    core: d([2, 3, 3], [10, 15], [45, 45, 45], 7, 40),
  },
  endurance: {
    power: d([2, 3, 3], [5, 8], [60, 60, 60], 7, 20),
    main: d([2, 3, 3], [12, 15], [60, 60, 60], 7, 40),
    secondary: d([2, 3, 3], [12, 15], [45, 45, 45], 7, 40),
    accessory: d([2, 2, 3], [15, 20], [30, 30, 30], 7, 40),
    core: d([2, 3, 3], [12, 15], [30, 30, 30], 7, 30),
  },
  general: {
    power: d([2, 3, 3], [4, 6], [75, 75, 75], 7, 20),
    main: d([3, 3, 4], [8, 10], [90, 90, 90], 7, 40),
    secondary: d([2, 3, 3], [10, 12], [75, 75, 75], 7, 40),
    accessory: d([2, 3, 3], [12, 15], [60, 60, 60], 7.5, 40),
    core: d([2, 3, 3], [10, 12], [45, 45, 45], 7, 30),
  },
  power: {
    power: d([3, 3, 4], [3, 5], [90, 90, 90], 7, 20),
    main: d([3, 4, 4], [4, 6], [120, 150, 150], 8, 30, [6, 8]),
    secondary: d([2, 3, 3], [6, 8], [90, 90, 90], 7.5, 30),
    accessory: d([2, 3, 3], [8, 12], [60, 60, 60], 7.5, 30),
    core: d([2, 3, 3], [8, 10], [45, 45, 45], 7, 30),
  },
};

const LEVEL_INDEX: Record<FitnessLevel, number> = { beginner: 0, intermediate: 1, advanced: 2 };
/** Beginners never work close to failure. */
const RPE_CAP: Record<FitnessLevel, number> = { beginner: 8, intermediate: 9, advanced: 9.5 };

const halfStep = (n: number) => Math.round(n * 2) / 2;

/**
 * Holds, carries, cardio and mobility work are dosed in seconds; everything else in reps. The library has no field
 * for it, so holds are told by name.
 */
const HOLD = /(^|-)(plank|hold|hang|wall-sit|l-sit|hollow-body|isometric|static)(-|$)/;
export function isTimed(exercise: Exercise): boolean {
  return exercise.kind === 'cardio' || exercise.kind === 'mobility' || exercise.pattern === 'carry' || HOLD.test(exercise.id);
}

/** isTimed of the library's exercises, kept: strength doses ask it for every line of every week. */
const TIMED = new WeakMap<Exercise, boolean>();
function timedOf(exercise: Exercise): boolean {
  let timed = TIMED.get(exercise);
  if (timed === undefined) TIMED.set(exercise, (timed = isTimed(exercise)));
  return timed;
}

type Dosed = Omit<Prescription, 'exerciseId' | 'name' | 'notes'>;

export interface StrengthDoseArgs {
  emphasis: Emphasis;
  role: Exclude<Role, 'finisher'>;
  level: FitnessLevel;
  goals: readonly FitnessGoal[];
  exercise: Exercise;
  week: WeekContext;
}

/**
 * Progression inside a block: beginners add reps (the easiest overload to judge), others add effort and, in the
 * block's third week, a set on the big lifts. Each block starts a little harder than the last. Deload weeks drop a
 * set and 1.5 RPE.
 */
export function strengthDose({ emphasis, role, level, goals, exercise, week }: StrengthDoseArgs): Dosed {
  const dose = DOSES[emphasis][role];
  const li = LEVEL_INDEX[level];
  const w = week.deload ? 0 : week.weekInBlock;
  const big = role === 'main' || role === 'secondary' || role === 'power';

  let sets = dose.sets[li];
  if (week.deload) sets = sets >= 3 ? sets - 1 : sets;
  else if (li > 0 && big && w === 2) sets += 1;

  let [minReps, maxReps] = level === 'beginner' && dose.beginnerReps ? dose.beginnerReps : dose.reps;
  let rest = dose.rest[li];
  if (role === 'main' && goals.includes('increase_strength') && emphasis !== 'strength' && emphasis !== 'power') {
    // A strength goal on another plan type: heavier, shorter sets on the main lift only.
    minReps = Math.max(level === 'beginner' ? 6 : 4, minReps - 3);
    maxReps = Math.max(minReps + 2, maxReps - 3);
    rest += 30;
  }
  if ((role === 'accessory' || role === 'core') && goals.includes('lose_weight')) rest = Math.max(20, rest - 15);
  if (level === 'beginner' && w > 0) {
    minReps += w;
    maxReps += w;
  }

  const rpe = week.deload ? dose.rpe - 1.5 : Math.min(RPE_CAP[level], halfStep(dose.rpe + 0.5 * w + 0.25 * week.block));
  const barbellMain = role === 'main' && li > 0 && (emphasis === 'strength' || emphasis === 'power') && exercise.requires.includes('barbell');
  const basePercent = emphasis === 'strength' ? 75 : 70;
  const percent = barbellMain ? Math.round(week.deload ? basePercent - 10 : basePercent + 2.5 * w + 2.5 * week.block) : null;

  const timed = timedOf(exercise);
  return {
    sets,
    reps: timed ? null : { min: minReps, max: maxReps },
    durationSeconds: timed ? (week.deload ? Math.max(15, dose.seconds - 5) : dose.seconds + 5 * w) : null,
    perSide: exercise.unilateral === true,
    restSeconds: rest,
    rpe,
    percentOneRepMax: percent,
  };
}

/** Short conditioning rounds after lifting. */
export function finisherDose(level: FitnessLevel, exercise: Exercise, week: WeekContext): Dosed {
  const li = LEVEL_INDEX[level];
  const w = week.deload ? 0 : week.weekInBlock;
  const rounds = [3, 4, 5][li] + (week.deload ? -1 : w === 2 ? 1 : 0);
  return {
    sets: rounds,
    reps: null,
    durationSeconds: [30, 30, 40][li],
    perSide: exercise.unilateral === true,
    restSeconds: [30, 30, 20][li],
    rpe: week.deload ? 6.5 : level === 'beginner' ? 7.5 : 8,
    percentOneRepMax: null,
  };
}

/** Minutes of the main cardio work, before the week's progression. */
const CARDIO_MINUTES: Record<Exclude<CardioMode, 'circuit'>, PerLevel> = {
  steady: [20, 30, 40],
  tempo: [16, 22, 26],
  intervals: [14, 18, 24],
};
const INTERVAL_WORK: PerLevel = [30, 40, 45];
const INTERVAL_REST: PerLevel = [60, 40, 30];
const CIRCUIT_ROUNDS: PerLevel = [4, 4, 5];
const CIRCUIT_WORK: PerLevel = [30, 40, 45];
const CIRCUIT_REST: PerLevel = [30, 20, 15];
export const CIRCUIT_SIZE: PerLevel = [4, 5, 5];

/** Cardio grows 10% a week inside a block and 10% a block; a deload week does 80% of the block's first week. */
function cardioFactor(week: WeekContext): number {
  return week.deload ? 0.8 : 1 + 0.1 * week.weekInBlock + 0.1 * week.block;
}

export function cardioDose(mode: CardioMode, level: FitnessLevel, goals: readonly FitnessGoal[], exercise: Exercise, week: WeekContext): Dosed {
  const li = LEVEL_INDEX[level];
  const endurance = goals.includes('improve_endurance') && !week.deload ? 1.2 : 1;
  const perSide = exercise.unilateral === true;
  if (mode === 'circuit') {
    const rounds = CIRCUIT_ROUNDS[li] + (week.deload ? -1 : week.weekInBlock === 2 ? 1 : 0);
    return {
      sets: rounds,
      reps: null,
      durationSeconds: CIRCUIT_WORK[li],
      perSide,
      restSeconds: CIRCUIT_REST[li],
      rpe: week.deload ? 6 : 7.5,
      percentOneRepMax: null,
    };
  }
  const minutes = CARDIO_MINUTES[mode][li] * cardioFactor(week) * endurance;
  if (mode === 'intervals') {
    const work = INTERVAL_WORK[li];
    const rest = INTERVAL_REST[li];
    return {
      // Past 20 rounds quality drops; longer sessions belong to steady or tempo work.
      sets: Math.min(20, Math.max(4, Math.round((minutes * 60) / (work + rest)))),
      reps: null,
      durationSeconds: work,
      perSide,
      restSeconds: rest,
      rpe: week.deload ? 6.5 : level === 'beginner' ? 7.5 : 8.5,
      percentOneRepMax: null,
    };
  }
  return {
    sets: 1,
    reps: null,
    durationSeconds: Math.round(minutes) * 60,
    perSide,
    restSeconds: 0,
    rpe: mode === 'steady' ? (week.deload ? 4 : 5) : week.deload ? 5.5 : 6.5,
    percentOneRepMax: null,
  };
}

/** Mobility work, held or repeated gently for time. */
export function mobilityDose(exercise: Exercise, seconds: number): Dosed {
  return { sets: 1, reps: null, durationSeconds: seconds, perSide: exercise.unilateral === true, restSeconds: 0, rpe: 2, percentOneRepMax: null };
}

/** Easy cardio to warm up or to recover. */
export function easyCardioDose(exercise: Exercise, minutes: number): Dosed {
  return { sets: 1, reps: null, durationSeconds: minutes * 60, perSide: exercise.unilateral === true, restSeconds: 0, rpe: 3, percentOneRepMax: null };
}
