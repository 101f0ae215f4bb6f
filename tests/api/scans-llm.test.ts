import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOODS, nutrientsFor } from '#core/nutrition/foods';
import { createLlmVision, type VisionAnswer } from '#server/adapters/vision/llm';
import { createLocalDetector } from '#server/adapters/vision/local-detector';
import { nutritionUser, setTier } from '../support/nutrition';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { fixture, scan } from '../support/scans';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The vision LLM adapter through the real AI SDK provider, against a local OpenAI-compatible server; the embedded
 * detector is its fallback.
 */
let server: OpenAiCompatibleServer;
let t: TestApp;
const fallback = createLocalDetector();

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
  const vision = createLlmVision({ baseURL: server.baseURL, apiKey: 'sk-test', model: 'test-vision', timeoutMs: 3000, fallback });
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m', RATE_LIMIT_FOOD_PAID: '1000/1h' }, { vision });
  await fallback.warmUp();
}, 120_000);
afterAll(async () => {
  await t.close();
  await fallback.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const answer = (a: VisionAnswer) => ({ content: JSON.stringify(a) });
const pro = async () => {
  const c = await nutritionUser(t);
  await setTier(t, c, 'pro');
  return c;
};

describe('vision LLM adapter', () => {
  it('sends the photo, takes the table’s nutrients for foods it knows and the model’s own for the rest', async () => {
    server.reply(
      answer({
        items: [
          { name: 'grilled chicken breast', localName: 'grilled chicken breast', grams: 150, confidence: 0.92, calories: 999, protein: 99, carbs: 99, fat: 99 },
          { name: 'White rice', localName: 'White rice', grams: 180, confidence: 0.88, calories: 1, protein: 1, carbs: 1, fat: 1 },
          { name: 'Grandma’s mystery stew', localName: 'Grandma’s mystery stew', grams: 200, confidence: 0.5, calories: 240, protein: 14, carbs: 18, fat: 12 },
        ],
        unrecognised: ['dark sauce'],
      }),
    );
    const c = await pro();
    const res = await scan(c, fixture('pizza.jpg'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.engine).toBe('llm');

    const chicken = FOODS.find((f) => f.name.en === 'Chicken breast, grilled')!;
    const rice = FOODS.find((f) => f.name.en === 'White rice')!;
    const [a, b, stew] = res.body.items;
    expect(a).toMatchObject({ name: chicken.name.en, foodId: chicken.id, grams: 150, calories: nutrientsFor(chicken, 150).kcal, estimated: false, confidence: 0.92 });
    expect(b).toMatchObject({ name: rice.name.en, foodId: rice.id, grams: 180, calories: nutrientsFor(rice, 180).kcal, estimated: false });
    expect(stew).toMatchObject({ name: 'Grandma’s mystery stew', foodId: null, grams: 200, calories: 240, protein: 14, carbs: 18, fat: 12, estimated: true, per100g: { calories: 120 } });
    expect(res.body.unrecognised).toEqual(['dark sauce']);
    expect(res.body.totals.calories).toBe(a.calories + b.calories + 240);

    const [request] = server.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-vision');
    const parts = request.body.messages.at(-1).content;
    const image = parts.find((p: any) => p.type === 'image_url');
    expect(image.image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(request.body.response_format?.type).toBe('json_schema');
  });

  it('answers in the user’s language for foods outside the table', async () => {
    server.reply(
      answer({ items: [{ name: 'Mapo tofu special', localName: '特制麻婆豆腐', grams: 250, confidence: 0.8, calories: 300, protein: 18, carbs: 10, fat: 20 }], unrecognised: [] }),
    );
    const c = await pro();
    await c.put('/api/me/preferences', { locale: 'zh' });
    const res = await scan(c, fixture('pizza.jpg'));
    expect(res.body.items[0]).toMatchObject({ name: '特制麻婆豆腐', estimated: true });
    expect(server.requests[0].body.messages[0].content).toContain('Simplified Chinese');
  });

  it.each([
    ['an answer that breaks the schema', { content: JSON.stringify({ items: [{ name: 'Banana', grams: -5 }] }) }],
    ['an answer that is not JSON', { content: 'I think it is a pizza.' }],
    ['an HTTP error', { status: 500, error: 'overloaded' }],
    ['no answer in time', { hang: true as const }],
  ])('falls back to the embedded detector on %s', async (_, reply) => {
    server.reply(reply);
    const c = await pro();
    const res = await scan(c, fixture('pizza.jpg'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.engine).toBe('local');
    expect(res.body.items.map((i: any) => i.foodId)).toEqual(['pizza']);
  });
});
