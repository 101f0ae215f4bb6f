import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caloriesBurned, DEFAULT_BODY_WEIGHT_KG, DEFAULT_MET, sessionMet } from './calories';

const MET: Record<string, number> = { 'barbell-back-squat': 6, 'running-8kmh': 8.3, plank: 3.8 };
const metOf = (id: string) => MET[id];

describe('caloriesBurned', () => {
  it('is MET × kg × hours', () => {
    // 60 minutes of squats at MET 6 for 80 kg: 480 kcal.
    const input = { durationMinutes: 60, bodyWeightKg: 80, exercises: [{ exerciseId: 'barbell-back-squat', sets: [{}, {}, {}] }] };
    expect(caloriesBurned(input, metOf)).toBe(480);
    expect(caloriesBurned({ ...input, durationMinutes: 30 }, metOf)).toBe(240);
  });

  it('uses the default weight when the user has not given theirs', () => {
    const input = { durationMinutes: 60, exercises: [{ exerciseId: 'running-8kmh', sets: [{ durationSeconds: 1800 }] }] };
    expect(caloriesBurned({ ...input, bodyWeightKg: null }, metOf)).toBe(Math.round(8.3 * DEFAULT_BODY_WEIGHT_KG));
    expect(caloriesBurned({ ...input, bodyWeightKg: undefined }, metOf)).toBe(581);
  });

  it('uses the default MET for custom exercises and for a session with no exercises', () => {
    expect(caloriesBurned({ durationMinutes: 45, bodyWeightKg: 60, exercises: [] }, metOf)).toBe(Math.round(DEFAULT_MET * 60 * 0.75));
    expect(sessionMet([{ exerciseId: null, sets: [{}] }], metOf)).toBe(DEFAULT_MET);
    expect(sessionMet([{ exerciseId: 'not-in-library', sets: [{}] }], metOf)).toBe(DEFAULT_MET);
  });

  it('weighs exercises by the time their sets took', () => {
    // 20 minutes of running (MET 8.3) and three nominal 45 s strength sets (MET 6): mostly running.
    const met = sessionMet(
      [
        { exerciseId: 'running-8kmh', sets: [{ durationSeconds: 1200 }] },
        { exerciseId: 'barbell-back-squat', sets: [{}, {}, {}] },
      ],
      metOf,
    );
    expect(met).toBeCloseTo((8.3 * 1200 + 6 * 135) / 1335, 10);
  });

  it('leaves out skipped sets, unless nothing was ticked off', () => {
    const skippedRun = [
      { exerciseId: 'running-8kmh', sets: [{ durationSeconds: 1200, completed: false }] },
      { exerciseId: 'plank', sets: [{ durationSeconds: 60 }] },
    ];
    expect(sessionMet(skippedRun, metOf)).toBe(3.8);
    expect(sessionMet([{ exerciseId: 'running-8kmh', sets: [{ durationSeconds: 60, completed: false }] }], metOf)).toBe(8.3);
  });

  it('property: lies between the smallest and largest MET of the session and grows with duration', () => {
    const ids = Object.keys(MET);
    const exercise = fc.record({
      exerciseId: fc.constantFrom(...ids),
      sets: fc.array(fc.record({ durationSeconds: fc.option(fc.integer({ min: 1, max: 3600 })), completed: fc.boolean() }), { minLength: 1, maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(exercise, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 600 }), fc.double({ min: 30, max: 300, noNaN: true }), (exercises, minutes, kg) => {
        const met = sessionMet(exercises, metOf);
        const mets = exercises.map((e) => MET[e.exerciseId]);
        expect(met).toBeGreaterThanOrEqual(Math.min(...mets) - 1e-9);
        expect(met).toBeLessThanOrEqual(Math.max(...mets) + 1e-9);
        const shorter = caloriesBurned({ durationMinutes: minutes, bodyWeightKg: kg, exercises }, metOf);
        const longer = caloriesBurned({ durationMinutes: minutes + 10, bodyWeightKg: kg, exercises }, metOf);
        expect(longer).toBeGreaterThanOrEqual(shorter);
        expect(shorter).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
