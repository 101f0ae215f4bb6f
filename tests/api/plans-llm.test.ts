import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generatePlan } from '#core/plans/engine';
import { fitnessPlanSchema, type FitnessPlanInput } from '#core/plans/schemas';
import { FREE_INPUT, PAID_INPUT, generateStreamed, parseSse, userOnTier } from '../support/plans';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startTestApp, type TestApp } from '../support/test-app';

let server: OpenAiCompatibleServer;
let t: TestApp;
beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', AI_MODEL: 'coach-1', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'test-key' });
});
afterAll(async () => {
  await t.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

/** What a well-behaved model writes for the input: the content of a plan (made here by the engine). */
function modelAnswer(input: FitnessPlanInput, locale: 'en' | 'zh' = 'en') {
  const { title, summary, split, trainingDaysPerWeek, safetyNotes, weeks } = generatePlan(input, { seed: 7, locale });
  return JSON.stringify({ title: `Coach ${title}`, summary, split, trainingDaysPerWeek, safetyNotes, weeks });
}

describe('POST /api/fitness-plans with an LLM configured', () => {
  it('saves the model’s plan as an AI plan', async () => {
    server.reply({ content: modelAnswer(PAID_INPUT as unknown as FitnessPlanInput), chunkSize: 900 });
    const { c } = await userOnTier(t, 'pro');
    const res = await c.post('/api/fitness-plans', PAID_INPUT);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'ai', detail: 'full', planType: 'strength' });
    expect(res.body.planName).toMatch(/^Coach /);
    // Read back as the model wrote it: the stored form (ADR 032) loses nothing.
    const { plan } = (await c.get(`/api/fitness-plans/${res.body.id}`)).body;
    expect(plan.title).toBe(res.body.planName);
    expect(plan.seed).toBeNull();
    expect(fitnessPlanSchema.safeParse(plan).success).toBe(true);
    expect(plan.weeks).toEqual(generatePlan(PAID_INPUT as unknown as FitnessPlanInput, { seed: 7 }).weeks);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].body.model).toBe('coach-1');
    expect((await c.get('/api/fitness-plans?source=ai')).body.total).toBe(1);
  });

  it('cuts a free user’s AI plan to week 1 in full', async () => {
    server.reply({ content: modelAnswer({ ...FREE_INPUT, goals: [...FREE_INPUT.goals], equipment: [...FREE_INPUT.equipment], duration: 8 }) });
    const { c } = await userOnTier(t);
    const res = await c.post('/api/fitness-plans', { ...FREE_INPUT, duration: 8 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'ai', detail: 'week1', usage: { used: 1, remaining: 2 } });
    const { plan } = (await c.get(`/api/fitness-plans/${res.body.id}`)).body;
    expect(plan.weeks.slice(1).every((w: any) => !w.detailed && w.days.every((d: any) => d.exercises.length === 0))).toBe(true);
  });

  it('falls back to the built-in engine when the model fails, and the stream says so', async () => {
    server.reply({ status: 500, error: 'model overloaded' });
    const { c } = await userOnTier(t, 'basic');
    const res = await c.post('/api/fitness-plans', PAID_INPUT);
    expect(res.status).toBe(201);
    expect(res.body.source).toBe('builtin');
    expect(fitnessPlanSchema.safeParse((await c.get(`/api/fitness-plans/${res.body.id}`)).body.plan).success).toBe(true);

    const streamed = await generateStreamed(c, PAID_INPUT);
    const stages = parseSse(streamed.body).map((e) => (e.event === 'progress' ? e.data.stage : e.event));
    expect(stages).toContain('falling_back');
    expect(stages.at(-1)).toBe('plan');
  });

  it('falls back when the model names an exercise the equipment cannot give', async () => {
    const content = JSON.parse(modelAnswer({ ...FREE_INPUT, goals: [...FREE_INPUT.goals], equipment: [...FREE_INPUT.equipment] }));
    const day = content.weeks[0].days.find((d: any) => d.type === 'strength');
    day.exercises[0] = { ...day.exercises[0], exerciseId: 'barbell-back-squat' };
    server.reply({ content: JSON.stringify(content) });
    const { c } = await userOnTier(t, 'pro');
    const res = await c.post('/api/fitness-plans', FREE_INPUT);
    expect(res.status).toBe(201);
    expect(res.body.source).toBe('builtin');
    expect(Object.keys((await c.get(`/api/fitness-plans/${res.body.id}`)).body.exercises)).not.toContain('barbell-back-squat');
  });

  it('streams the model’s progress week by week', async () => {
    server.reply({ content: modelAnswer(PAID_INPUT as unknown as FitnessPlanInput), chunkSize: 400, delayMs: 5 });
    const { c } = await userOnTier(t, 'pro');
    const res = await generateStreamed(c, PAID_INPUT);
    expect(res.status).toBe(200);
    const events = parseSse(res.body);
    const weeks = events.filter((e) => e.event === 'progress' && e.data.stage === 'building_week').map((e) => e.data.week);
    expect(weeks).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(events.at(-1)).toMatchObject({ event: 'plan', data: { source: 'ai' } });
  });
});
