import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeGoals } from '#core/nutrition';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { searchFoods, nutrientsFor } from '#core/nutrition/foods';
import { addDays, localDateOf, startOfLocalDay } from '#core/workouts';
import { nutritionGoals, users } from '#server/db/schema';
import { fields, HOUR, nutritionUser, setTier } from '../support/nutrition';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

const user = (preferences?: Record<string, unknown>) => nutritionUser(t, preferences);
const YEAR = new Date().getUTCFullYear();
const BODY = { sex: 'female', birthYear: YEAR - 34, heightCm: 168, weightKg: 64, activityLevel: 'moderate' } as const;
const CUSTOM = { calories: 1900, protein: 140, carbs: 190, fat: 63 };
const CHICKEN = searchFoods('chicken breast', 'en')[0];

const targets = (g: { calories: number; protein: number; carbs: number; fat: number; fibre: number }) => ({
  calories: g.calories,
  protein: g.protein,
  carbs: g.carbs,
  fat: g.fat,
  fibre: g.fibre,
});

describe('GET /api/nutrition/goals', () => {
  it('computes the targets from the preferences and fitness goals (Mifflin–St Jeor)', async () => {
    const c = await user(BODY);
    expect((await c.put('/api/me/fitness-goals', { goals: ['lose_weight'] })).status).toBe(200);
    const res = await c.get('/api/nutrition/goals');
    expect(res.status).toBe(200);
    const expected = computeGoals(BODY, ['lose_weight'], YEAR);
    expect(res.body).toMatchObject({
      ...targets(expected),
      source: 'computed',
      customizable: false,
      computed: targets(expected),
      basis: { bmr: expected.bmr, tdee: expected.tdee, direction: 'lose', adjustment: -500, proteinPerKg: 2, weightKg: 64, missing: [] },
      updatedAt: null,
    });
  });

  it('says so when preferences are incomplete and reference values stand in', async () => {
    const c = await user({ weightKg: 90 });
    const res = await c.get('/api/nutrition/goals');
    expect(res.body.source).toBe('default');
    expect(res.body.basis.missing).toEqual(['sex', 'birthYear', 'heightCm', 'activityLevel']);
    expect(res.body.basis.weightKg).toBe(90);
    expect(targets(res.body)).toEqual(targets(computeGoals({ sex: null, birthYear: null, heightCm: null, weightKg: 90, activityLevel: null }, ['general_health'], YEAR)));
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/nutrition/goals')).status).toBe(401);
  });
});

describe('PUT /api/nutrition/goals', () => {
  it('is refused on the free tier with SUBSCRIPTION_REQUIRED, and saves nothing', async () => {
    const c = await user();
    const res = await c.put('/api/nutrition/goals', CUSTOM);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: 'This feature requires a subscription', statusCode: 403 });
    expect(await t.db.select().from(nutritionGoals).where(eq(nutritionGoals.userId, c.id))).toHaveLength(0);
  });

  it('saves a basic user’s own targets, fibre following the calories unless set', async () => {
    const c = await user(BODY);
    await setTier(t, c, 'basic');
    const res = await c.put('/api/nutrition/goals', CUSTOM);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...CUSTOM, fibre: 27, source: 'custom', customizable: true, computed: targets(computeGoals(BODY, ['general_health'], YEAR)) });
    expect(res.body.updatedAt).toEqual(expect.any(String));
    expect((await c.get('/api/nutrition/goals')).body).toEqual(res.body);
    const again = await c.put('/api/nutrition/goals', { ...CUSTOM, calories: 2100, fibre: 35 });
    expect(again.body).toMatchObject({ calories: 2100, fibre: 35, source: 'custom' });
    expect(await t.db.select().from(nutritionGoals).where(eq(nutritionGoals.userId, c.id))).toHaveLength(1);
  });

  it('lets pro (and the canceling and past-due) customise too', async () => {
    for (const [tier, status] of [
      ['pro', 'active'],
      ['basic', 'canceling'],
      ['pro', 'past_due'],
    ] as const) {
      const c = await user();
      await setTier(t, c, tier, status);
      expect((await c.put('/api/nutrition/goals', CUSTOM)).status, `${tier} ${status}`).toBe(200);
    }
  });

  it('falls back to the computed targets once the subscription lapses, keeping the saved ones for its return', async () => {
    const c = await user(BODY);
    await setTier(t, c, 'pro');
    await c.put('/api/nutrition/goals', CUSTOM);
    await setTier(t, c, 'pro', 'inactive');
    const lapsed = await c.get('/api/nutrition/goals');
    expect(lapsed.body).toMatchObject({ source: 'computed', customizable: false, calories: computeGoals(BODY, ['general_health'], YEAR).calories });
    expect((await c.put('/api/nutrition/goals', CUSTOM)).status).toBe(403);
    await setTier(t, c, 'basic');
    expect((await c.get('/api/nutrition/goals')).body).toMatchObject({ ...CUSTOM, source: 'custom' });
  });

  it('answers each out-of-range target with its message', async () => {
    const c = await user();
    await setTier(t, c, 'basic');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...CUSTOM, calories: 799 }, { calories: M.goalCalories }],
      [{ ...CUSTOM, calories: 10_001 }, { calories: M.goalCalories }],
      [{ ...CUSTOM, calories: 1999.5 }, { calories: M.goalCalories }],
      [{ ...CUSTOM, protein: 501 }, { protein: M.goalProtein }],
      [{ ...CUSTOM, carbs: -1 }, { carbs: M.goalCarbs }],
      [{ ...CUSTOM, fat: 'lots' }, { fat: M.goalFat }],
      [{ ...CUSTOM, fibre: 151 }, { fibre: M.goalFibre }],
      [{ calories: 2000 }, { protein: M.goalProtein, carbs: M.goalCarbs, fat: M.goalFat }],
    ];
    for (const [body, expected] of cases) {
      const res = await c.put('/api/nutrition/goals', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toEqual(expected);
    }
  });
});

describe('DELETE /api/nutrition/goals', () => {
  it('goes back to the computed targets', async () => {
    const c = await user(BODY);
    await setTier(t, c, 'basic');
    await c.put('/api/nutrition/goals', CUSTOM);
    const res = await c.delete('/api/nutrition/goals');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'computed', ...targets(computeGoals(BODY, ['general_health'], YEAR)), updatedAt: null });
    expect(await t.db.select().from(nutritionGoals).where(eq(nutritionGoals.userId, c.id))).toHaveLength(0);
  });
});

describe('GET /api/nutrition/summary', () => {
  it("adds up the user's today where they live, per meal, against their targets", async () => {
    const zone = 'Asia/Tokyo';
    const c = await user({ ...BODY, timezone: zone });
    await setTier(t, c, 'basic');
    await c.put('/api/nutrition/goals', { ...CUSTOM, fibre: 30 });
    const today = localDateOf(Date.now(), zone);
    const startToday = startOfLocalDay(today, zone);
    const inToday = (ms: number) => new Date(Math.min(startToday + ms, Date.now() - 60_000)).toISOString();
    await c.post('/api/nutrition/entries', { foodName: 'Oats', calories: 300, protein: 10, carbs: 54, fat: 5, fibre: 8, mealType: 'breakfast', eatenAt: inToday(60_000) });
    await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 200, mealType: 'lunch', eatenAt: inToday(2 * 60_000) });
    await c.post('/api/nutrition/entries', { foodName: 'Tea', calories: 2, mealType: 'snack', eatenAt: inToday(3 * 60_000) });
    // The day before, one minute before midnight in Tokyo: not today.
    await c.post('/api/nutrition/entries', { foodName: 'Late ramen', calories: 900, mealType: 'snack', eatenAt: new Date(startToday - 60_000).toISOString() });
    // Someone else's today.
    const other = await user({ timezone: zone });
    await other.post('/api/nutrition/entries', { foodName: 'Cake', calories: 500 });

    const res = await c.get('/api/nutrition/summary');
    expect(res.status).toBe(200);
    const chicken = nutrientsFor(CHICKEN, 200);
    const totals = {
      calories: 302 + chicken.kcal,
      protein: Math.round((10 + chicken.protein) * 10) / 10,
      carbs: Math.round((54 + chicken.carbs) * 10) / 10,
      fat: Math.round((5 + chicken.fat) * 10) / 10,
      fibre: Math.round((8 + chicken.fibre) * 10) / 10,
    };
    expect(res.body).toMatchObject({ date: today, timezone: zone, totals, goals: { ...CUSTOM, fibre: 30 }, goalSource: 'custom', entries: 3 });
    expect(res.body.remaining.calories).toBe(1900 - totals.calories);
    expect(res.body.progress.calories).toBe(Math.round((totals.calories / 1900) * 1000) / 1000);
    expect(res.body.meals.breakfast).toEqual({ calories: 300, protein: 10, carbs: 54, fat: 5, fibre: 8, entries: 1 });
    expect(res.body.meals.lunch).toMatchObject({ calories: chicken.kcal, entries: 1 });
    expect(res.body.meals.snack).toMatchObject({ calories: 2, protein: 0, entries: 1 });
    expect(res.body.meals.dinner).toMatchObject({ calories: 0, entries: 0 });

    const yesterday = await c.get(`/api/nutrition/summary?date=${addDays(today, -1)}`);
    expect(yesterday.body).toMatchObject({ date: addDays(today, -1), totals: { calories: 900 }, entries: 1 });
  });

  it('compares with the computed targets for a free user, and checks the date', async () => {
    const c = await user(BODY);
    const res = await c.get('/api/nutrition/summary?date=2025-01-01');
    expect(res.body).toMatchObject({ date: '2025-01-01', entries: 0, goalSource: 'computed', goals: targets(computeGoals(BODY, ['general_health'], YEAR)) });
    expect(res.body.remaining).toEqual(res.body.goals);
    for (const date of ['2025-02-30', 'today', '']) {
      const bad = await c.get(`/api/nutrition/summary?date=${date}`);
      expect(bad.status, date).toBe(400);
      expect(fields(bad)).toEqual({ date: M.date });
    }
    for (const date of [addDays(localDateOf(Date.now(), 'UTC'), 1), '9999-12-31']) {
      const future = await c.get(`/api/nutrition/summary?date=${date}`);
      expect(future.status, date).toBe(400);
      expect(fields(future)).toEqual({ date: M.dateInFuture });
    }
    expect((await t.client().get('/api/nutrition/summary')).status).toBe(401);
  });
});

describe('GET /api/nutrition/history', () => {
  it("gives the last 7 of the user's days by default, with averages over the logged days", async () => {
    const zone = 'America/New_York';
    const c = await user({ timezone: zone });
    const today = localDateOf(Date.now(), zone);
    const noonOf = (date: string) => new Date(Math.min(startOfLocalDay(date, zone) + 12 * HOUR, Date.now() - 60_000)).toISOString();
    await c.post('/api/nutrition/entries', { foodName: 'A', calories: 1800, protein: 100, mealType: 'lunch', eatenAt: noonOf(addDays(today, -1)) });
    await c.post('/api/nutrition/entries', { foodName: 'B', calories: 200, protein: 10, mealType: 'dinner', eatenAt: noonOf(addDays(today, -1)) });
    await c.post('/api/nutrition/entries', { foodName: 'C', calories: 1000, mealType: 'lunch', eatenAt: noonOf(addDays(today, -6)) });
    await c.post('/api/nutrition/entries', { foodName: 'Too old', calories: 5000, mealType: 'lunch', eatenAt: noonOf(addDays(today, -7)) });

    const res = await c.get('/api/nutrition/history');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startDate: addDays(today, -6), endDate: today, timezone: zone, goalSource: 'default' });
    expect(res.body.days.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)));
    expect(res.body.days[5]).toEqual({ date: addDays(today, -1), calories: 2000, protein: 110, carbs: 0, fat: 0, fibre: 0, entries: 2 });
    expect(res.body.days[0]).toMatchObject({ calories: 1000, entries: 1 });
    expect(res.body.days[6]).toMatchObject({ calories: 0, entries: 0 });
    expect(res.body.average).toEqual({ calories: 1500, protein: 55, carbs: 0, fat: 0, fibre: 0 });

    const month = await c.get(`/api/nutrition/history?startDate=${addDays(today, -29)}&endDate=${today}`);
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days.reduce((sum: number, d: { calories: number }) => sum + d.calories, 0)).toBe(8000);
  });

  it('checks the range: dates, order, not in the future, at most 366 days', async () => {
    const c = await user();
    const today = localDateOf(Date.now(), 'UTC');
    const cases: [string, Record<string, string>][] = [
      ['startDate=2026-02-30', { startDate: 'Start date must be a date (YYYY-MM-DD)' }],
      [`startDate=${today}&endDate=${addDays(today, -1)}`, { startDate: 'Start date must be before end date' }],
      [`endDate=${addDays(today, 1)}`, { endDate: 'End date cannot be in the future' }],
      [`startDate=${addDays(today, 1)}`, { startDate: 'Start date must be before end date' }],
      [`startDate=${addDays(today, -366)}&endDate=${today}`, { startDate: M.historyRange }],
    ];
    for (const [query, expected] of cases) {
      const res = await c.get(`/api/nutrition/history?${query}`);
      expect(res.status, query).toBe(400);
      expect(fields(res), query).toEqual(expected);
    }
    expect((await c.get(`/api/nutrition/history?startDate=${addDays(today, -365)}&endDate=${today}`)).body.days).toHaveLength(366);
  });
});

describe('account deletion', () => {
  it("takes the user's entries and goals with it", async () => {
    const c = await user();
    await setTier(t, c, 'basic');
    await c.put('/api/nutrition/goals', CUSTOM);
    await c.post('/api/nutrition/entries', { foodName: 'x', calories: 1 });
    expect((await c.delete('/api/me', { password: 'Str0ngPass' })).status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, c.id))).toHaveLength(0);
    expect(await t.db.select().from(nutritionGoals).where(eq(nutritionGoals.userId, c.id))).toHaveLength(0);
  });
});
