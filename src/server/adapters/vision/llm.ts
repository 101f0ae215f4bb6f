import { z } from 'zod';
import type { Locale } from '#core/common/schemas';
import { FOODS, normalizeFoodText, searchFoods, type Food } from '#core/nutrition/foods';
import { chatModel } from '#server/lib/llm-stream';
import type { Logger } from '#server/lib/logger';
import type { PreparedImage, Recognition, RecognisedFood, VisionRecognizer } from './port';

export interface LlmVisionOptions {
  /** An OpenAI-compatible API root, e.g. https://api.openai.com/v1 or a vLLM / Ollama server's /v1. */
  baseURL?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Answers when the model cannot: an HTTP error, a timeout, an answer that breaks the schema. */
  fallback: VisionRecognizer;
  logger?: Logger;
}

/** What the model must answer; anything else is rejected and the fallback answers instead. */
export const visionAnswerSchema = z.object({
  items: z
    .array(
      z.object({
        /** Common English name, singular ("fried egg", "white rice"). */
        name: z.string().min(1).max(100),
        /** The same in the user's language. */
        localName: z.string().min(1).max(100),
        /** Edible weight of everything of that food in the photo. */
        grams: z.number().min(1).max(5000),
        confidence: z.number().min(0).max(1),
        calories: z.number().min(0).max(10000),
        protein: z.number().min(0).max(500),
        carbs: z.number().min(0).max(500),
        fat: z.number().min(0).max(500),
      }),
    )
    .max(20),
  /** Things on the plate the model cannot identify as a food. */
  unrecognised: z.array(z.string().min(1).max(100)).max(20),
});
export type VisionAnswer = z.infer<typeof visionAnswerSchema>;

/**
 * A vision LLM through the AI SDK's OpenAI-compatible provider, with structured output validated by zod. Foods the
 * table knows get the table's nutrients for the model's grams; anything else keeps the model's own numbers, marked
 * as an estimate.
 */
export function createLlmVision(options: LlmVisionOptions): VisionRecognizer {
  const catalogue = FOODS.map((f) => f.name.en).join('; ');

  return {
    engine: 'llm',
    warmUp: () => options.fallback.warmUp(),
    async recognise(image: PreparedImage, opts: { locale: Locale; signal?: AbortSignal }): Promise<Recognition> {
      const { NoObjectGeneratedError, Output, generateText } = await import('ai');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`No answer within ${options.timeoutMs} ms`)), options.timeoutMs);
      const onAbort = () => controller.abort(opts.signal?.reason);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const { output } = await generateText({
          model: await chatModel(options),
          output: Output.object({ schema: visionAnswerSchema, name: 'meal_photo' }),
          system: systemPrompt(opts.locale, catalogue),
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'List the foods in this photo.' },
                { type: 'image', image: image.jpeg, mediaType: 'image/jpeg' },
              ],
            },
          ],
          abortSignal: controller.signal,
          // The embedded detector is an instant fallback; a retry would only keep the user waiting.
          maxRetries: 0,
          temperature: 0,
        });
        return { engine: 'llm', model: options.model, ...toFoods(output, opts.locale) };
      } catch (error) {
        const reason = controller.signal.aborted && !opts.signal?.aborted ? 'timeout' : NoObjectGeneratedError.isInstance(error) ? 'invalid_output' : 'request_failed';
        options.logger?.warn('vision model failed, using the embedded detector', { reason, detail: (error as Error).message?.slice(0, 300), model: options.model });
        const local = await options.fallback.recognise(image, opts);
        return { ...local, fallbackReason: reason };
      } finally {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

function systemPrompt(locale: Locale, catalogue: string): string {
  const language = locale === 'zh' ? 'Simplified Chinese' : 'English';
  return [
    'You are a dietitian who estimates what is on a plate from a photo.',
    'List each distinct food you can see with the edible weight in grams of all of it together, your confidence (0 to 1) that it is there, and its calories, protein, carbs and fat for that weight.',
    'Only list foods you can actually see; never guess foods that are hidden or merely typical of the dish.',
    `Give \`name\` in English and \`localName\` in ${language}.`,
    `When a food matches one of these names, use that name exactly: ${catalogue}.`,
    'Put anything you cannot identify (a covered bowl, an unclear sauce) in `unrecognised`, in a few words.',
    'If the photo shows no food, answer with an empty `items` list.',
  ].join('\n');
}

/** The model's items as foods of the table where one fits word for word, else as its own estimates. */
export function toFoods(answer: VisionAnswer, locale: Locale): { foods: RecognisedFood[]; unrecognised: string[] } {
  const foods = answer.items.map((item): RecognisedFood => {
    const food = tableFood(item.name) ?? tableFood(item.localName);
    if (food) return { foodId: food.id, label: item.name, grams: item.grams, confidence: item.confidence, pieces: null };
    return {
      foodId: null,
      label: locale === 'zh' ? item.localName : item.name,
      grams: item.grams,
      confidence: item.confidence,
      pieces: null,
      estimate: { calories: item.calories, protein: item.protein, carbs: item.carbs, fat: item.fat },
    };
  });
  return { foods, unrecognised: answer.unrecognised };
}

const wordsOf = (text: string) => normalizeFoodText(text).split(' ').filter(Boolean);

/**
 * The table's food when one of its names or aliases has the same words as the model's name, in any order ("grilled
 * chicken breast" is "Chicken breast, grilled"); a food with a word more or less ("egg fried rice" for "fried rice")
 * is another food, and the model's own numbers are kept for it.
 */
function tableFood(name: string): Food | undefined {
  const wanted = wordsOf(name).sort().join(' ');
  if (!wanted) return undefined;
  for (const lang of ['en', 'zh'] as const) {
    for (const food of searchFoods(name, lang, 5)) {
      const keys = [food.name.en, food.name.zh, ...(food.aliases?.en ?? []), ...(food.aliases?.zh ?? [])];
      if (keys.some((k) => wordsOf(k).sort().join(' ') === wanted)) return food;
    }
  }
  return undefined;
}
