import type { GeneratedPlan, ProgressEvent } from '../../../../core/plans/api-schemas';
import type { PlanGenerationInput } from '../../../../core/plans/schemas';
import { postEventStream } from '../../../lib/event-stream';

/**
 * POST /api/fitness-plans as an event stream: each stage goes to `onProgress` as it happens, and the promise gives
 * the saved plan (or the API's error, thrown as an ApiError like any other call).
 */
export function generatePlanStreamed(
  input: PlanGenerationInput,
  { onProgress, signal }: { onProgress: (event: ProgressEvent) => void; signal?: AbortSignal },
): Promise<GeneratedPlan> {
  return postEventStream<GeneratedPlan, ProgressEvent>('/api/fitness-plans', input, { resultEvent: 'plan', onProgress, signal });
}
