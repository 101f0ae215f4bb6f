import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#core/common/schemas';
import { generatePlan } from './engine';
import { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS, FITNESS_PLAN_TYPES, PLAN_DETAILS, PLAN_DURATIONS, type FitnessPlanInput } from './schemas';
import { packPlan, unpackPlan } from './stored';

const inputs = fc.record({
  planType: fc.constantFrom(...FITNESS_PLAN_TYPES),
  goals: fc.uniqueArray(fc.constantFrom(...FITNESS_GOALS), { minLength: 1, maxLength: 3 }),
  fitnessLevel: fc.constantFrom(...FITNESS_LEVELS),
  equipment: fc.uniqueArray(fc.constantFrom(...EQUIPMENT), { minLength: 1, maxLength: EQUIPMENT.length }),
  duration: fc.constantFrom(...PLAN_DURATIONS),
  locale: fc.constantFrom(...LOCALES),
}) satisfies fc.Arbitrary<FitnessPlanInput>;

const big: FitnessPlanInput = { planType: 'muscle_gain', goals: ['build_muscle', 'increase_strength'], fitnessLevel: 'advanced', equipment: ['gym_access'], duration: 12 };

describe('packed plans', () => {
  it('give back the plan they were made from, for any input, seed and detail (through JSON, as stored)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 0xffff_ffff }), fc.constantFrom(...PLAN_DETAILS), (input, seed, detail) => {
        const plan = generatePlan(input, { seed, detail });
        expect(unpackPlan(JSON.parse(JSON.stringify(packPlan(plan))), plan.title)).toStrictEqual(plan);
      }),
      { numRuns: 150 },
    );
  });

  it('keep a name that is not the library’s, and notes, days and weeks as written', () => {
    const plan = generatePlan(big, { seed: 3 });
    const day = plan.weeks[1].days.find((d) => d.exercises.length > 0)!;
    day.exercises[0] = { ...day.exercises[0], name: 'My own name', notes: 'A note of its own' };
    day.notes = 'Go easy today';
    plan.weeks[2].focus = 'Another focus';
    const back = unpackPlan(JSON.parse(JSON.stringify(packPlan(plan))), plan.title);
    expect(back).toStrictEqual(plan);
  });

  it('are a fraction of the whole plan', () => {
    const plan = generatePlan(big, { seed: 42 });
    expect(JSON.stringify(packPlan(plan)).length).toBeLessThan(JSON.stringify(plan).length / 5);
  });

  it('read a plan stored whole before packing as it is, under the row’s title', () => {
    const plan = generatePlan(big, { seed: 9 });
    expect(unpackPlan(plan, 'Renamed')).toStrictEqual({ ...plan, title: 'Renamed' });
  });

  it('give one week alone when asked, packed or stored whole, and no week for one the plan lacks', () => {
    const plan = generatePlan(big, { seed: 11 });
    for (const stored of [JSON.parse(JSON.stringify(packPlan(plan))), plan]) {
      for (const n of [1, 5, 12]) expect(unpackPlan(stored, plan.title, n)).toStrictEqual({ ...plan, weeks: [plan.weeks[n - 1]] });
      for (const n of [0, -1, 13]) expect(unpackPlan(stored, plan.title, n).weeks).toEqual([]);
    }
  });
});
