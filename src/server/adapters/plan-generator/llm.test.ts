import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../../../tests/support/openai-compatible-server';
import { generatePlan } from '#core/plans/engine';
import { exerciseById } from '#core/plans/exercises';
import type { GenerationProgress } from '#core/plans/progress';
import { fitnessPlanSchema, type FitnessPlanContent, type FitnessPlanInput } from '#core/plans/schemas';
import { createBuiltinPlanGenerator } from './builtin';
import { createLlmPlanGenerator } from './llm';
import type { PlanGenerationRequest } from './port';

const input: FitnessPlanInput = { planType: 'general_fitness', goals: ['general_health'], fitnessLevel: 'beginner', equipment: ['none'], duration: 4 };
const request = (over: Partial<PlanGenerationRequest> = {}): PlanGenerationRequest => ({ input, seed: 11, locale: 'en', ...over });

/** What a well-behaved model would write: a plan's content, made here by the engine with another seed. */
function modelContent(over: Partial<FitnessPlanInput> = {}, seed = 99): FitnessPlanContent {
  const { title, summary, split, trainingDaysPerWeek, safetyNotes, weeks } = generatePlan({ ...input, ...over }, { seed });
  return { title: `AI ${title}`, summary, split, trainingDaysPerWeek, safetyNotes, weeks };
}

/** The content with the first exercise of the first lifting day swapped for another id. */
function withExercise(content: FitnessPlanContent, exerciseId: string): FitnessPlanContent {
  const copy = structuredClone(content);
  const day = copy.weeks[0].days.find((d) => d.type === 'strength')!;
  day.exercises[0] = { ...day.exercises[0], exerciseId };
  return copy;
}

let server: OpenAiCompatibleServer;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const generator = (timeoutMs = 10_000) => createLlmPlanGenerator({ baseURL: server.baseURL, apiKey: 'test-key', model: 'coach-1', timeoutMs });

describe('LLM plan generator', () => {
  it('uses a valid plan from the model, checked and named from the library', async () => {
    const content = modelContent();
    // Mislabelled names are corrected from the library.
    content.weeks[0].days.find((d) => d.type === 'strength')!.exercises[0].name = 'Something else';
    server.reply({ content: JSON.stringify(content), chunkSize: 700 });
    const progress: GenerationProgress[] = [];

    const result = await generator().generate(request({ onProgress: (p) => progress.push(p) }));

    expect(result.source).toBe('ai');
    expect(result.fallbackReason).toBeUndefined();
    expect(result.model).toBe('coach-1');
    expect(fitnessPlanSchema.safeParse(result.plan).success).toBe(true);
    expect(result.plan.title).toBe(content.title);
    expect(result.plan.seed).toBeNull();
    expect(result.plan.planType).toBe(input.planType);
    const ids = (weeks: FitnessPlanContent['weeks']) => weeks.flatMap((w) => w.days.flatMap((d) => d.exercises.map((p) => p.exerciseId)));
    expect(ids(result.plan.weeks)).toEqual(ids(content.weeks));
    for (const p of result.plan.weeks.flatMap((w) => w.days.flatMap((d) => d.exercises))) expect(p.name).toBe(exerciseById(p.exerciseId)!.name.en);

    const stages = progress.map((p) => (p.stage === 'building_week' ? `week ${p.week}` : p.stage));
    expect(stages).toEqual(['analysing_input', 'choosing_exercises', 'week 1', 'week 2', 'week 3', 'week 4', 'checking', 'done']);
  });

  it('calls the chat completions endpoint with structured output, the model, the key and the allowed exercises', async () => {
    server.reply({ content: JSON.stringify(modelContent()) });
    await generator().generate(request({ locale: 'zh' }));

    expect(server.requests).toHaveLength(1);
    const [call] = server.requests;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.headers.authorization).toBe('Bearer test-key');
    expect(call.body.model).toBe('coach-1');
    expect(call.body.stream).toBe(true);
    expect(call.body.response_format.type).toBe('json_schema');
    expect(call.body.response_format.json_schema.strict).toBe(false);
    expect(Object.keys(call.body.response_format.json_schema.schema.properties)).toEqual(
      expect.arrayContaining(['title', 'summary', 'split', 'trainingDaysPerWeek', 'safetyNotes', 'weeks']),
    );
    const text = call.body.messages.map((m: { content: unknown }) => JSON.stringify(m.content)).join('\n');
    expect(text).toContain('Simplified Chinese');
    expect(text).toContain('push-up');
    expect(text).not.toContain('barbell-back-squat');
  });

  describe('falls back to the built-in engine', () => {
    const builtin = async (over: Partial<PlanGenerationRequest> = {}) => (await createBuiltinPlanGenerator().generate(request(over))).plan;

    async function expectFallback(reason: string, over: Partial<PlanGenerationRequest> = {}, timeoutMs?: number) {
      const progress: GenerationProgress[] = [];
      const result = await generator(timeoutMs).generate(request({ ...over, onProgress: (p) => progress.push(p) }));
      expect(result.source).toBe('builtin');
      expect(result.fallbackReason).toBe(reason);
      expect(result.fallbackDetail).toBeTruthy();
      expect(result.plan).toEqual(await builtin(over));
      expect(progress.map((p) => p.stage)).toContain('falling_back');
      expect(progress.at(-1)?.stage).toBe('done');
      return result;
    }

    it('on an answer that is not JSON', async () => {
      server.reply({ content: '{"title": "Half a plan", "weeks": [' });
      await expectFallback('invalid_output');
    });

    it('on JSON that does not fit the plan schema', async () => {
      server.reply({ content: JSON.stringify({ title: 'No weeks', summary: 'x', split: 'full_body' }) });
      await expectFallback('schema_invalid');
      const content = modelContent();
      content.weeks[0].days[0].exercises[0].sets = 'three' as unknown as number;
      server.reply({ content: JSON.stringify(content) });
      await expectFallback('schema_invalid');
    });

    it('on a plan of the wrong length', async () => {
      const content = modelContent();
      server.reply({ content: JSON.stringify({ ...content, weeks: content.weeks.slice(0, 3) }) });
      await expectFallback('schema_invalid');
    });

    it('on an exercise the library does not have', async () => {
      server.reply({ content: JSON.stringify(withExercise(modelContent(), 'moonwalk-deadlift')) });
      const result = await expectFallback('unknown_exercise');
      expect(result.fallbackDetail).toContain('moonwalk-deadlift');
    });

    it('on an exercise that needs equipment the user lacks', async () => {
      server.reply({ content: JSON.stringify(withExercise(modelContent(), 'barbell-back-squat')) });
      const result = await expectFallback('equipment_not_allowed');
      expect(result.fallbackDetail).toContain('barbell');
    });

    it('on an exercise above the user level', async () => {
      server.reply({ content: JSON.stringify(withExercise(modelContent(), 'pistol-squat')) });
      await expectFallback('level_too_high');
    });

    it('on a plan that breaks the volume bounds', async () => {
      const content = modelContent();
      content.weeks[0].days.find((d) => d.type === 'strength')!.exercises[0].sets = 30;
      server.reply({ content: JSON.stringify(content) });
      await expectFallback('plan_rules_broken');
    });

    it('on an HTTP error', async () => {
      server.reply({ status: 500, error: 'model overloaded' });
      await expectFallback('request_failed');
    });

    it('when the model is too slow', async () => {
      server.reply({ hang: true });
      const start = Date.now();
      await expectFallback('timeout', {}, 300);
      expect(Date.now() - start).toBeLessThan(5_000);
    });

    it('when an answer starts but does not finish in time', async () => {
      server.reply({ content: JSON.stringify(modelContent()), delayMs: 1_000 });
      await expectFallback('timeout', {}, 200);
    });

    it('when the server cannot be reached', async () => {
      const unreachable = createLlmPlanGenerator({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 5_000 });
      const result = await unreachable.generate(request());
      expect(result.source).toBe('builtin');
      expect(result.fallbackReason).toBe('request_failed');
    });
  });
});
