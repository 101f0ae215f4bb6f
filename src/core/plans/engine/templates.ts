import type { ExerciseKind, MovementPattern, Muscle } from '../exercises';
import type { FitnessLevel, PlanSplit, FitnessPlanType } from '../schemas';
import type { SessionTitle } from '../text';

/** Training days a week by level: enough to progress, with a rest day between hard days for beginners. */
export const TRAINING_DAYS: Record<FitnessLevel, number> = { beginner: 3, intermediate: 4, advanced: 5 };

export type DaySlot = 'train' | 'active_recovery' | 'rest';

/** Where the training days fall in the week; every week keeps at least one full rest day. */
export const WEEK_LAYOUT: Record<number, readonly DaySlot[]> = {
  3: ['train', 'active_recovery', 'train', 'rest', 'train', 'active_recovery', 'rest'],
  4: ['train', 'train', 'active_recovery', 'train', 'train', 'active_recovery', 'rest'],
  5: ['train', 'train', 'train', 'active_recovery', 'train', 'train', 'rest'],
};

/**
 * Which training days are strength (S) and which are cardio (C), in week order. Cardio-led plans put cardio
 * first; the others alternate so that no two hard cardio days or two similar lifting days touch where avoidable.
 */
export const SESSION_MIX: Record<FitnessPlanType, Record<number, string>> = {
  strength: { 3: 'SSS', 4: 'SSSS', 5: 'SSSSS' },
  muscle_gain: { 3: 'SSS', 4: 'SSSS', 5: 'SSSSS' },
  general_fitness: { 3: 'SCS', 4: 'SSCS', 5: 'SSCSS' },
  weight_loss: { 3: 'SCS', 4: 'SCSC', 5: 'SCSCS' },
  cardio: { 3: 'CSC', 4: 'CSCC', 5: 'CSCSC' },
  sports_performance: { 3: 'SCS', 4: 'SSCS', 5: 'SSCSS' },
};

/** Few lifting days train the whole body each time; more days can split it so each part recovers longer. */
export function splitFor(strengthSessions: number): PlanSplit {
  if (strengthSessions >= 5) return 'push_pull_legs';
  if (strengthSessions === 4) return 'upper_lower';
  return 'full_body';
}

export type Role = 'power' | 'main' | 'secondary' | 'accessory' | 'core' | 'finisher';

export interface Slot {
  role: Role;
  /** In order of preference: later patterns stand in when the equipment offers nothing for the first. */
  patterns: readonly MovementPattern[];
  kinds?: readonly ExerciseKind[];
  /** Preferred primary muscles (e.g. biceps on a pull day). */
  muscles?: readonly Muscle[];
  /** The slot is left out below this level. */
  minLevel?: FitnessLevel;
}

export interface SessionTemplate {
  title: SessionTitle;
  slots: readonly Slot[];
}

const main = (pattern: MovementPattern): Slot => ({ role: 'main', patterns: [pattern] });
const secondary = (...patterns: MovementPattern[]): Slot => ({ role: 'secondary', patterns });
const accessory = (pattern: MovementPattern, muscles: Muscle[], minLevel: FitnessLevel = 'intermediate'): Slot => ({
  role: 'accessory',
  patterns: [pattern],
  muscles,
  minLevel,
});
const core = (...patterns: MovementPattern[]): Slot => ({ role: 'core', patterns: [...patterns, 'core'] });

const FULL_BODY_A: SessionTemplate = {
  title: 'fullBodyA',
  slots: [main('squat'), secondary('horizontal_push'), secondary('horizontal_pull'), secondary('hinge'), accessory('isolation_upper', ['triceps', 'shoulders']), core()],
};
const FULL_BODY_B: SessionTemplate = {
  title: 'fullBodyB',
  slots: [main('hinge'), secondary('vertical_push'), secondary('vertical_pull'), secondary('lunge'), accessory('isolation_upper', ['biceps']), core('rotation')],
};
const FULL_BODY_C: SessionTemplate = {
  title: 'fullBodyC',
  slots: [main('squat'), secondary('horizontal_push'), secondary('vertical_pull'), secondary('lunge'), accessory('isolation_lower', ['hamstrings', 'calves']), core('carry')],
};
const UPPER_A: SessionTemplate = {
  title: 'upperA',
  slots: [
    main('horizontal_push'),
    secondary('horizontal_pull'),
    secondary('vertical_push'),
    secondary('vertical_pull'),
    accessory('isolation_upper', ['triceps']),
    accessory('isolation_upper', ['biceps'], 'advanced'),
  ],
};
const LOWER_A: SessionTemplate = {
  title: 'lowerA',
  slots: [main('squat'), secondary('hinge'), secondary('lunge'), accessory('isolation_lower', ['hamstrings', 'calves']), core()],
};
const UPPER_B: SessionTemplate = {
  title: 'upperB',
  slots: [main('vertical_push'), secondary('vertical_pull'), secondary('horizontal_push'), secondary('horizontal_pull'), accessory('isolation_upper', ['biceps']), core('rotation')],
};
const LOWER_B: SessionTemplate = {
  title: 'lowerB',
  slots: [main('hinge'), secondary('squat'), secondary('lunge'), accessory('isolation_lower', ['quadriceps', 'glutes', 'calves']), core('carry')],
};
const PUSH: SessionTemplate = {
  title: 'push',
  slots: [
    main('horizontal_push'),
    secondary('vertical_push'),
    secondary('horizontal_push'),
    accessory('isolation_upper', ['triceps']),
    accessory('isolation_upper', ['shoulders', 'chest'], 'advanced'),
    core(),
  ],
};
const PULL: SessionTemplate = {
  title: 'pull',
  slots: [
    main('vertical_pull'),
    secondary('horizontal_pull'),
    secondary('horizontal_pull', 'vertical_pull'),
    accessory('isolation_upper', ['biceps']),
    accessory('isolation_upper', ['upper_back', 'shoulders', 'forearms'], 'advanced'),
    core('rotation'),
  ],
};
const LEGS: SessionTemplate = {
  title: 'legs',
  slots: [main('squat'), secondary('hinge'), secondary('lunge'), accessory('isolation_lower', ['hamstrings', 'quadriceps']), accessory('isolation_lower', ['calves'], 'advanced'), core()],
};

/** The strength sessions of a week, in order. */
export function strengthSessions(split: PlanSplit, count: number): SessionTemplate[] {
  if (split === 'push_pull_legs') return [PUSH, PULL, LEGS, UPPER_A, LOWER_B].slice(0, count);
  if (split === 'upper_lower') return [UPPER_A, LOWER_A, UPPER_B, LOWER_B].slice(0, count);
  return [FULL_BODY_A, FULL_BODY_B, FULL_BODY_C].slice(0, count);
}

/** Sports plans open each lifting day with jumps, while the legs are fresh. */
export const POWER_SLOT: Slot = { role: 'power', patterns: ['jump'], kinds: ['plyometric'] };
/** A few minutes of conditioning after lifting, for fat loss and endurance. */
export const FINISHER_SLOT: Slot = { role: 'finisher', patterns: ['locomotion', 'jump'], kinds: ['cardio', 'plyometric'] };
/** An extra isolation exercise for muscle-building goals on plans that are not already built around it. */
export const EXTRA_ACCESSORY: Record<'upper' | 'lower', Slot> = {
  upper: { role: 'accessory', patterns: ['isolation_upper'], muscles: ['shoulders', 'biceps', 'triceps'] },
  lower: { role: 'accessory', patterns: ['isolation_lower'], muscles: ['glutes', 'calves', 'hamstrings'] },
};

export type CardioMode = 'steady' | 'intervals' | 'tempo' | 'circuit';

/** The cardio sessions of a week cycle through these by plan type, shifted by one each block for variety. */
export const CARDIO_MODES: Record<FitnessPlanType, readonly CardioMode[]> = {
  strength: ['steady'],
  muscle_gain: ['steady'],
  general_fitness: ['steady', 'circuit'],
  weight_loss: ['intervals', 'steady'],
  cardio: ['steady', 'intervals', 'tempo'],
  sports_performance: ['intervals', 'circuit'],
};
