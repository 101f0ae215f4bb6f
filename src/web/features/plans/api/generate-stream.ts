import type { GeneratedPlan, ProgressEvent } from '../../../../core/plans/api-schemas';
import type { PlanGenerationInput } from '../../../../core/plans/schemas';
import { ApiError, apiStream } from '../../../lib/api-client';

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Splits a Server-Sent Events text into messages as it arrives: complete ones are returned, the unfinished tail is
 * kept for the next chunk.
 */
export function createSseParser(): (chunk: string) => SseMessage[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    return blocks.flatMap((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      return data.length ? [{ event, data: data.join('\n') }] : [];
    });
  };
}

const lost = () =>
  new ApiError({ code: 'NETWORK_ERROR', message: 'Network connection issue. Please check your internet', statusCode: 0 });

/**
 * POST /api/fitness-plans as an event stream: each stage goes to `onProgress` as it happens, and the promise gives
 * the saved plan (or the API's error, thrown as an ApiError like any other call).
 */
export async function generatePlanStreamed(
  input: PlanGenerationInput,
  { onProgress, signal }: { onProgress: (event: ProgressEvent) => void; signal?: AbortSignal },
): Promise<GeneratedPlan> {
  const res = await apiStream('/api/fitness-plans', { method: 'POST', body: input, signal });
  if (!res.body) throw lost();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createSseParser();
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw lost();
    }
    if (chunk.done) break;
    for (const message of parse(chunk.value)) {
      const data = JSON.parse(message.data) as unknown;
      if (message.event === 'progress') onProgress(data as ProgressEvent);
      else if (message.event === 'plan') return data as GeneratedPlan;
      else if (message.event === 'error') {
        const e = (data as { error: ConstructorParameters<typeof ApiError>[0] & { requestId?: string } }).error;
        throw new ApiError(e);
      }
    }
  }
  // The connection ended before the plan came: it may still have been saved, which the plans list will show.
  throw lost();
}
