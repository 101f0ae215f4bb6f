import { workingSets, message, STEP_BACK_PERCENT, type AdaptationKind, type LoggedSession, type Target } from './progression';
import type { Message } from '#core/messages/format';
import type { LoadKind } from './loading';

/** Every set of a session at or above this RPE: the lifter was at their limit. */
export const STALL_RPE = 9.5;

export interface Stall {
  kind: AdaptationKind;
  note: Message;
}

/**
 * Whether an exercise of a plan has stalled (ADR 028), from its sessions in that plan, newest first: every working
 * set of the last session at RPE 9.5 or more → one set fewer next week; the last two sessions below the bottom of the
 * range → 10 % lighter next week (one set fewer for bodyweight work, which has no load to take off). Null otherwise,
 * and for timed work.
 */
export function detectStall(target: Target, sessions: readonly LoggedSession[], kind: LoadKind): Stall | null {
  if (!target.reps || target.durationSeconds !== null) return null;
  const min = target.reps.min;
  const last = workingSets(sessions[0]);
  if (!last) return null;
  if (last.rpes.length > 0 && last.rpes.every((r) => r !== null && r >= STALL_RPE)) {
    return target.sets > 1 ? { kind: 'fewer_sets', note: message('adaptFewerSetsRpe') } : null;
  }
  const previous = workingSets(sessions[1]);
  const under = (w: typeof previous) => w !== null && Math.min(...w.reps) < min;
  if (!under(last) || !under(previous)) return null;
  if (kind === 'bodyweight' || last.topKg === null) return target.sets > 1 ? { kind: 'fewer_sets', note: message('adaptFewerSetsBelow', { min }) } : null;
  return { kind: 'lighter', note: message('adaptLighter', { percent: STEP_BACK_PERCENT, min }) };
}
