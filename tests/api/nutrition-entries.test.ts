import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mealTypeFor, servingLabel } from '#core/nutrition';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { FOODS, nutrientsFor, searchFoods } from '#core/nutrition/foods';
import { addDays, localDateOf, startOfLocalDay } from '#core/workouts';
import { nutritionEntries } from '#server/db/schema';
import { ago, fields, HOUR, nutritionUser, type NutritionClient } from '../support/nutrition';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

// Found by name, not by id, so the tests keep to the table as it is finished.
const CHICKEN = searchFoods('chicken breast', 'en')[0];
const WITH_PORTIONS = FOODS.find((f) => f.portions.length >= 2 && f.per100g.kcal > 50 && f.per100g.kcal < 400 && f.per100g.protein > 0)!;

const user = (preferences?: Record<string, unknown>) => nutritionUser(t, preferences);
const quick = (overrides: Record<string, unknown> = {}) => ({ foodName: 'Protein bar', calories: 210, protein: 20, carbs: 22.5, fat: 7, ...overrides });

async function entryCount(c: NutritionClient) {
  return (await t.db.select().from(nutritionEntries).where(eq(nutritionEntries.userId, c.id))).length;
}

describe('POST /api/nutrition/entries', () => {
  it('logs a quick add as typed, in the meal of its time of day', async () => {
    const c = await user({ timezone: 'Asia/Shanghai' });
    const eatenAt = ago(2 * HOUR);
    const res = await c.post('/api/nutrition/entries', quick({ eatenAt, servingSize: '1 bar', fibre: 3 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      foodName: 'Protein bar',
      foodId: null,
      grams: null,
      servingSize: '1 bar',
      calories: 210,
      protein: 20,
      carbs: 22.5,
      fat: 7,
      fibre: 3,
      mealType: mealTypeFor(Date.parse(eatenAt), 'Asia/Shanghai'),
      eatenAt,
      date: localDateOf(eatenAt, 'Asia/Shanghai'),
      source: 'manual',
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await c.get(`/api/nutrition/entries/${res.body.id}`)).body).toEqual(res.body);
  });

  it('keeps control characters out of names (PostgreSQL text cannot hold a NUL)', async () => {
    const c = await user();
    const res = await c.post('/api/nutrition/entries', quick({ foodName: 'Tea\u0000 with\nmilk', servingSize: '1\tcup' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ foodName: 'Tea with milk', servingSize: '1 cup' });
  });

  it('logs calories alone, now, rounding to whole kcal and 0.1 g', async () => {
    const c = await user();
    const before = Date.now();
    const res = await c.post('/api/nutrition/entries', { foodName: 'Coffee with milk', calories: 35.4, fat: 1.26, mealType: 'breakfast' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ calories: 35, protein: null, carbs: null, fat: 1.3, fibre: null, mealType: 'breakfast' });
    expect(Date.parse(res.body.eatenAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('computes a table food from its grams, named in the language of the preferences', async () => {
    const c = await user({ locale: 'zh' });
    const res = await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 150, mealType: 'lunch' });
    expect(res.status).toBe(201);
    const n = nutrientsFor(CHICKEN, 150);
    expect(res.body).toMatchObject({
      foodName: CHICKEN.name.zh,
      foodId: CHICKEN.id,
      grams: 150,
      servingSize: '150 克',
      calories: n.kcal,
      protein: n.protein,
      carbs: n.carbs,
      fat: n.fat,
      fibre: n.fibre,
      mealType: 'lunch',
      source: 'food',
    });
  });

  it('computes a portion times a quantity, labelled in the locale asked for, and keeps a name the user gave', async () => {
    const c = await user();
    const portion = WITH_PORTIONS.portions[1];
    const res = await c.post('/api/nutrition/entries', { foodId: WITH_PORTIONS.id, portion: 1, quantity: 2, locale: 'zh', mealType: 'dinner' });
    expect(res.status).toBe(201);
    const grams = Math.round(portion.grams * 2 * 10) / 10;
    expect(res.body).toMatchObject({
      foodName: WITH_PORTIONS.name.zh,
      grams,
      servingSize: servingLabel(grams, { unit: portion.unit.zh, quantity: 2 }, 'zh'),
      calories: nutrientsFor(WITH_PORTIONS, grams).kcal,
    });
    const named = await c.post('/api/nutrition/entries', { foodId: WITH_PORTIONS.id, portion: 0, foodName: 'Grandma’s', servingSize: 'a big one' });
    expect(named.body).toMatchObject({ foodName: 'Grandma’s', servingSize: 'a big one', calories: nutrientsFor(WITH_PORTIONS, WITH_PORTIONS.portions[0].grams).kcal });
  });

  it("gives a table food's name in both languages, so the log follows the app's language; a typed name stays as typed", async () => {
    const c = await user();
    const logged = await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 100, locale: 'en', mealType: 'lunch' });
    expect(logged.body).toMatchObject({ foodName: CHICKEN.name.en, tableName: { en: CHICKEN.name.en, zh: CHICKEN.name.zh } });
    const named = await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 100, foodName: 'Mum’s chicken', mealType: 'lunch' });
    expect(named.body).toMatchObject({ foodName: 'Mum’s chicken', tableName: null });
    const typed = await c.post('/api/nutrition/entries', quick({ mealType: 'lunch' }));
    expect(typed.body.tableName).toBeNull();

    const day = await c.get(`/api/nutrition/entries?startDate=${logged.body.date}&endDate=${logged.body.date}`);
    const byId = new Map(day.body.items.map((e: any) => [e.id, e.tableName]));
    expect(byId.get(logged.body.id)).toEqual(CHICKEN.name);
    expect(byId.get(named.body.id)).toBeNull();
  });

  it('answers each mistake with its message, and saves nothing', async () => {
    const c = await user();
    const future = new Date(Date.now() + 2 * HOUR).toISOString();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { foodName: M.foodName, calories: M.caloriesRequired }],
      [quick({ foodName: '' }), { foodName: M.foodName }],
      [quick({ foodName: 'x'.repeat(101) }), { foodName: M.foodName }],
      [quick({ calories: -1 }), { calories: M.calories }],
      [quick({ calories: 10_001 }), { calories: M.calories }],
      [quick({ calories: '200' }), { calories: M.calories }],
      [quick({ protein: 500.1, carbs: -0.1, fat: 'some' }), { protein: M.protein, carbs: M.carbs, fat: M.fat }],
      [quick({ fibre: 501 }), { fibre: M.fibre }],
      [quick({ servingSize: 's'.repeat(51) }), { servingSize: M.servingSize }],
      [quick({ foodName: '\u0000\u0007' }), { foodName: M.foodName }],
      [quick({ mealType: 'brunch' }), { mealType: M.mealType }],
      [quick({ eatenAt: 'yesterday' }), { eatenAt: M.eatenAt }],
      [quick({ eatenAt: future }), { eatenAt: M.eatenInFuture }],
      [quick({ eatenAt: '1999-06-01T12:00:00Z' }), { eatenAt: M.tooOld }],
      [{ foodId: 'no-such-food', grams: 100 }, { foodId: M.foodId }],
      [{ foodId: CHICKEN.id }, { grams: M.amountRequired }],
      [{ foodId: CHICKEN.id, grams: 0 }, { grams: M.grams }],
      [{ foodId: CHICKEN.id, grams: 5001 }, { grams: M.grams }],
      [{ foodId: CHICKEN.id, grams: 100, portion: 0 }, { portion: M.gramsOrPortion }],
      [{ foodId: CHICKEN.id, portion: 42 }, { portion: M.portion }],
      [{ foodId: CHICKEN.id, portion: 0, quantity: 0 }, { quantity: M.quantity }],
      [{ foodId: CHICKEN.id, grams: 100, quantity: 2 }, { quantity: M.quantityNeedsPortion }],
      [{ foodId: CHICKEN.id, grams: 100, calories: 1 }, { calories: M.nutrientsFromTable }],
      [quick({ portion: 0 }), { portion: M.portionNeedsFood }],
      [quick({ locale: 'fr' }), { locale: 'Locale must be en or zh' }],
      [quick({ userId: '00000000-0000-4000-8000-000000000000' }), { body: 'Unrecognized key: "userId"' }],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/nutrition/entries', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation failed' });
      expect(fields(res), JSON.stringify(body)).toEqual(expected);
    }
    expect(await entryCount(c)).toBe(0);
  });

  it('keeps a table food within the entry limits of the spec', async () => {
    const c = await user();
    const dense = FOODS.find((f) => f.per100g.kcal > 600)!;
    const res = await c.post('/api/nutrition/entries', { foodId: dense.id, grams: 5000 });
    expect(res.status).toBe(400);
    expect(fields(res)).toEqual({ grams: M.calories });
  });

  it('refuses a body that is not JSON, or not an object, without a 500', async () => {
    const c = await user();
    for (const [body, type] of [
      ['{"foodName": "x", ', 'application/json'],
      ['foodName=x&calories=1', 'application/x-www-form-urlencoded'],
      ['[1,2]', 'application/json'],
      ['null', 'application/json'],
    ]) {
      const res = await c.request('POST', '/api/nutrition/entries', { body, headers: { 'content-type': type } });
      expect(res.status, body).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('needs a session and the anti-forgery token', async () => {
    const anonymous = t.client();
    expect((await anonymous.post('/api/nutrition/entries', quick())).status).toBe(401);
    const c = await user();
    const res = await c.request('POST', '/api/nutrition/entries', { json: quick(), csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Invalid CSRF token');
  });

  it('is open to the free tier: meal logging is in every plan', async () => {
    const c = await user();
    expect((await c.get('/api/me')).body.subscription.tier).toBe('free');
    expect((await c.post('/api/nutrition/entries', quick())).status).toBe(201);
  });
});

describe('GET /api/nutrition/entries/:id', () => {
  it("answers 404 for another user's entry and one that does not exist, 400 for a malformed id", async () => {
    const owner = await user();
    const intruder = await user();
    const { body: e } = await owner.post('/api/nutrition/entries', quick());
    const res = await intruder.get(`/api/nutrition/entries/${e.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Nutrition entry with id ${e.id} not found` });
    expect((await owner.get('/api/nutrition/entries/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await owner.get('/api/nutrition/entries/42');
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual({ id: 'Invalid ID format' });
  });
});

describe('PATCH /api/nutrition/entries/:id', () => {
  it('changes what is sent and keeps the rest', async () => {
    const c = await user();
    const { body: e } = await c.post('/api/nutrition/entries', quick({ mealType: 'snack', servingSize: '1 bar' }));
    const eatenAt = ago(5 * HOUR);
    const res = await c.patch(`/api/nutrition/entries/${e.id}`, { mealType: 'breakfast', eatenAt, foodName: '  Oat bar ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...e, mealType: 'breakfast', eatenAt, foodName: 'Oat bar', date: localDateOf(eatenAt, 'UTC'), updatedAt: expect.any(String) });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(e.updatedAt));
  });

  it('recomputes a table food from a new weight or portion, and its label unless one is sent', async () => {
    const c = await user();
    const { body: e } = await c.post('/api/nutrition/entries', { foodId: WITH_PORTIONS.id, grams: 100 });
    const heavier = await c.patch(`/api/nutrition/entries/${e.id}`, { grams: 250 });
    expect(heavier.body).toMatchObject({ grams: 250, servingSize: '250 g', calories: nutrientsFor(WITH_PORTIONS, 250).kcal, foodId: WITH_PORTIONS.id });
    const portion = WITH_PORTIONS.portions[0];
    const byPortion = await c.patch(`/api/nutrition/entries/${e.id}`, { portion: 0, quantity: 3 });
    const grams = Math.round(portion.grams * 3 * 10) / 10;
    expect(byPortion.body).toMatchObject({ grams, servingSize: servingLabel(grams, { unit: portion.unit.en, quantity: 3 }), calories: nutrientsFor(WITH_PORTIONS, grams).kcal });
    // Another food of the table: its name comes with it, at the weight already logged.
    const swapped = await c.patch(`/api/nutrition/entries/${e.id}`, { foodId: CHICKEN.id });
    expect(swapped.body).toMatchObject({ foodId: CHICKEN.id, foodName: CHICKEN.name.en, grams, calories: nutrientsFor(CHICKEN, grams).kcal });
  });

  it('turns a table food into a custom entry when its nutrients are corrected', async () => {
    const c = await user();
    const { body: e } = await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 100 });
    const res = await c.patch(`/api/nutrition/entries/${e.id}`, { calories: 180, fat: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ foodId: null, grams: 100, calories: 180, fat: null, protein: e.protein, foodName: e.foodName });
    // A portion now needs the food back.
    const portion = await c.patch(`/api/nutrition/entries/${e.id}`, { portion: 0 });
    expect(portion.status).toBe(400);
    expect(fields(portion)).toEqual({ portion: M.portionNeedsFood });
    const back = await c.patch(`/api/nutrition/entries/${e.id}`, { foodId: CHICKEN.id, grams: 120 });
    expect(back.body).toMatchObject({ foodId: CHICKEN.id, calories: nutrientsFor(CHICKEN, 120).kcal });
  });

  it('validates the change, and changes nothing when it is wrong', async () => {
    const c = await user();
    const { body: e } = await c.post('/api/nutrition/entries', quick());
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { body: M.nothingToUpdate }],
      [{ calories: 10_001 }, { calories: M.calories }],
      [{ calories: null }, { calories: M.calories }],
      [{ mealType: 'supper' }, { mealType: M.mealType }],
      [{ eatenAt: new Date(Date.now() + 3 * HOUR).toISOString() }, { eatenAt: M.eatenInFuture }],
      [{ foodId: 'nope', grams: 100 }, { foodId: M.foodId }],
      [{ foodId: CHICKEN.id }, { grams: M.amountRequired }],
      [{ foodId: CHICKEN.id, calories: 3 }, { calories: M.nutrientsFromTable }],
    ];
    for (const [body, expected] of cases) {
      const res = await c.patch(`/api/nutrition/entries/${e.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toEqual(expected);
    }
    expect((await c.get(`/api/nutrition/entries/${e.id}`)).body).toEqual(e);
  });

  it("answers 404 for another user's entry and leaves it alone", async () => {
    const owner = await user();
    const intruder = await user();
    const { body: e } = await owner.post('/api/nutrition/entries', quick());
    const res = await intruder.patch(`/api/nutrition/entries/${e.id}`, { calories: 1 });
    expect(res.status).toBe(404);
    expect((await owner.get(`/api/nutrition/entries/${e.id}`)).body.calories).toBe(210);
  });
});

describe('DELETE /api/nutrition/entries/:id', () => {
  it('deletes the entry; a second time is 404', async () => {
    const c = await user();
    const { body: e } = await c.post('/api/nutrition/entries', quick());
    const res = await c.delete(`/api/nutrition/entries/${e.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await c.get(`/api/nutrition/entries/${e.id}`)).status).toBe(404);
    expect((await c.delete(`/api/nutrition/entries/${e.id}`)).status).toBe(404);
  });

  it("answers 404 for another user's entry and keeps it", async () => {
    const owner = await user();
    const intruder = await user();
    const { body: e } = await owner.post('/api/nutrition/entries', quick());
    expect((await intruder.delete(`/api/nutrition/entries/${e.id}`)).status).toBe(404);
    expect(await entryCount(owner)).toBe(1);
    expect((await owner.delete('/api/nutrition/entries/not-an-id')).status).toBe(400);
  });
});

describe('GET /api/nutrition/entries', () => {
  it("pages through the user's entries, newest first, and never shows another user's", async () => {
    const c = await user();
    const other = await user();
    await other.post('/api/nutrition/entries', quick());
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await c.post('/api/nutrition/entries', quick({ eatenAt: ago((i + 1) * HOUR) }))).body.id);

    const first = await c.get('/api/nutrition/entries?limit=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 10, total: 25, totalPages: 3 });
    expect(first.body.items.map((e: { id: string }) => e.id)).toEqual(ids.slice(0, 10));
    const third = await c.get('/api/nutrition/entries?page=3&limit=10');
    expect(third.body.items.map((e: { id: string }) => e.id)).toEqual(ids.slice(20));
    const beyond = await c.get('/api/nutrition/entries?page=4&limit=10');
    expect(beyond.body).toMatchObject({ items: [], page: 4, total: 25, totalPages: 3 });
    const defaults = await c.get('/api/nutrition/entries');
    expect(defaults.body).toMatchObject({ page: 1, limit: 20, totalPages: 2 });
    expect(defaults.body.items).toHaveLength(20);
  });

  it("checks the paging and date parameters with the spec's messages", async () => {
    const c = await user();
    const cases: [string, Record<string, string>][] = [
      ['page=0', { page: 'Page must be greater than 0' }],
      ['page=abc', { page: 'Page must be greater than 0' }],
      ['page=1.5', { page: 'Page must be greater than 0' }],
      ['limit=0', { limit: 'Limit must be between 1 and 100' }],
      ['limit=101', { limit: 'Limit must be between 1 and 100' }],
      ['startDate=2026-02-30', { startDate: 'Start date must be a date (YYYY-MM-DD)' }],
      ['endDate=yesterday', { endDate: 'End date must be a date (YYYY-MM-DD)' }],
      ['startDate=2025-03-02&endDate=2025-03-01', { startDate: 'Start date must be before end date' }],
      ['mealType=brunch', { mealType: M.mealType }],
    ];
    for (const [query, expected] of cases) {
      const res = await c.get(`/api/nutrition/entries?${query}`);
      expect(res.status, query).toBe(400);
      expect(fields(res), query).toEqual(expected);
    }
    const tomorrow = addDays(localDateOf(Date.now(), 'UTC'), 1);
    const future = await c.get(`/api/nutrition/entries?endDate=${tomorrow}`);
    expect(future.status).toBe(400);
    expect(fields(future)).toEqual({ endDate: 'End date cannot be in the future' });
  });

  it("reads the dates as days of the user's time zone, both ends included, and filters by meal", async () => {
    const zone = 'America/Los_Angeles';
    const c = await user({ timezone: zone });
    const day = addDays(localDateOf(Date.now(), zone), -3);
    const start = startOfLocalDay(day, zone);
    const end = startOfLocalDay(addDays(day, 1), zone);
    for (const at of [start - 60_000, start, end - 60_000, end]) {
      await c.post('/api/nutrition/entries', quick({ eatenAt: new Date(at).toISOString(), mealType: at === start ? 'breakfast' : 'snack' }));
    }
    const res = await c.get(`/api/nutrition/entries?startDate=${day}&endDate=${day}`);
    expect(res.body.items.map((e: { eatenAt: string }) => Date.parse(e.eatenAt))).toEqual([end - 60_000, start]);
    expect(res.body.items.map((e: { date: string }) => e.date)).toEqual([day, day]);
    expect((await c.get(`/api/nutrition/entries?startDate=${day}`)).body.total).toBe(3);
    expect((await c.get(`/api/nutrition/entries?endDate=${day}`)).body.total).toBe(3);
    const breakfast = await c.get(`/api/nutrition/entries?startDate=${day}&endDate=${day}&mealType=breakfast`);
    expect(breakfast.body.items.map((e: { eatenAt: string }) => Date.parse(e.eatenAt))).toEqual([start]);
  });
});

describe('POST /api/nutrition/entries/copy', () => {
  async function dayOf(c: NutritionClient, date: string) {
    return (await c.get(`/api/nutrition/entries?startDate=${date}&endDate=${date}&limit=100`)).body.items as { foodName: string; mealType: string; eatenAt: string; calories: number }[];
  }

  it("logs yesterday's meal again today at the same times (never later than now)", async () => {
    const zone = 'Europe/Berlin';
    const c = await user({ timezone: zone });
    const today = localDateOf(Date.now(), zone);
    const yesterday = addDays(today, -1);
    const at = (hour: number) => new Date(startOfLocalDay(yesterday, zone) + hour * HOUR).toISOString();
    await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 120, mealType: 'lunch', eatenAt: at(12) });
    await c.post('/api/nutrition/entries', quick({ foodName: 'Rice', calories: 200, mealType: 'lunch', eatenAt: at(12.5) }));
    await c.post('/api/nutrition/entries', quick({ foodName: 'Porridge', mealType: 'breakfast', eatenAt: at(7) }));

    const res = await c.post('/api/nutrition/entries/copy', { fromDate: yesterday, toDate: today, mealType: 'lunch' });
    expect(res.status).toBe(201);
    expect(res.body.count).toBe(2);
    expect(res.body.items.map((e: { foodName: string }) => e.foodName)).toEqual([CHICKEN.name.en, 'Rice']);
    const copied = res.body.items[0];
    expect(copied).toMatchObject({ foodId: CHICKEN.id, grams: 120, mealType: 'lunch', date: today, source: 'food', calories: nutrientsFor(CHICKEN, 120).kcal });
    const expected = Math.min(startOfLocalDay(today, zone) + 12 * HOUR, Date.now());
    expect(Math.abs(Date.parse(copied.eatenAt) - expected)).toBeLessThan(5_000);
    expect(Date.parse(copied.eatenAt)).toBeLessThanOrEqual(Date.now());
    // The source day is untouched.
    expect(await dayOf(c, yesterday)).toHaveLength(3);
  });

  it('copies the whole day without a meal type, to an earlier day too', async () => {
    const c = await user();
    const today = localDateOf(Date.now(), 'UTC');
    const day = addDays(today, -2);
    const base = startOfLocalDay(day, 'UTC');
    await c.post('/api/nutrition/entries', quick({ mealType: 'breakfast', eatenAt: new Date(base + 8 * HOUR).toISOString() }));
    await c.post('/api/nutrition/entries', quick({ mealType: 'dinner', eatenAt: new Date(base + 19 * HOUR).toISOString() }));
    const res = await c.post('/api/nutrition/entries/copy', { fromDate: day, toDate: addDays(day, -1) });
    expect(res.status).toBe(201);
    expect(res.body.items.map((e: { mealType: string; eatenAt: string }) => [e.mealType, e.eatenAt])).toEqual([
      ['breakfast', new Date(base - 16 * HOUR).toISOString()],
      ['dinner', new Date(base - 5 * HOUR).toISOString()],
    ]);
  });

  it("refuses an empty day, a future day, the same day and bad dates; never copies another user's meals", async () => {
    const c = await user();
    const other = await user();
    const today = localDateOf(Date.now(), 'UTC');
    const yesterday = addDays(today, -1);
    await other.post('/api/nutrition/entries', quick({ eatenAt: new Date(startOfLocalDay(yesterday, 'UTC') + 9 * HOUR).toISOString() }));

    const empty = await c.post('/api/nutrition/entries/copy', { fromDate: yesterday, toDate: today });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'OPERATION_NOT_ALLOWED', message: M.nothingToCopy });

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ fromDate: yesterday, toDate: addDays(today, 1) }, { toDate: M.copyToFuture }],
      [{ fromDate: today, toDate: today }, { toDate: M.copySameDay }],
      [
        { fromDate: '2026-13-01', toDate: 'today' },
        { fromDate: M.fromDate, toDate: M.toDate },
      ],
      [{ fromDate: yesterday, toDate: today, mealType: 'tea' }, { mealType: M.mealType }],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/nutrition/entries/copy', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toEqual(expected);
    }
    expect(await entryCount(c)).toBe(0);
  });
});

describe('rate limit', () => {
  it('counts nutrition calls in the general API limit, with its message', async () => {
    const limited = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '3/1m', RATE_LIMIT_PROFILE: '1000/5m' });
    try {
      const c = limited.client();
      await c.signUp();
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await c.get('/api/nutrition/entries');
        statuses.push(last.status);
      }
      expect(statuses).toContain(429);
      expect(last!.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests. Please slow down.' });
      expect(last!.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
