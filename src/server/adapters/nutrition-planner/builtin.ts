import { generateNutritionPlan } from '#core/nutrition/plans';
import type { NutritionPlanner } from './port';

/** The embedded default: the deterministic engine of src/core/nutrition/plans, no network. */
export function createBuiltinNutritionPlanner(): NutritionPlanner {
  return {
    name: 'builtin',
    async generate({ brief, seed, onProgress }) {
      return { plan: generateNutritionPlan(brief, { seed, onProgress }), source: 'builtin' };
    },
  };
}
