import { labelAnswerSchema, type LabelAnswer } from '#core/nutrition/kitchen/label';
import { chatModel, LlmFallback, type LlmOptions } from '#server/lib/llm-stream';
import type { Logger } from '#server/lib/logger';
import type { PreparedImage } from './port';

/** Reads a nutrition label from a photo: what is printed, column by column; throws an `LlmFallback` when it cannot. */
export interface LabelReader {
  read(image: PreparedImage, opts: { signal?: AbortSignal }): Promise<LabelAnswer>;
}

const SYSTEM = [
  'You read nutrition facts labels from photos of food packaging.',
  'Copy the numbers exactly as printed; do not calculate, convert or estimate anything.',
  '`perServing` is the column per serving or per portion; `per100g` is the column per 100 g or per 100 ml. Fill each column the label prints and set a column to null when the label has none.',
  'In a column, `kcal` is the energy printed in kcal (or Calories) and `kj` the energy printed in kJ; set either to null when not printed. `protein`, `carbs` (total carbohydrate) and `fat` (total fat) are in grams; null when that line is missing or unreadable.',
  '`servingGrams` is the serving size in grams (or millilitres) as printed, e.g. 30 for "Serving size 30 g" or "1 bar (30g)"; null when the label gives no weight for a serving.',
  '`name` is the product name when it is visible in the photo, else null.',
  'Set `readable` to false when the photo shows no nutrition label or it is too blurred, cut off or dark to read.',
].join('\n');

/** A vision LLM through the AI SDK's OpenAI-compatible provider, with structured output validated by zod; no retry. */
export function createLlmLabelReader(options: LlmOptions & { logger?: Logger }): LabelReader {
  return {
    async read(image, opts) {
      const { NoObjectGeneratedError, Output, generateText } = await import('ai');
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
      const onAbort = () => controller.abort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const { output } = await generateText({
          model: await chatModel(options),
          output: Output.object({ schema: labelAnswerSchema, name: 'nutrition_label' }),
          system: SYSTEM,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Read this nutrition label.' },
                { type: 'image', image: image.jpeg, mediaType: 'image/jpeg' },
              ],
            },
          ],
          abortSignal: controller.signal,
          // The user is waiting with the form open: a failure is shown at once and the values can be typed.
          maxRetries: 0,
          temperature: 0,
          providerOptions: { openai: { strictJsonSchema: false } },
        });
        return output as LabelAnswer;
      } catch (error) {
        const reason = timedOut ? 'timeout' : NoObjectGeneratedError.isInstance(error) ? 'invalid_output' : 'request_failed';
        options.logger?.warn('label reading failed', { reason, detail: (error as Error).message?.slice(0, 300), model: options.model });
        throw new LlmFallback(reason, timedOut ? `No answer within ${options.timeoutMs} ms` : (error as Error).message);
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
