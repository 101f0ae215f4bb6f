import type { LanguageModel } from 'ai';
import type { z } from 'zod';

/** Where an OpenAI-compatible model lives, and how long one answer may take. */
export interface LlmOptions {
  /** An API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  baseURL?: string;
  apiKey?: string;
  model: string;
  /** The whole call, from request to the last token; past it the caller's fallback answers instead. */
  timeoutMs: number;
}

/** The chat completions model: what OpenAI-compatible servers (vLLM, Ollama, LM Studio) all speak — the provider's
 * default model would call the Responses API, which most of them lack. The SDK is imported on the first call (and the
 * one in `streamStructured`), so a server without a model configured never loads it. */
export async function chatModel(options: LlmOptions): Promise<LanguageModel> {
  const { createOpenAI } = await import('@ai-sdk/openai');
  return createOpenAI({ baseURL: options.baseURL, apiKey: options.apiKey ?? 'not-needed' }).chat(options.model);
}

/** Why a model's answer was not used; each adapter adds reasons of its own checks. */
export class LlmFallback<R extends string = string> extends Error {
  constructor(
    readonly reason: R | StreamFailure,
    detail: string,
  ) {
    super(detail);
  }

  /** Any error as a fallback: its own reason when it is one, else a failed request. */
  static of<R extends string>(error: unknown): LlmFallback<R> {
    return error instanceof LlmFallback ? (error as LlmFallback<R>) : new LlmFallback<R>('request_failed', error instanceof Error ? error.message : String(error));
  }
}
export type StreamFailure = 'timeout' | 'request_failed' | 'invalid_output' | 'schema_invalid';

/**
 * One structured answer, streamed: the partial object goes to `onPartial` as it grows (for progress), the whole one
 * is returned once it passes the schema. The call is cut at the timeout or when `signal` aborts (the client went
 * away). Every failure is an `LlmFallback` (timeout, request_failed, invalid_output, schema_invalid); no retry, since
 * every caller has an instant fallback and a retry would only make the user wait longer.
 */
export async function streamStructured<S extends z.ZodType>(
  model: LanguageModel,
  options: Pick<LlmOptions, 'timeoutMs'> & {
    schema: S;
    name: string;
    system: string;
    prompt: string;
    signal?: AbortSignal;
    onPartial?: (partial: Partial<z.infer<S>>) => void;
  },
): Promise<z.infer<S>> {
  const { timeoutMs } = options;
  const ai = await import('ai');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onClientAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onClientAbort, { once: true });

  let streamError: unknown;
  let content: z.infer<S>;
  try {
    const result = ai.streamText({
      model,
      output: ai.Output.object({ schema: options.schema, name: options.name }),
      system: options.system,
      prompt: options.prompt,
      abortSignal: controller.signal,
      maxRetries: 0,
      temperature: 0.4,
      // OpenAI's strict mode rejects schemas with length and range keywords; the answer is validated here anyway.
      providerOptions: { openai: { strictJsonSchema: false } },
      onError: ({ error }) => {
        streamError = error;
      },
    });
    for await (const partial of result.partialOutputStream) options.onPartial?.(partial as Partial<z.infer<S>>);
    content = (await result.output) as z.infer<S>;
  } catch (error) {
    throw classify(ai, timedOut, streamError ?? error, timeoutMs);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onClientAbort);
  }
  if (timedOut) throw new LlmFallback('timeout', `No complete answer within ${timeoutMs} ms`);
  return content;
}

function classify(ai: typeof import('ai'), timedOut: boolean, error: unknown, timeoutMs: number): LlmFallback {
  const { NoObjectGeneratedError, TypeValidationError, JSONParseError } = ai;
  if (timedOut) return new LlmFallback('timeout', `No complete answer within ${timeoutMs} ms`);
  if (NoObjectGeneratedError.isInstance(error)) {
    if (TypeValidationError.isInstance(error.cause)) return new LlmFallback('schema_invalid', error.cause.message.slice(0, 500));
    if (JSONParseError.isInstance(error.cause)) return new LlmFallback('invalid_output', 'The answer is not valid JSON');
    return new LlmFallback('invalid_output', error.message);
  }
  return new LlmFallback('request_failed', error instanceof Error ? error.message : String(error));
}
