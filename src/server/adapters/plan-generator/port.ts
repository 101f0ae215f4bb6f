import type { Locale } from '#core/common/schemas';
import type { ProgressListener } from '#core/plans/progress';
import type { FitnessPlan, FitnessPlanInput } from '#core/plans/schemas';

export interface PlanGenerationRequest {
  /** Already validated with fitnessPlanInputSchema. */
  input: FitnessPlanInput;
  /** Seeds the built-in engine (also when an LLM answer is rejected); store it with the plan. */
  seed: number;
  /** The input's locale, else the user's preference, else 'en'. */
  locale: Locale;
  /** Told of each stage so the server can stream progress to the user. */
  onProgress?: ProgressListener;
  /** Cancels an LLM call when the client goes away; the built-in engine is instant. */
  signal?: AbortSignal;
}

/** Why an LLM answer was not used. */
export type FallbackReason = 'timeout' | 'request_failed' | 'invalid_output' | 'schema_invalid' | 'unknown_exercise' | 'equipment_not_allowed' | 'level_too_high' | 'plan_rules_broken';

export interface PlanGenerationResult {
  plan: FitnessPlan;
  /** Who wrote the plan the user gets. */
  source: 'ai' | 'builtin';
  /** Set when the LLM was asked but its answer was not used. */
  fallbackReason?: FallbackReason;
  /** Human-readable detail of the fallback, for logs; never shown to users. */
  fallbackDetail?: string;
  /** The model that wrote the plan, when source is 'ai'. */
  model?: string;
}

export interface PlanGenerator {
  readonly name: 'builtin' | 'llm';
  generate(request: PlanGenerationRequest): Promise<PlanGenerationResult>;
}
