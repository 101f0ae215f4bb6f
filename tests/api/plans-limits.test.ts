import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanGenerator } from '#server/adapters/plan-generator/port';
import { planGenerations } from '#server/db/schema';
import { nutritionUser, setTier } from '../support/nutrition';
import { FREE_INPUT, PAID_INPUT, generateStreamed, parseSse, userOnTier } from '../support/plans';
import { startTestApp, type TestApp } from '../support/test-app';

describe('the AI generation rate limit (free 3/h, paid 20/h; lowered here)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_AI: '2/1h', RATE_LIMIT_AI_PAID: '3/1h' });
  });
  afterAll(() => t.close());

  it('stops a free user with the free message, counting only requests that could generate', async () => {
    const { c } = await userOnTier(t);
    // Refused by validation or the tier gates: not counted.
    for (let i = 0; i < 3; i++) {
      expect((await c.post('/api/fitness-plans', PAID_INPUT)).status).toBe(403);
      expect((await c.post('/api/fitness-plans', { ...FREE_INPUT, duration: 5 })).status).toBe(400);
    }
    for (let i = 0; i < 2; i++) {
      const ok = await c.post('/api/fitness-plans', FREE_INPUT);
      expect(ok.status).toBe(201);
      expect(ok.headers.get('x-ratelimit-limit')).toBe('2');
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(1 - i));
    }
    const res = await c.post('/api/fitness-plans', FREE_INPUT);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Free tier limit reached. Please upgrade for more AI generations.', statusCode: 429 });
    // Within the hour's window (where in it depends on the store: fixed in memory, sliding on Redis).
    expect(res.body.error.retryAfter).toBeGreaterThan(0);
    expect(res.body.error.retryAfter).toBeLessThanOrEqual(3600);
    expect(Number(res.headers.get('retry-after'))).toBe(res.body.error.retryAfter);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(new Date(res.headers.get('x-ratelimit-reset')!).getTime()).toBeGreaterThan(Date.now());
    // Nothing was counted against the month for the refused request.
    expect((await c.get('/api/fitness-plans/allowance')).body.usage.used).toBe(2);
    // Reading is not generating.
    for (let i = 0; i < 5; i++) expect((await c.get('/api/fitness-plans')).status).toBe(200);
    // A streamed request is refused the same way, before the stream.
    const streamed = await generateStreamed(c, FREE_INPUT);
    expect(streamed.status).toBe(429);
  });

  it('stops a paid user with the paid message; each user has their own', async () => {
    const { c } = await userOnTier(t, 'pro');
    for (let i = 0; i < 3; i++) expect((await c.post('/api/fitness-plans', PAID_INPUT)).status).toBe(201);
    const res = await c.post('/api/fitness-plans', PAID_INPUT);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded. Please try again later.' });
    expect(res.headers.get('x-ratelimit-limit')).toBe('3');
    const other = await userOnTier(t, 'basic');
    expect((await other.c.post('/api/fitness-plans', PAID_INPUT)).status).toBe(201);
  });

  it('says what the server will allow: the fewer of the month’s plans and the hour’s AI generations, with its reset', async () => {
    const { c } = await userOnTier(t);
    const allowance = async () => (await c.get('/api/fitness-plans/allowance')).body;
    // 3 plans this month, 2 AI generations this hour: the hour binds, and nothing of it is used yet.
    expect(await allowance()).toMatchObject({ usage: { remaining: 3 }, available: { remaining: 2, limitedBy: 'hour', resetsAt: null }, canGenerate: true });
    const made = await c.post('/api/fitness-plans', FREE_INPUT);
    const reset = made.headers.get('x-ratelimit-reset');
    expect(await allowance()).toMatchObject({ usage: { remaining: 2 }, available: { remaining: 1, limitedBy: 'hour', resetsAt: reset } });
    await c.post('/api/fitness-plans', FREE_INPUT);
    // One plan is left this month, but none this hour: the page must not offer it.
    expect(await allowance()).toMatchObject({ usage: { remaining: 1 }, available: { remaining: 0, limitedBy: 'hour', resetsAt: reset }, canGenerate: false });
    expect((await c.post('/api/fitness-plans', FREE_INPUT)).body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    // Looking counted nothing.
    expect((await allowance()).available.remaining).toBe(0);
  });

  it('counts a nutrition plan in the hour, as the server does', async () => {
    const c = await nutritionUser(t, { sex: 'female', birthYear: 1990, heightCm: 168, weightKg: 64, activityLevel: 'moderate' });
    await setTier(t, c, 'pro');
    expect((await c.get('/api/fitness-plans/allowance')).body.available).toEqual({ remaining: 3, limitedBy: 'hour', resetsAt: null });
    expect((await c.post('/api/nutrition/plans', { mealsPerDay: 3 })).status).toBe(201);
    const after = (await c.get('/api/fitness-plans/allowance')).body;
    expect(after).toMatchObject({ usage: { remaining: null }, available: { remaining: 2, limitedBy: 'hour' }, canGenerate: true });
    expect(new Date(after.available.resetsAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('lets the month’s limit speak first when both are reached', async () => {
    const limited = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_AI: '3/1h' });
    try {
      const { c } = await userOnTier(limited);
      for (let i = 0; i < 3; i++) expect((await c.post('/api/fitness-plans', FREE_INPUT)).status).toBe(201);
      // Both are used up; only the month's turn brings plans back, so the month is the one named.
      expect((await c.get('/api/fitness-plans/allowance')).body).toMatchObject({ available: { remaining: 0, limitedBy: 'month' }, canGenerate: false });
      const res = await c.post('/api/fitness-plans', FREE_INPUT);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('LIMIT_EXCEEDED');
    } finally {
      await limited.close();
    }
  });
});

describe('a generator that fails', () => {
  let t: TestApp;
  // The port's contract allows a rejection (an adapter's own bug, a broken dependency); nothing else here can make one.
  const failing: PlanGenerator = {
    name: 'builtin',
    async generate(request) {
      request.onProgress?.({ stage: 'analysing_input', totalWeeks: request.input.duration });
      throw new Error('engine exploded at /srv/app/engine.ts:12');
    },
  };
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m' }, { planGenerator: failing });
  });
  afterAll(() => t.close());

  it('answers 500 with the envelope only, and gives the generation back', async () => {
    const { c } = await userOnTier(t);
    const res = await c.post('/api/fitness-plans', FREE_INPUT);
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again later' });
    expect(JSON.stringify(res.body)).not.toContain('exploded');
    expect((await c.get('/api/fitness-plans/allowance')).body.usage.used).toBe(0);
    expect((await c.get('/api/fitness-plans')).body.total).toBe(0);
  });

  it('leaves neither plan nor generation behind on a tier without a monthly limit', async () => {
    const { c, userId } = await userOnTier(t, 'pro');
    expect((await c.post('/api/fitness-plans', PAID_INPUT)).status).toBe(500);
    expect((await c.get('/api/fitness-plans/allowance')).body.usage).toMatchObject({ used: 0, limit: null });
    expect((await c.get('/api/fitness-plans')).body.total).toBe(0);
    expect(await t.db.select().from(planGenerations).where(eq(planGenerations.userId, userId))).toEqual([]);
  });

  it('ends a stream with an error event', async () => {
    const { c } = await userOnTier(t);
    const res = await generateStreamed(c, FREE_INPUT);
    expect(res.status).toBe(200);
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ event: 'progress', data: { stage: 'analysing_input' } });
    expect(events.at(-1)).toMatchObject({ event: 'error', data: { error: { code: 'INTERNAL_ERROR', statusCode: 500, path: '/api/fitness-plans' } } });
    expect(res.body).not.toContain('exploded');
    expect((await c.get('/api/fitness-plans/allowance')).body.usage.used).toBe(0);
  });
});
