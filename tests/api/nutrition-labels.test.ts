import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '#core/common/images';
import type { LabelAnswer } from '#core/nutrition/kitchen/label';
import { KITCHEN_MESSAGES as K } from '#core/nutrition/kitchen/messages';
import { fields, nutritionUser, setTier } from '../support/nutrition';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { fixture, scan } from '../support/scans';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/**
 * A nutrition label read from a photo (ADR 027): the real vision adapter through the AI SDK's provider, against a
 * local OpenAI-compatible server answering as the model would.
 */
let server: OpenAiCompatibleServer;
let t: TestApp;
beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
  t = await startTestApp({
    RATE_LIMIT_AUTH: '1000/15m',
    RATE_LIMIT_API: '10000/1m',
    RATE_LIMIT_PROFILE: '1000/5m',
    RATE_LIMIT_LABEL: '3/1h',
    RATE_LIMIT_LABEL_PAID: '3/1h',
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: 'sk-test',
    AI_VISION_MODEL: 'test-vision',
    AI_VISION_TIMEOUT_MS: '1000',
  });
});
afterAll(async () => {
  await t.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const col = (kcal: number | null, protein: number | null, carbs: number | null, fat: number | null, kj: number | null = null) => ({ kcal, kj, protein, carbs, fat });
const label = (a: Partial<LabelAnswer>) => ({ content: JSON.stringify({ readable: true, name: null, servingGrams: null, perServing: null, per100g: null, ...a }) });

/** Sends a photo the way the web app does: a multipart form with `image`. */
function read(c: TestClient, image: Buffer | Uint8Array | string | null, type = 'image/jpeg') {
  const form = new FormData();
  if (typeof image === 'string') form.append('image', image);
  else if (image) form.append('image', new Blob([new Uint8Array(image)], { type }), 'label.jpg');
  return c.request('POST', '/api/foods/labels', { body: form });
}

describe('POST /api/foods/labels with a vision model', () => {
  it('says so in the config the web app reads', async () => {
    expect((await t.client().get('/api/config')).body.labelPhotos).toBe(true);
  });

  it('reads a per-serving label and asks the model for a structured answer with the photo', async () => {
    server.reply(label({ name: 'Crunchy oat bar', servingGrams: 40, perServing: col(172, 4.2, 25.6, 5.8), per100g: col(430, 10.5, 64, 14.5) }));
    const c = await nutritionUser(t);
    const res = await read(c, fixture('pizza.jpg'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ name: 'Crunchy oat bar', servingGrams: 40, calories: 172, protein: 4.2, carbs: 25.6, fat: 5.8, basis: 'serving' });

    const [request] = server.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body.model).toBe('test-vision');
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(Object.keys(request.body.response_format.json_schema.schema.properties)).toEqual(expect.arrayContaining(['servingGrams', 'perServing', 'per100g']));
    const image = request.body.messages.at(-1).content.find((p: any) => p.type === 'image_url');
    expect(image.image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it('scales a per-100 g label to its serving, with energy printed in kJ only', async () => {
    server.reply(label({ servingGrams: 30, per100g: col(null, 13.5, 58.7, 7, 1628) }));
    const res = await read(await nutritionUser(t), fixture('pizza.jpg'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ servingGrams: 30, calories: 117, protein: 4.1, carbs: 17.6, fat: 2.1, basis: 'per100g' });
  });

  it.each([
    ['a photo that shows no label', label({ readable: false })],
    ['a label without energy', label({ servingGrams: 30, perServing: col(null, 1, 1, 1) })],
    ['values out of the form’s bounds', label({ servingGrams: 9000, per100g: col(50, 1, 1, 1) })],
    ['macros heavier than the serving', label({ servingGrams: 30, perServing: col(389, 13.5, 58.7, 7) })],
  ])('answers 422 for %s', async (_, reply) => {
    server.reply(reply);
    const res = await read(await nutritionUser(t), fixture('pizza.jpg'));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error).toMatchObject({ message: K.labelUnreadable, messageKey: 'kitchen.labelUnreadable', statusCode: 422 });
  });

  it.each([
    ['an answer that breaks the schema', { content: JSON.stringify({ readable: 'maybe' }) }],
    ['an answer that is not JSON', { content: 'It looks like a granola bar.' }],
    ['an HTTP error', { status: 500, error: 'overloaded' }],
    ['no answer in time', { hang: true as const }],
  ])('answers 502 in the envelope for %s', async (_, reply) => {
    server.reply(reply);
    const res = await read(await nutritionUser(t), fixture('pizza.jpg'));
    expect(res.status, JSON.stringify(res.body)).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR', message: K.labelUnavailable, messageKey: 'kitchen.labelUnavailable' });
  });

  it('refuses what is not a photo, and a photo over 10 MB before reading it, without asking the model', async () => {
    const c = await nutritionUser(t);
    const text = await read(c, Buffer.from('not an image at all, just text'), 'image/png');
    expect(text.status).toBe(400);
    expect(fields(text)).toEqual({ image: IMAGE_MESSAGES.imageType });
    expect(fields(await read(c, null))).toEqual({ image: IMAGE_MESSAGES.imageRequired });
    const big = await read(await nutritionUser(t), Buffer.alloc(MAX_IMAGE_BYTES + 1024, 1));
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe(IMAGE_MESSAGES.imageTooLarge);
    expect(server.requests).toHaveLength(0);
  });

  it('needs a session, and counts under its own limit (3 an hour here) without using up photo scans or AI plans', async () => {
    expect((await read(t.client(), fixture('pizza.jpg'))).status).toBe(401);

    server.reply(label({ servingGrams: 30, per100g: col(400, 10, 60, 12) }));
    const c = await nutritionUser(t);
    await setTier(t, c, 'basic');
    const before = (await c.get('/api/nutrition/scans/allowance')).body;
    for (let i = 0; i < 3; i++) expect((await read(c, fixture('pizza.jpg'))).status).toBe(200);
    const limited = await read(c, fixture('pizza.jpg'));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(server.requests).toHaveLength(3);
    expect((await c.get('/api/nutrition/scans/allowance')).body).toMatchObject({ used: before.used, remaining: before.remaining });
    // A scan still works, and so do the AI plans: the limits are apart.
    expect((await scan(c, fixture('pizza.jpg'))).status).toBe(200);
    expect((await c.post('/api/fitness-plans', { planType: 'general_fitness', goals: ['general_health'], fitnessLevel: 'beginner', equipment: ['none'], duration: 4 })).status).toBe(201);
  });
});
