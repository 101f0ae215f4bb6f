import { formatMessage, type Message, type MessageParams } from '#core/messages/format';
import { isTimed } from '#core/plans/engine/prescribe';
import type { Exercise } from '#core/plans/exercises';
import { floorLoadable, loadKindOf, nearestLoadable, oneStepUp, plateStep, shownWeight, type WeightUnit } from './loading';
import { COACH_MESSAGES, type CoachMessage } from './messages';

/** A done set as the rules read it. */
export interface LoggedSet {
  weightKg: number | null;
  reps: number | null;
  rpe: number | null;
}
/** One session with the exercise: its done sets, in order. */
export interface LoggedSession {
  sets: LoggedSet[];
}
/** What a plan prescribes for the exercise (a prescription's fields the rules need). */
export interface Target {
  sets: number;
  reps: { min: number; max: number } | null;
  durationSeconds: number | null;
  rpe: number | null;
  percentOneRepMax: number | null;
}
export type AdaptationKind = 'lighter' | 'fewer_sets';

export interface SuggestArgs {
  exercise: Exercise;
  /** The plan's prescription; null when no plan prescribes the exercise (a range of 8–12 is assumed). */
  target: Target | null;
  /** Newest first. */
  sessions: readonly LoggedSession[];
  /** The best estimated 1RM of the exercise, kilograms. */
  e1rmKg: number | null;
  unit: WeightUnit;
  /** The plan's adaptation of this week for the exercise, if any. */
  adaptation?: AdaptationKind | null;
}

export interface Suggestion {
  /** Null: bodyweight with nothing added. */
  weightKg: number | null;
  reps: number;
  reason: Message;
}

export const DEFAULT_REP_RANGE = { min: 8, max: 12 } as const;
/** A step back after two sessions below the range, and an adapted week's load: 10 % lighter. */
export const STEP_BACK_PERCENT = 10;

export const message = (name: CoachMessage, params?: MessageParams): Message => ({
  message: params ? formatMessage(COACH_MESSAGES[name], params) : COACH_MESSAGES[name],
  messageKey: `coach.${name}`,
  ...(params ? { params } : {}),
});

/** The working sets of a session: those with reps, at its heaviest weight (lighter ones are warm-ups). */
export function workingSets(session: LoggedSession | undefined): { topKg: number | null; reps: number[]; rpes: (number | null)[] } | null {
  const sets = (session?.sets ?? []).filter((s) => s.reps !== null);
  if (sets.length === 0) return null;
  const top = Math.max(...sets.map((s) => s.weightKg ?? 0));
  const working = sets.filter((s) => Math.abs((s.weightKg ?? 0) - top) < 0.01);
  return { topKg: top > 0 ? top : null, reps: working.map((s) => s.reps!), rpes: working.map((s) => s.rpe) };
}

const below = (session: LoggedSession | undefined, min: number) => {
  const w = workingSets(session);
  return w !== null && Math.min(...w.reps) < min;
};

/**
 * The next session's target for one exercise (ADR 028), from the last session and the plan's prescription:
 * double progression within the rep range. Every working set at the top of the range → one plate step more, back to
 * the bottom; within the range → the same weight, one rep more; below the bottom → hold, and after two such sessions
 * in a row, 10 % lighter. A %1RM prescription takes its load from the estimated 1RM (never more than a step above the
 * last top set); bodyweight work progresses by reps. Null for timed work and an exercise never logged.
 */
export function suggestNext(args: SuggestArgs): Suggestion | null {
  const { exercise, target, sessions, unit } = args;
  if (isTimed(exercise) || (target && (target.reps === null || target.durationSeconds !== null))) return null;
  const last = workingSets(sessions[0]);
  if (!last) return null;
  const range = target?.reps ?? DEFAULT_REP_RANGE;
  const kind = loadKindOf(exercise);
  const lowest = Math.min(...last.reps);

  if (kind === 'bodyweight' || last.topKg === null) {
    const added = last.topKg === null ? null : nearestLoadable(last.topKg, 'bodyweight', unit);
    if (lowest >= range.min) return { weightKg: added, reps: lowest + 1, reason: message('moreReps', { reps: lowest + 1 }) };
    return { weightKg: added, reps: range.min, reason: message('holdReps', { min: range.min }) };
  }

  const top = last.topKg;
  // Rounded down to what the plates make, so always lighter than the last top set.
  const lighter = () => floorLoadable(top * (1 - STEP_BACK_PERCENT / 100), kind, unit);
  if (args.adaptation === 'lighter') {
    return { weightKg: lighter(), reps: range.min, reason: message('adaptedLighter', { percent: STEP_BACK_PERCENT, min: range.min }) };
  }
  if (target?.percentOneRepMax != null && args.e1rmKg) {
    const weightKg = Math.min(floorLoadable((args.e1rmKg * target.percentOneRepMax) / 100, kind, unit), oneStepUp(top, kind, unit));
    return { weightKg, reps: range.min, reason: message('fromOneRepMax', { percent: target.percentOneRepMax, e1rm: shownWeight(args.e1rmKg, unit), unit }) };
  }
  if (lowest >= range.max) {
    return { weightKg: oneStepUp(top, kind, unit), reps: range.min, reason: message('addWeight', { reps: range.max, step: plateStep(kind, unit), unit, min: range.min }) };
  }
  const same = nearestLoadable(top, kind, unit);
  if (lowest >= range.min) {
    const reps = Math.min(lowest + 1, range.max);
    return { weightKg: same, reps, reason: message('addRep', { reps }) };
  }
  if (below(sessions[1], range.min)) {
    return { weightKg: lighter(), reps: range.min, reason: message('stepBack', { min: range.min, percent: STEP_BACK_PERCENT }) };
  }
  return { weightKg: same, reps: range.min, reason: message('hold', { min: range.min }) };
}
