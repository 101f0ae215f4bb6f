import type { NutritionPlan, NutritionPlanBrief, NutritionPlanProgressListener } from '#core/nutrition/plans';

export interface NutritionPlanRequest {
  /** The targets, diet rules, meals per day and language, worked out once by the service. */
  brief: NutritionPlanBrief;
  /** Seeds the built-in engine (also when an LLM answer is rejected); stored with the plan. */
  seed: number;
  /** Told of each stage so the server can stream progress to the user. */
  onProgress?: NutritionPlanProgressListener;
  /** Cancels an LLM call when the client goes away; the built-in engine is instant. */
  signal?: AbortSignal;
}

/** Why an LLM answer was not used. */
export type NutritionPlanFallbackReason =
  | 'timeout'
  | 'request_failed'
  | 'invalid_output'
  | 'schema_invalid'
  | 'unknown_food'
  | 'restricted_food'
  | 'wrong_days'
  | 'wrong_meals'
  | 'off_target'
  | 'meal_share';

export interface NutritionPlanResult {
  plan: NutritionPlan;
  /** Who chose the foods. */
  source: 'ai' | 'builtin';
  /** Set when the LLM was asked but its answer was not used. */
  fallbackReason?: NutritionPlanFallbackReason;
  /** Detail of the fallback, for logs; never shown to users. */
  fallbackDetail?: string;
  /** The model that chose the foods, when source is 'ai'. */
  model?: string;
}

/**
 * Makes a 7-day nutrition plan. Every implementation returns a plan that passes `checkNutritionPlan` (seven days, the
 * asked meals, only allowed foods of the table, every day within 5 % of the targets, every meal a usual share of the
 * day), or throws `NoPlanPossible`.
 */
export interface NutritionPlanner {
  readonly name: 'builtin' | 'llm';
  generate(request: NutritionPlanRequest): Promise<NutritionPlanResult>;
}
