import { EXERCISES, isAvailableWith } from '../exercises';
import type { Exercise, ExerciseKind, MovementPattern, Muscle } from '../exercises';
import type { EquipmentChoice, FitnessLevel } from '../schemas';
import type { Emphasis } from './prescribe';
import type { Random } from '#core/common/random';
import type { Slot } from './templates';

const RANK: Record<FitnessLevel, number> = { beginner: 0, intermediate: 1, advanced: 2 };

function levelAllows(exercise: Exercise, level: FitnessLevel): boolean {
  return RANK[exercise.level] <= RANK[level];
}

/** Everything the user may be given: owned equipment only, and nothing above their level. */
export function exercisePool(equipment: readonly EquipmentChoice[], level: FitnessLevel): Exercise[] {
  return EXERCISES.filter((e) => isAvailableWith(e, equipment) && levelAllows(e, level));
}

export function byPattern(pool: readonly Exercise[]): Map<MovementPattern, Exercise[]> {
  const index = new Map<MovementPattern, Exercise[]>();
  for (const e of pool) {
    const list = index.get(e.pattern);
    if (list) list.push(e);
    else index.set(e.pattern, [e]);
  }
  return index;
}

export interface Picker {
  pool: readonly Exercise[];
  /** The pool by movement pattern: slots look only at their own patterns. */
  byPattern: ReadonlyMap<MovementPattern, readonly Exercise[]>;
  level: FitnessLevel;
  emphasis: Emphasis;
  /** True when the user owns something beyond bodyweight: loaded exercises are then preferred. */
  ownsEquipment: boolean;
  random: Random;
}

/**
 * Picks the exercise for a slot. Hard rules: pattern and kind from the slot, not already in this session. Soft
 * preferences, as a score: the slot's muscles, a pattern earlier in the slot's list, an exercise at the user's own
 * level, using the equipment they own (a barbell for heavy main lifts), not used elsewhere this week; a seeded jitter
 * breaks ties so two users with the same input can get different plans.
 */
export function pickForSlot(picker: Picker, slot: Slot, inSession: ReadonlySet<string>, inWeek: ReadonlySet<string>): Exercise | undefined {
  const kinds: readonly ExerciseKind[] = slot.kinds ?? ['strength'];
  let best: Exercise | undefined;
  let bestScore = -Infinity;
  slot.patterns.forEach((pattern, patternIndex) => {
    for (const e of picker.byPattern.get(pattern) ?? []) {
      if (inSession.has(e.id) || !kinds.includes(e.kind)) continue;
      let score = -3 * patternIndex + picker.random() * 1.5;
      if (slot.muscles && e.primaryMuscles.some((m) => slot.muscles!.includes(m))) score += 4;
      const gap = RANK[picker.level] - RANK[e.level];
      if (slot.role === 'main' || slot.role === 'secondary' || slot.role === 'power') score += gap === 0 ? 1 : gap === 1 ? 0.5 : 0;
      if (STAPLE_LIFTS.has(e.id)) score += slot.role === 'main' ? 3 : slot.role === 'secondary' ? 1 : 0;
      if (picker.ownsEquipment && e.requires.length > 0) score += loadPreference(picker.emphasis);
      if (slot.role === 'main' && (picker.emphasis === 'strength' || picker.emphasis === 'power') && e.requires.includes('barbell')) score += 1.5;
      // Conditioning should be short and hard: burpees and sprints, not a walk or a steady run cut into pieces.
      if (slot.role === 'finisher') score += e.met - 6 - (SUSTAINED_CARDIO.has(e.id) ? 4 : 0);
      if (inWeek.has(e.id)) score -= 3;
      if (score > bestScore) {
        bestScore = score;
        best = e;
      }
    }
  });
  return best;
}

function loadPreference(emphasis: Emphasis): number {
  if (emphasis === 'strength' || emphasis === 'hypertrophy' || emphasis === 'power') return 2;
  return emphasis === 'general' ? 1 : 0.5;
}

/** Mobility work for a session, favouring the muscles it trains; distinct from anything in `exclude`. */
export function pickMobility(picker: Picker, count: number, muscles: ReadonlySet<Muscle>, exclude: ReadonlySet<string>): Exercise[] {
  const all = picker.pool.filter((e) => e.kind === 'mobility');
  const fresh = all.filter((e) => !exclude.has(e.id));
  // A small pool may have to repeat a warm-up stretch in the cool-down rather than leave it short.
  const candidates = fresh.length >= count ? fresh : all;
  return candidates
    .map((e) => ({ e, score: e.primaryMuscles.filter((m) => muscles.has(m)).length + picker.random() * 2 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((x) => x.e);
}

/**
 * Staple compound lifts: the library holds many variations of each pattern, and a plan's main lifts should be the
 * ones a coach would program first (a deadlift before a good morning), with variations as secondary work.
 */
export const STAPLE_LIFTS: ReadonlySet<string> = new Set([
  'barbell-back-squat',
  'barbell-front-squat',
  'goblet-squat',
  'dumbbell-squat',
  'kettlebell-goblet-squat',
  'kettlebell-front-squat',
  'band-squat',
  'bodyweight-squat',
  'pistol-squat',
  'barbell-deadlift',
  'barbell-romanian-deadlift',
  'trap-bar-deadlift',
  'dumbbell-romanian-deadlift',
  'kettlebell-deadlift',
  'kettlebell-swing',
  'band-deadlift',
  'glute-bridge',
  'single-leg-glute-bridge',
  'bodyweight-single-leg-romanian-deadlift',
  'barbell-hip-thrust',
  'split-squat',
  'bulgarian-split-squat',
  'dumbbell-bulgarian-split-squat',
  'reverse-lunge',
  'dumbbell-reverse-lunge',
  'barbell-reverse-lunge',
  'barbell-bench-press',
  'dumbbell-bench-press',
  'push-up',
  'incline-push-up',
  'decline-push-up',
  'archer-push-up',
  'dumbbell-floor-press',
  'barbell-floor-press',
  'kettlebell-floor-press',
  'band-chest-press',
  'barbell-overhead-press',
  'dumbbell-shoulder-press',
  'kettlebell-overhead-press',
  'pike-push-up',
  'hands-elevated-pike-push-up',
  'feet-elevated-pike-push-up',
  'band-overhead-press',
  'wall-handstand-push-up',
  'pull-up',
  'chin-up',
  'lat-pulldown',
  'band-assisted-pull-up',
  'negative-pull-up',
  'band-lat-pulldown',
  'weighted-pull-up',
  'barbell-bent-over-row',
  'dumbbell-bent-over-row',
  'single-arm-dumbbell-row',
  'inverted-row',
  'kettlebell-single-arm-row',
  'band-seated-row',
  'seated-cable-row',
  'doorframe-row',
  'table-inverted-row',
]);

/** Cardio that suits each kind of session; drills such as butt kicks make poor 40-minute sessions. */
export const CARDIO_CHOICES: Record<'easy' | 'steady' | 'tempo' | 'intervals', readonly string[]> = {
  easy: ['brisk-walking', 'elliptical-trainer', 'recumbent-bike', 'marching-in-place'],
  steady: [
    'brisk-walking',
    'uphill-walking',
    'jogging',
    'steady-run',
    'incline-treadmill-walk',
    'treadmill-run',
    'stationary-bike',
    'recumbent-bike',
    'rowing-machine',
    'elliptical-trainer',
    'stair-climber',
    'ski-erg',
  ],
  tempo: ['tempo-run', 'steady-run', 'fartlek-run', 'jogging', 'uphill-walking', 'treadmill-run', 'rowing-machine', 'stationary-bike', 'stair-climber', 'ski-erg'],
  intervals: [
    'sprint-intervals',
    'hill-sprints',
    'walk-jog-intervals',
    'stationary-bike-intervals',
    'rowing-machine-intervals',
    'high-knees',
    'running-in-place',
    'jumping-jack',
    'fast-feet',
    'squat-jack',
    'shadow-boxing',
  ],
};

const SUSTAINED_CARDIO: ReadonlySet<string> = new Set([...CARDIO_CHOICES.easy, ...CARDIO_CHOICES.steady, ...CARDIO_CHOICES.tempo]);

/** Cardio for a session: one of the suitable choices the user can do, else the right intensity band by MET. */
export function pickCardio(picker: Picker, kind: 'steady' | 'tempo' | 'intervals'): Exercise | undefined {
  const cardio = picker.pool.filter((e) => e.kind === 'cardio');
  const suitable = cardio.filter((e) => CARDIO_CHOICES[kind].includes(e.id));
  // Intervals take the hardest half of what suits them, so a sprinter is not handed walk-jog intervals.
  let choices = kind === 'intervals' ? [...suitable].sort((a, b) => b.met - a.met || a.id.localeCompare(b.id)).slice(0, Math.ceil(suitable.length / 2)) : suitable;
  if (choices.length === 0) {
    const sorted = [...cardio].sort((a, b) => a.met - b.met || a.id.localeCompare(b.id));
    const third = Math.max(1, Math.ceil(sorted.length / 3));
    choices = kind === 'intervals' ? sorted.slice(-third) : kind === 'tempo' ? sorted.slice(third, 2 * third) : sorted.slice(0, third);
    if (choices.length === 0) choices = sorted;
  }
  return choices.length > 0 ? choices[Math.floor(picker.random() * choices.length)] : undefined;
}

/** The gentlest cardio the user can do: the warm-up and recovery default, fixed for the whole plan. */
export function easiestCardio(pool: readonly Exercise[]): Exercise | undefined {
  const cardio = pool.filter((e) => e.kind === 'cardio');
  for (const id of CARDIO_CHOICES.easy) {
    const found = cardio.find((e) => e.id === id);
    if (found) return found;
  }
  return [...cardio].sort((a, b) => a.met - b.met || a.id.localeCompare(b.id))[0];
}
