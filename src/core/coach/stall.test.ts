import { describe, expect, it } from 'vitest';
import { detectStall } from './stall';
import type { LoggedSession, Target } from './progression';

const target: Target = { sets: 3, reps: { min: 8, max: 12 }, durationSeconds: null, rpe: 8, percentOneRepMax: null };
const session = (weightKg: number | null, reps: number[], rpe: number | null = null): LoggedSession => ({ sets: reps.map((r) => ({ weightKg, reps: r, rpe })) });

describe('stalls', () => {
  it('two sessions in a row below the bottom of the range: 10 % lighter next week', () => {
    const stall = detectStall(target, [session(80, [7, 6, 6]), session(80, [7, 7, 7])], 'barbell');
    expect(stall).toMatchObject({ kind: 'lighter', note: { messageKey: 'coach.adaptLighter', params: { percent: 10, min: 8 } } });
  });

  it('bodyweight work that stalls drops a set instead', () => {
    expect(detectStall(target, [session(null, [5, 5]), session(null, [6, 5])], 'bodyweight')).toMatchObject({ kind: 'fewer_sets', note: { messageKey: 'coach.adaptFewerSetsBelow' } });
  });

  it('every set of the last session at RPE 9.5 or more: one set fewer next week', () => {
    expect(detectStall(target, [session(80, [10, 9, 8], 9.5)], 'barbell')).toMatchObject({ kind: 'fewer_sets', note: { messageKey: 'coach.adaptFewerSetsRpe' } });
  });

  it('one set below the range, one easy set or one hard session alone is no stall', () => {
    expect(detectStall(target, [session(80, [7, 6]), session(80, [9, 9])], 'barbell')).toBeNull();
    expect(detectStall(target, [session(80, [7, 6])], 'barbell')).toBeNull();
    expect(detectStall(target, [{ sets: [...session(80, [9], 10).sets, ...session(80, [9], 8).sets] }], 'barbell')).toBeNull();
    expect(detectStall(target, [], 'barbell')).toBeNull();
  });

  it('never takes the only set away, and ignores timed work', () => {
    expect(detectStall({ ...target, sets: 1 }, [session(80, [9], 10)], 'barbell')).toBeNull();
    expect(detectStall({ ...target, reps: null, durationSeconds: 30 }, [session(null, [5]), session(null, [5])], 'bodyweight')).toBeNull();
  });
});
