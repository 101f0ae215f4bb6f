import type { z } from 'zod';
import { codeMessage } from '#core/errors/catalogue';
import { ApiError, apiStream } from './api-client';

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

const lost = () => new ApiError({ code: 'NETWORK_ERROR', ...codeMessage('NETWORK_ERROR'), statusCode: 0 });

/**
 * A long job the API runs as an event stream (a plan being generated): each `progress` event goes to `onProgress`
 * as it happens, and the promise gives the data of the `resultEvent`, parsed with `result` as `call` parses an
 * answer (or the API's error, thrown as an ApiError like any other call). Errors before the stream starts come back
 * as ordinary JSON errors and are thrown the same way.
 */
export async function postEventStream<TResult, TProgress>(
  path: string,
  body: unknown,
  { resultEvent, result, onProgress, signal }: { resultEvent: string; result: z.ZodType<TResult>; onProgress: (event: TProgress) => void; signal?: AbortSignal },
): Promise<TResult> {
  const res = await apiStream(path, { method: 'POST', body, signal });
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
      if (message.event === 'progress') onProgress(data as TProgress);
      else if (message.event === resultEvent) {
        const parsed = result.safeParse(data);
        if (parsed.success) return parsed.data;
        console.error(`Unexpected ${resultEvent} event from POST ${path}`, parsed.error.issues);
        throw new ApiError({ code: 'UNKNOWN_ERROR', ...codeMessage('UNKNOWN_ERROR'), statusCode: 200 });
      } else if (message.event === 'error') {
        const e = (data as { error: ConstructorParameters<typeof ApiError>[0] & { requestId?: string } }).error;
        throw new ApiError(e);
      }
    }
  }
  // The connection ended before the result came: it may still have been saved, which the lists will show.
  throw lost();
}
