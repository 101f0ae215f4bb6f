import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../../../tests/support/openai-compatible-server';
import { seededRandom } from '#core/common/random';
import type { Locale } from '#core/common/schemas';
import { foodById } from '#core/nutrition/foods';
import {
  NoPlanPossible,
  checkNutritionPlan,
  generateNutritionPlan,
  nutritionPlanBrief,
  nutritionPlanInputSchema,
  nutritionPlanSchema,
  ruleBroken,
  type NutritionPlanBrief,
  type NutritionPlanContent,
  type NutritionPlanInput,
  type NutritionPlanProgress,
} from '#core/nutrition/plans';
import { createLogger } from '#server/lib/logger';
import { createLlmNutritionPlanner } from './llm';
import type { NutritionPlanRequest } from './port';

const goals = { calories: 2200, protein: 120, carbs: 250, fat: 75, fibre: 30, source: 'custom' as const };
const makeBrief = (input: NutritionPlanInput = {}, locale: Locale = 'en'): NutritionPlanBrief =>
  nutritionPlanBrief(nutritionPlanInputSchema.parse({ dietaryRestrictions: ['vegetarian'], allergies: 'peanuts', mealsPerDay: 4, ...input }), goals, locale);
const brief = makeBrief();
const request = (over: Partial<NutritionPlanRequest> = {}): NutritionPlanRequest => ({ brief, seed: 11, ...over });

/**
 * What a well-behaved model would write: the engine's foods for another seed, with every weight moved by up to ±20 %
 * (as a model's arithmetic would), so the days only meet their targets once the weights are fitted again.
 */
function modelContent(forBrief = brief, seed = 3): NutritionPlanContent {
  const plan = generateNutritionPlan(forBrief, { seed });
  const random = seededRandom(seed);
  return {
    title: 'Green week',
    summary: 'Seven vegetarian days built around eggs, dairy, beans and whole grains.',
    days: plan.days.map((d) => ({
      day: d.day,
      meals: d.meals.map((m) => ({ type: m.type, items: m.items.map((i) => ({ foodId: i.foodId, grams: Math.round(i.grams * (0.8 + 0.4 * random())) })) })),
    })),
  };
}

/** The content with the first food of day 3's lunch swapped for another id. */
function withFood(content: NutritionPlanContent, foodId: string): NutritionPlanContent {
  const copy = structuredClone(content);
  copy.days[2].meals.find((m) => m.type === 'lunch')!.items[0].foodId = foodId;
  return copy;
}

const picks = (days: readonly { meals: NutritionPlanContent['days'][number]['meals'] }[]) => days.map((d) => ({ meals: d.meals }));

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

const logs: string[] = [];
const planner = (timeoutMs = 10_000) =>
  createLlmNutritionPlanner({ baseURL: server.baseURL, apiKey: 'test-key', model: 'dietitian-1', timeoutMs, logger: createLogger('warn', (line) => logs.push(line)) });

describe('LLM nutrition planner', () => {
  it("keeps the model's foods and fits their weights to the targets", async () => {
    const content = modelContent();
    // The model's own weights miss; the fit is what brings each day within 5 %.
    expect(checkNutritionPlan(picks(content.days), brief).some((i) => i.code === 'off_target')).toBe(true);
    server.reply({ content: JSON.stringify(content), chunkSize: 300 });
    const progress: NutritionPlanProgress[] = [];

    const result = await planner().generate(request({ onProgress: (p) => progress.push(p) }));

    expect(result.source).toBe('ai');
    expect(result.fallbackReason).toBeUndefined();
    expect(result.model).toBe('dietitian-1');
    expect(nutritionPlanSchema.safeParse(result.plan).success).toBe(true);
    expect(checkNutritionPlan(picks(result.plan.days), brief)).toEqual([]);
    expect(result.plan.title).toBe(content.title);
    expect(result.plan.summary).toBe(content.summary);
    expect(result.plan.seed).toBeNull();
    expect(result.plan.targets).toEqual(brief.targets);
    // Same foods in the same meals (an oil the fit does not need may go); only the weights are new.
    result.plan.days.forEach((day, d) => {
      day.meals.forEach((meal, m) => {
        const asked = content.days[d].meals[m].items.map((i) => i.foodId);
        const kept = meal.items.map((i) => i.foodId);
        expect(kept.every((id) => asked.includes(id))).toBe(true);
        expect(asked.filter((id) => foodById(id)!.category !== 'fat_oil').every((id) => kept.includes(id))).toBe(true);
        for (const item of meal.items) expect(item.name).toBe(foodById(item.foodId)!.name.en);
      });
    });

    const stages = progress.map((p) => (p.stage === 'building_day' ? `day ${p.day}` : p.stage));
    expect(stages).toEqual(['analysing_input', 'choosing_foods', 'day 1', 'day 2', 'day 3', 'day 4', 'day 5', 'day 6', 'day 7', 'checking', 'done']);
  });

  it('refits lopsided meals into a share of the day people eat', async () => {
    // A model's weights that hit nothing a person would eat: a bite of breakfast, then most of the day at dinner.
    const content = modelContent();
    for (const day of content.days) {
      for (const meal of day.meals) for (const item of meal.items) item.grams = Math.max(1, Math.round(item.grams * (meal.type === 'breakfast' ? 0.15 : meal.type === 'dinner' ? 2.5 : 1)));
    }
    expect(checkNutritionPlan(picks(content.days), brief).filter((i) => i.code === 'meal_share').length).toBeGreaterThanOrEqual(7);
    server.reply({ content: JSON.stringify(content) });
    const result = await planner().generate(request());
    expect(result.source).toBe('ai');
    expect(checkNutritionPlan(picks(result.plan.days), brief)).toEqual([]);
  });

  it('calls the chat completions endpoint with structured output, the targets, the meals and only the allowed foods', async () => {
    server.reply({ content: JSON.stringify(modelContent()) });
    await planner().generate(request());

    expect(server.requests).toHaveLength(1);
    const [call] = server.requests;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.headers.authorization).toBe('Bearer test-key');
    expect(call.body.model).toBe('dietitian-1');
    expect(call.body.stream).toBe(true);
    expect(call.body.response_format.type).toBe('json_schema');
    expect(call.body.response_format.json_schema.strict).toBe(false);
    expect(Object.keys(call.body.response_format.json_schema.schema.properties)).toEqual(['title', 'summary', 'days']);

    const text: string = call.body.messages.map((m: { content: unknown }) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
    const { calories, protein, carbs, fat } = brief.targets;
    expect(text).toContain(`${calories} kcal, protein ${protein} g, carbohydrate ${carbs} g, fat ${fat} g`);
    expect(text).toMatch(/breakfast \(.*\), lunch \(.*\), snack \(.*\), dinner \(/);
    expect(text).toContain('Vegetarian');
    expect(text).toContain('Allergies: peanuts');
    expect(text).toContain('English');

    const catalogue = text.split('\n').filter((line) => /^[a-z0-9-]+ \| /.test(line));
    const ids = catalogue.map((line) => line.split(' | ')[0]);
    expect(ids.length).toBeGreaterThan(50);
    const tofu = foodById('tofu-firm')!;
    const per100g = [tofu.per100g.kcal, tofu.per100g.protein, tofu.per100g.carbs, tofu.per100g.fat].map((x) => Math.round(x * 10) / 10).join('/');
    expect(catalogue).toContain(`tofu-firm | ${tofu.name.en} | ${per100g} | main, protein`);
    for (const id of ids) expect(ruleBroken(foodById(id)!, brief.rules)).toBeNull();
    for (const id of ['chicken-breast', 'kung-pao-chicken', 'peanuts', 'peanut-butter', 'gummy-bears']) expect(ids).not.toContain(id);
  });

  it('asks for the title and summary in Chinese for a Chinese plan, whose food names come from the table', async () => {
    const zh = makeBrief({}, 'zh');
    const content = { ...modelContent(zh), title: '绿色一周', summary: '七天素食。' };
    server.reply({ content: JSON.stringify(content) });
    const result = await planner().generate(request({ brief: zh }));
    expect(JSON.stringify(server.requests[0].body.messages)).toContain('Simplified Chinese');
    expect(result.source).toBe('ai');
    expect(result.plan.locale).toBe('zh');
    expect(result.plan.title).toBe('绿色一周');
    expect(result.plan.days[0].meals[0].items[0].name).toBe(foodById(content.days[0].meals[0].items[0].foodId)!.name.zh);
  });

  it("gives the plan the user's own name over the model's title", async () => {
    const named = makeBrief({ planName: 'Cutting week' });
    server.reply({ content: JSON.stringify(modelContent(named)) });
    const result = await planner().generate(request({ brief: named }));
    expect(result.source).toBe('ai');
    expect(result.plan.title).toBe('Cutting week');
  });

  describe('falls back to the built-in engine', () => {
    async function expectFallback(reason: string, over: Partial<NutritionPlanRequest> = {}, timeoutMs?: number) {
      const progress: NutritionPlanProgress[] = [];
      logs.length = 0;
      const result = await planner(timeoutMs).generate(request({ ...over, onProgress: (p) => progress.push(p) }));
      expect(result.source).toBe('builtin');
      expect(result.fallbackReason).toBe(reason);
      expect(result.fallbackDetail).toBeTruthy();
      expect(result.model).toBeUndefined();
      expect(result.plan).toEqual(generateNutritionPlan(over.brief ?? brief, { seed: over.seed ?? 11 }));
      expect(progress.map((p) => p.stage)).toContain('falling_back');
      expect(progress.at(-1)?.stage).toBe('done');
      expect(logs.map((l) => JSON.parse(l))).toEqual([expect.objectContaining({ level: 'warn', reason, model: 'dietitian-1' })]);
      return result;
    }

    it('on a food the diet rules out', async () => {
      server.reply({ content: JSON.stringify(withFood(modelContent(), 'kung-pao-chicken')) });
      const result = await expectFallback('restricted_food');
      expect(result.fallbackDetail).toContain('kung-pao-chicken');
      const foods = result.plan.days.flatMap((d) => d.meals.flatMap((m) => m.items.map((i) => foodById(i.foodId)!)));
      for (const food of foods) expect(ruleBroken(food, brief.rules)).toBeNull();
    });

    it('on a food the allergies rule out', async () => {
      server.reply({ content: JSON.stringify(withFood(modelContent(), 'peanut-butter')) });
      await expectFallback('restricted_food');
    });

    it('on a food the table does not have', async () => {
      server.reply({ content: JSON.stringify(withFood(modelContent(), 'moonwalk-tofu')) });
      const result = await expectFallback('unknown_food');
      expect(result.fallbackDetail).toContain('moonwalk-tofu');
    });

    it('on the wrong number of days', async () => {
      const content = modelContent();
      server.reply({ content: JSON.stringify({ ...content, days: content.days.slice(0, 6) }) });
      await expectFallback('schema_invalid');
    });

    it('on meals out of order or missing', async () => {
      const swapped = modelContent();
      const day = swapped.days[1];
      [day.meals[0], day.meals[1]] = [day.meals[1], day.meals[0]];
      server.reply({ content: JSON.stringify(swapped) });
      const result = await expectFallback('wrong_meals');
      expect(result.fallbackDetail).toContain('Day 2');

      const missing = modelContent();
      missing.days[4].meals = missing.days[4].meals.filter((m) => m.type !== 'snack');
      server.reply({ content: JSON.stringify(missing) });
      await expectFallback('wrong_meals');
    });

    it('on foods that cannot meet the targets whatever their weights', async () => {
      const content = modelContent();
      content.days[3].meals = content.days[3].meals.map((m) => ({ type: m.type, items: [{ foodId: 'cucumber', grams: 200 }] }));
      server.reply({ content: JSON.stringify(content) });
      const result = await expectFallback('off_target');
      expect(result.fallbackDetail).toContain('Day 4');
    });

    it('on a meal whose foods cannot make a usual share of the day', async () => {
      const content = modelContent();
      content.days[1].meals[0].items = [{ foodId: 'iceberg-lettuce', grams: 100 }];
      server.reply({ content: JSON.stringify(content) });
      const result = await expectFallback('meal_share');
      expect(result.fallbackDetail).toContain('Day 2: breakfast');
      expect(checkNutritionPlan(picks(result.plan.days), brief)).toEqual([]);
    });

    it('on an answer that is not JSON', async () => {
      server.reply({ content: '{"title": "Half a plan", "days": [' });
      await expectFallback('invalid_output');
    });

    it('on JSON that does not fit the content schema', async () => {
      server.reply({ content: JSON.stringify({ title: 'No days', summary: 'x' }) });
      await expectFallback('schema_invalid');
      const content = modelContent();
      content.days[0].meals[0].items[0].grams = -50;
      server.reply({ content: JSON.stringify(content) });
      await expectFallback('schema_invalid');
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

    it('when the client goes away', async () => {
      server.reply({ hang: true });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      const start = Date.now();
      await expectFallback('request_failed', { signal: controller.signal });
      expect(Date.now() - start).toBeLessThan(5_000);
    });

    it('when the server cannot be reached', async () => {
      const unreachable = createLlmNutritionPlanner({ baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm', timeoutMs: 5_000 });
      const result = await unreachable.generate(request());
      expect(result.source).toBe('builtin');
      expect(result.fallbackReason).toBe('request_failed');
    });
  });

  it('lets NoPlanPossible through when the built-in engine cannot plan either', async () => {
    // Protein beyond what any day of foods can give at this energy.
    const impossible: NutritionPlanBrief = { ...brief, targets: { ...brief.targets, calories: 1200, protein: 280, carbs: 20, fat: 10 } };
    server.reply({ status: 500, error: 'model overloaded' });
    await expect(planner().generate(request({ brief: impossible }))).rejects.toBeInstanceOf(NoPlanPossible);
  });
});
