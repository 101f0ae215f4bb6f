import { describe, expect, it } from 'vitest';
import { exerciseById, type Exercise } from '#core/plans/exercises';
import { isLoadable, LB_PER_KG } from './loading';
import { suggestNext, type LoggedSession, type SuggestArgs, type Target } from './progression';

const ex = (id: string): Exercise => {
  const e = exerciseById(id);
  if (!e) throw new Error(id);
  return e;
};
const bench = ex('barbell-bench-press');
const dumbbell = ex('dumbbell-floor-press');
const machine = ex('machine-chest-press');
const pushUp = ex('push-up');
const target = (min: number, max: number, extra: Partial<Target> = {}): Target => ({ sets: 3, reps: { min, max }, durationSeconds: null, rpe: 8, percentOneRepMax: null, ...extra });
const session = (weightKg: number | null, ...reps: number[]): LoggedSession => ({ sets: reps.map((r) => ({ weightKg, reps: r, rpe: null })) });
const suggest = (args: Partial<SuggestArgs> & Pick<SuggestArgs, 'sessions'>) => suggestNext({ exercise: bench, target: target(8, 12), e1rmKg: null, unit: 'kg', ...args });

describe('next-session suggestion (double progression)', () => {
  it('adds one plate step and goes back to the bottom of the range when every working set reached the top', () => {
    const s = suggest({ sessions: [session(60, 12, 12, 12)] });
    expect(s).toMatchObject({ weightKg: 62.5, reps: 8, reason: { messageKey: 'coach.addWeight', params: { reps: 12, step: 2.5, unit: 'kg', min: 8 } } });
    expect(s!.reason.message).toBe('Every set reached 12 reps last time: add 2.5 kg and start again at 8 reps.');
  });

  it('steps by the equipment: 2 kg dumbbells, 5 kg machine stacks', () => {
    expect(suggest({ exercise: dumbbell, sessions: [session(20, 12, 12, 12)] })?.weightKg).toBe(22);
    expect(suggest({ exercise: machine, sessions: [session(40, 12, 12, 12)] })?.weightKg).toBe(45);
  });

  it('in pounds, steps by 5 lb on a bar and lands on weights the plates make', () => {
    const lb135 = 135 / LB_PER_KG;
    const s = suggest({ unit: 'lb', sessions: [session(lb135, 12, 12, 12)] });
    expect(s!.weightKg! * LB_PER_KG).toBeCloseTo(140, 1);
    expect(s!.reason.params).toMatchObject({ step: 5, unit: 'lb' });
    expect(suggest({ exercise: machine, unit: 'lb', sessions: [session(100 / LB_PER_KG, 12, 12)] })!.weightKg! * LB_PER_KG).toBeCloseTo(110, 1);
  });

  it('within the range keeps the weight and asks for one rep more than the weakest working set', () => {
    expect(suggest({ sessions: [session(60, 10, 9, 9)] })).toMatchObject({ weightKg: 60, reps: 10, reason: { messageKey: 'coach.addRep', params: { reps: 10 } } });
  });

  it('never asks for more reps than the top of the range', () => {
    expect(suggest({ sessions: [session(60, 12, 12, 11)] })).toMatchObject({ weightKg: 60, reps: 12 });
  });

  it('reads the working sets only: lighter warm-up sets do not count', () => {
    const warmUp = { sets: [{ weightKg: 40, reps: 5, rpe: null }, ...session(60, 12, 12).sets] };
    expect(suggest({ sessions: [warmUp] })).toMatchObject({ weightKg: 62.5, reps: 8 });
  });

  it('holds the weight after one session below the bottom of the range', () => {
    expect(suggest({ sessions: [session(60, 8, 7, 6), session(57.5, 10, 10, 10)] })).toMatchObject({ weightKg: 60, reps: 8, reason: { messageKey: 'coach.hold', params: { min: 8 } } });
  });

  it('steps back about 10 % after two sessions in a row below the bottom, to a loadable weight', () => {
    expect(suggest({ sessions: [session(60, 7, 6, 6), session(60, 7, 7, 6)] })).toMatchObject({ weightKg: 52.5, reps: 8, reason: { messageKey: 'coach.stepBack', params: { percent: 10 } } });
  });

  it('progresses bodyweight work by reps, past the top of the range', () => {
    expect(suggestNext({ exercise: pushUp, target: target(8, 12), sessions: [session(null, 15, 14, 14)], e1rmKg: null, unit: 'kg' })).toMatchObject({
      weightKg: null,
      reps: 15,
      reason: { messageKey: 'coach.moreReps' },
    });
  });

  it('holds bodyweight reps at the bottom of the range after a session below it', () => {
    expect(suggestNext({ exercise: pushUp, target: target(8, 12), sessions: [session(null, 6, 5)], e1rmKg: null, unit: 'kg' })).toMatchObject({
      reps: 8,
      reason: { messageKey: 'coach.holdReps' },
    });
  });

  it('keeps a weight added to bodyweight work (a belt, a vest)', () => {
    expect(suggestNext({ exercise: pushUp, target: target(8, 12), sessions: [session(10, 9, 9)], e1rmKg: null, unit: 'kg' })).toMatchObject({ weightKg: 10, reps: 10 });
  });

  it('takes the load of a %1RM prescription from the estimated 1RM', () => {
    const s = suggest({ target: target(5, 5, { percentOneRepMax: 80 }), e1rmKg: 100, sessions: [session(75, 5, 5, 5)] });
    expect(s).toMatchObject({ weightKg: 77.5, reps: 5, reason: { messageKey: 'coach.fromOneRepMax', params: { percent: 80, e1rm: 100, unit: 'kg' } } });
  });

  it('never lets a %1RM load jump more than one plate step above the last top set', () => {
    expect(suggest({ target: target(5, 5, { percentOneRepMax: 85 }), e1rmKg: 140, sessions: [session(80, 5, 5)] })?.weightKg).toBe(82.5);
  });

  it('follows an adapted (lighter) week: about 10 % off the last top set', () => {
    expect(suggest({ adaptation: 'lighter', sessions: [session(100, 7, 7)] })).toMatchObject({ weightKg: 90, reps: 8, reason: { messageKey: 'coach.adaptedLighter' } });
  });

  it('assumes 8–12 reps without a plan', () => {
    expect(suggest({ target: null, sessions: [session(60, 12, 12)] })).toMatchObject({ weightKg: 62.5, reps: 8 });
  });

  it('suggests nothing for an exercise never logged, timed work, or a timed prescription', () => {
    expect(suggest({ sessions: [] })).toBeNull();
    expect(suggestNext({ exercise: ex('plank'), target: null, sessions: [{ sets: [{ weightKg: null, reps: null, rpe: null }] }], e1rmKg: null, unit: 'kg' })).toBeNull();
    expect(suggest({ target: { ...target(8, 12), reps: null, durationSeconds: 30 }, sessions: [session(60, 10)] })).toBeNull();
  });

  it('rounds a weight the plates cannot make (61 kg on a bar) to one they can', () => {
    const s = suggest({ sessions: [session(61, 10, 10)] });
    expect(s?.weightKg).toBe(60);
    expect(isLoadable(s!.weightKg!, 'barbell', 'kg')).toBe(true);
  });
});
