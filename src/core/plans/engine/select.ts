import { EXERCISES, isAvailableWith } from '../exercises';
import type { Exercise, ExerciseKind, MovementPattern, Muscle } from '../exercises';
import { EQUIPMENT, type EquipmentChoice, type FitnessLevel } from '../schemas';
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

/** One bit per muscle, given as each is first met: sets of muscles as numbers. */
const MUSCLE_BITS = new Map<Muscle, number>();
function muscleBit(muscle: Muscle): number {
  let bit = MUSCLE_BITS.get(muscle);
  if (bit === undefined) MUSCLE_BITS.set(muscle, (bit = 1 << MUSCLE_BITS.size));
  return bit;
}
function muscleMask(muscles: Iterable<Muscle>): number {
  let mask = 0;
  for (const m of muscles) mask |= muscleBit(m);
  return mask;
}

/** An exercise of the pool with what the scores below ask of it, worked out once per pool. */
export interface Candidate {
  exercise: Exercise;
  /** Its primary muscles, one bit each, in the library's order. */
  muscleBits: readonly number[];
  muscles: number;
  /** The score for being at the user's own level (1) or one below (0.5), for the slots that care. */
  levelFit: number;
  staple: boolean;
  loaded: boolean;
  barbell: boolean;
  /** What a finisher slot adds: short and hard beats long and steady. */
  finisher: number;
}

/**
 * The pool of one equipment choice and level, and everything the picks derive from it alone, ready for every plan
 * made with them: the library is code, so these never change while the process runs (at most 127 × 3 of them).
 */
export interface PreparedPool {
  pool: readonly Exercise[];
  /** The pool by movement pattern: slots look only at their own patterns. */
  byPattern: ReadonlyMap<MovementPattern, readonly Candidate[]>;
  mobility: readonly Candidate[];
  cardio: Readonly<Record<'steady' | 'tempo' | 'intervals', readonly Exercise[]>>;
  /** The gentlest cardio the user can do: the warm-up and recovery default, fixed for the whole plan. */
  easy: Exercise | undefined;
}

const prepared = new Map<string, PreparedPool>();

export function preparedPool(equipment: readonly EquipmentChoice[], level: FitnessLevel): PreparedPool {
  let mask = 0;
  for (const item of equipment) mask |= 1 << EQUIPMENT.indexOf(item);
  const key = `${level}:${mask}`;
  let found = prepared.get(key);
  if (!found) prepared.set(key, (found = preparePool(exercisePool(equipment, level), level)));
  return found;
}

function preparePool(pool: readonly Exercise[], level: FitnessLevel): PreparedPool {
  const byPattern = new Map<MovementPattern, Candidate[]>();
  const mobility: Candidate[] = [];
  for (const e of pool) {
    const gap = RANK[level] - RANK[e.level];
    const candidate: Candidate = {
      exercise: e,
      muscleBits: e.primaryMuscles.map(muscleBit),
      muscles: muscleMask(e.primaryMuscles),
      levelFit: gap === 0 ? 1 : gap === 1 ? 0.5 : 0,
      staple: STAPLE_LIFTS.has(e.id),
      loaded: e.requires.length > 0,
      barbell: e.requires.includes('barbell'),
      finisher: e.met - 6 - (SUSTAINED_CARDIO.has(e.id) ? 4 : 0),
    };
    const list = byPattern.get(e.pattern);
    if (list) list.push(candidate);
    else byPattern.set(e.pattern, [candidate]);
    if (e.kind === 'mobility') mobility.push(candidate);
  }
  return {
    pool,
    byPattern,
    mobility,
    cardio: { steady: cardioChoices(pool, 'steady'), tempo: cardioChoices(pool, 'tempo'), intervals: cardioChoices(pool, 'intervals') },
    easy: easiestCardio(pool),
  };
}

export interface Picker {
  prepared: PreparedPool;
  level: FitnessLevel;
  emphasis: Emphasis;
  /** True when the user owns something beyond bodyweight: loaded exercises are then preferred. */
  ownsEquipment: boolean;
  random: Random;
}

const STRENGTH_ONLY: readonly ExerciseKind[] = ['strength'];
const slotMasks = new WeakMap<Slot, number>();
function slotMuscles(slot: Slot): number {
  let mask = slotMasks.get(slot);
  if (mask === undefined) slotMasks.set(slot, (mask = slot.muscles ? muscleMask(slot.muscles) : 0));
  return mask;
}

/**
 * Picks the exercise for a slot. Hard rules: pattern and kind from the slot, not already in this session. Soft
 * preferences, as a score: the slot's muscles, a pattern earlier in the slot's list, an exercise at the user's own
 * level, using the equipment they own (a barbell for heavy main lifts), not used elsewhere this week; a seeded jitter
 * breaks ties so two users with the same input can get different plans.
 *
 * Saved plans are rebuilt from their seed, so every candidate draws its jitter in the same order as ever and the
 * terms are added in the same order (floating-point sums depend on it).
 */
export function pickForSlot(picker: Picker, slot: Slot, inSession: ReadonlySet<string>, inWeek: ReadonlySet<string>): Exercise | undefined {
  const kinds = slot.kinds ?? STRENGTH_ONLY;
  const wanted = slotMuscles(slot);
  const role = slot.role;
  const big = role === 'main' || role === 'secondary' || role === 'power';
  const staple = role === 'main' ? 3 : role === 'secondary' ? 1 : 0;
  const load = picker.ownsEquipment ? loadPreference(picker.emphasis) : 0;
  const heavyBarbell = role === 'main' && (picker.emphasis === 'strength' || picker.emphasis === 'power');
  const finisher = role === 'finisher';
  const { random } = picker;
  let best: Exercise | undefined;
  let bestScore = -Infinity;
  for (let patternIndex = 0; patternIndex < slot.patterns.length; patternIndex++) {
    const candidates = picker.prepared.byPattern.get(slot.patterns[patternIndex]);
    if (!candidates) continue;
    for (const c of candidates) {
      const e = c.exercise;
      if (inSession.has(e.id) || !kinds.includes(e.kind)) continue;
      let score = -3 * patternIndex + random() * 1.5;
      if ((c.muscles & wanted) !== 0) score += 4;
      if (big) score += c.levelFit;
      if (c.staple) score += staple;
      if (load !== 0 && c.loaded) score += load;
      if (heavyBarbell && c.barbell) score += 1.5;
      // Conditioning should be short and hard: burpees and sprints, not a walk or a steady run cut into pieces.
      if (finisher) score += c.finisher;
      if (inWeek.has(e.id)) score -= 3;
      if (score > bestScore) {
        bestScore = score;
        best = e;
      }
    }
  }
  return best;
}

function loadPreference(emphasis: Emphasis): number {
  if (emphasis === 'strength' || emphasis === 'hypertrophy' || emphasis === 'power') return 2;
  return emphasis === 'general' ? 1 : 0.5;
}

/**
 * Mobility work for a session, favouring the muscles it trains; distinct from anything in `exclude`. Each candidate
 * draws its jitter in pool order; the best `count` are taken, an earlier one first on a tie.
 */
export function pickMobility(picker: Picker, count: number, muscles: ReadonlySet<Muscle>, exclude: ReadonlySet<string>): Exercise[] {
  const all = picker.prepared.mobility;
  let candidates = all;
  if (exclude.size > 0) {
    const fresh = all.filter((c) => !exclude.has(c.exercise.id));
    // A small pool may have to repeat a warm-up stretch in the cool-down rather than leave it short.
    if (fresh.length >= count) candidates = fresh;
  }
  const wanted = muscleMask(muscles);
  const n = candidates.length;
  const scores: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    let overlap = 0;
    for (const bit of candidates[i].muscleBits) if ((bit & wanted) !== 0) overlap++;
    scores[i] = overlap + picker.random() * 2;
  }
  const chosen: Exercise[] = [];
  for (let k = Math.min(count, n); k > 0; k--) {
    let top = -1;
    for (let i = 0; i < n; i++) if (scores[i] !== -Infinity && (top < 0 || scores[i] > scores[top])) top = i;
    chosen.push(candidates[top].exercise);
    scores[top] = -Infinity;
  }
  return chosen;
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

/** What a kind of cardio session may be, for a pool: the suitable choices, else the right intensity band by MET. */
function cardioChoices(pool: readonly Exercise[], kind: 'steady' | 'tempo' | 'intervals'): Exercise[] {
  const cardio = pool.filter((e) => e.kind === 'cardio');
  const suitable = cardio.filter((e) => CARDIO_CHOICES[kind].includes(e.id));
  // Intervals take the hardest half of what suits them, so a sprinter is not handed walk-jog intervals.
  let choices = kind === 'intervals' ? [...suitable].sort((a, b) => b.met - a.met || a.id.localeCompare(b.id)).slice(0, Math.ceil(suitable.length / 2)) : suitable;
  if (choices.length === 0) {
    const sorted = [...cardio].sort((a, b) => a.met - b.met || a.id.localeCompare(b.id));
    const third = Math.max(1, Math.ceil(sorted.length / 3));
    choices = kind === 'intervals' ? sorted.slice(-third) : kind === 'tempo' ? sorted.slice(third, 2 * third) : sorted.slice(0, third);
    if (choices.length === 0) choices = sorted;
  }
  return choices;
}

/** Cardio for a session: one of the choices for its kind, drawn. */
export function pickCardio(picker: Picker, kind: 'steady' | 'tempo' | 'intervals'): Exercise | undefined {
  const choices = picker.prepared.cardio[kind];
  return choices.length > 0 ? choices[Math.floor(picker.random() * choices.length)] : undefined;
}

/** The gentlest cardio the user can do: the warm-up and recovery default, fixed for the whole plan. */
function easiestCardio(pool: readonly Exercise[]): Exercise | undefined {
  const cardio = pool.filter((e) => e.kind === 'cardio');
  for (const id of CARDIO_CHOICES.easy) {
    const found = cardio.find((e) => e.id === id);
    if (found) return found;
  }
  return [...cardio].sort((a, b) => a.met - b.met || a.id.localeCompare(b.id))[0];
}
