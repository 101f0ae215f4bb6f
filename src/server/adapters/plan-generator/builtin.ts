import { generatePlan } from '#core/plans/engine';
import type { PlanGenerationRequest, PlanGenerationResult, PlanGenerator } from './port';

/** The embedded default: the deterministic engine of src/core/plans, no network. */
export function createBuiltinPlanGenerator(): PlanGenerator {
  return {
    name: 'builtin',
    async generate(request) {
      return { plan: builtinPlan(request), source: 'builtin' };
    },
  };
}

export function builtinPlan({ input, seed, locale, onProgress }: PlanGenerationRequest): PlanGenerationResult['plan'] {
  return generatePlan(input, { seed, locale, onProgress });
}
