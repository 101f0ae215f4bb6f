import { describe, expect, it } from 'vitest';
import { generatePlan } from '#core/plans/engine';
import type { GenerationProgress } from '#core/plans/progress';
import type { FitnessPlanInput } from '#core/plans/schemas';
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
});
