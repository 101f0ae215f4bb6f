import { type GeneratedFitnessPlan, generatedFitnessPlanSchema, type ProgressEvent } from '#core/plans/api-schemas';
import { generateFitnessPlanContract } from '#core/plans/fitness-plans.contract';
import type { FitnessPlanInput } from '#core/plans/schemas';
import { contractUrl } from '#web/lib/api-client';
import { postEventStream } from '#web/lib/event-stream';

/**
 * POST /api/fitness-plans as an event stream: each stage goes to `onProgress` as it happens, and the promise gives
 * the saved plan (or the API's error, thrown as an ApiError like any other call).
 */
export function generatePlanStreamed(input: FitnessPlanInput, { onProgress, signal }: { onProgress: (event: ProgressEvent) => void; signal?: AbortSignal }): Promise<GeneratedFitnessPlan> {
  return postEventStream<GeneratedFitnessPlan, ProgressEvent>(contractUrl(generateFitnessPlanContract, {}), input, {
    resultEvent: 'plan',
    result: generatedFitnessPlanSchema,
    onProgress,
    signal,
  });
}
