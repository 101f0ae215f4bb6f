import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#core/common/schemas';
import { generatePlan } from '#core/plans/engine';
import type { GenerationProgress } from '#core/plans/progress';
import { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS, FITNESS_PLAN_TYPES, fitnessPlanSchema, PLAN_DURATIONS, type FitnessPlanInput } from '#core/plans/schemas';
import { createBuiltinPlanGenerator } from './builtin';

const input: FitnessPlanInput = { planType: 'cardio', goals: ['improve_endurance'], fitnessLevel: 'intermediate', equipment: ['none'], duration: 8 };

describe('built-in plan generator', () => {
  it('answers with the engine plan for the request seed and locale', async () => {
    const progress: GenerationProgress[] = [];
    const result = await createBuiltinPlanGenerator().generate({ input, seed: 7, locale: 'zh', onProgress: (p) => progress.push(p) });
    expect(result.source).toBe('builtin');
    expect(result.fallbackReason).toBeUndefined();
    expect(result.plan).toEqual(generatePlan(input, { seed: 7, locale: 'zh' }));
    expect(progress.filter((p) => p.stage === 'building_week')).toHaveLength(8);
    expect(progress.at(-1)?.stage).toBe('done');
  });

  // A generated plan is stored as the generator answers it, without parsing it again on the request (ADR 030): for any
  // input, the schema must accept it and parsing must change nothing.
  it('answers plans the schema accepts as they are, for any input', { timeout: 60_000 }, async () => {
    const generator = createBuiltinPlanGenerator();
    const inputs = fc.record({
      planType: fc.constantFrom(...FITNESS_PLAN_TYPES),
      goals: fc.uniqueArray(fc.constantFrom(...FITNESS_GOALS), { minLength: 1, maxLength: 3 }),
      fitnessLevel: fc.constantFrom(...FITNESS_LEVELS),
      equipment: fc.uniqueArray(fc.constantFrom(...EQUIPMENT), { minLength: 1, maxLength: EQUIPMENT.length }),
      duration: fc.constantFrom(...PLAN_DURATIONS),
    }) satisfies fc.Arbitrary<FitnessPlanInput>;
    await fc.assert(
      fc.asyncProperty(inputs, fc.integer({ min: 0, max: 0xffff_ffff }), fc.constantFrom(...LOCALES), async (input, seed, locale) => {
        const { plan } = await generator.generate({ input, seed, locale });
        const parsed = fitnessPlanSchema.safeParse(plan);
        expect(parsed.error?.issues ?? []).toEqual([]);
        expect(parsed.data).toStrictEqual(plan);
      }),
      { numRuns: 150 },
    );
  });
});
