import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { FOODS, searchFoods } from '#core/nutrition/foods';
import { fields, nutritionUser, type NutritionClient } from '../support/nutrition';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let c: NutritionClient;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
  c = await nutritionUser(t);
});
afterAll(() => t.close());

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((f) => f.id);

describe('GET /api/foods', () => {
  it('finds foods by English name, best match first, with portions to pick from', async () => {
    const res = await c.get('/api/foods?q=chicken');
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(searchFoods('chicken', 'en', 20).map((f) => f.id));
    const first = res.body.items[0];
    const food = FOODS.find((f) => f.id === first.id)!;
    expect(first).toEqual({
      id: food.id,
      name: food.name.en,
      otherName: food.name.zh,
      category: food.category,
      per100g: food.per100g,
      portions: food.portions.map((p, index) => ({ index, label: p.unit.en, grams: p.grams })),
    });
    expect(first.name.toLowerCase()).toContain('chicken');
  });

  it('finds foods by Chinese name and answers in Chinese', async () => {
    const res = await c.get(`/api/foods?q=${encodeURIComponent('鸡胸')}&locale=zh`);
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items[0].name).toContain('鸡胸');
    expect(res.body.items[0].portions[0].label).toBe(FOODS.find((f) => f.id === res.body.items[0].id)!.portions[0].unit.zh);
    // Either language whatever the locale.
    expect(ids(await c.get(`/api/foods?q=${encodeURIComponent('米饭')}&locale=en`)).length).toBeGreaterThan(0);
  });

  it('forgives a small typo and keeps to the limit', async () => {
    expect(ids(await c.get('/api/foods?q=chiken&limit=5'))).toEqual(searchFoods('chiken', 'en', 5).map((f) => f.id));
    expect((await c.get('/api/foods?q=chicken&limit=3')).body.items).toHaveLength(3);
    expect((await c.get('/api/foods?q=')).body.items).toEqual([]);
    expect((await c.get('/api/foods')).body.items).toEqual([]);
    expect((await c.get('/api/foods?q=zzzzqqqq')).body.items).toEqual([]);
  });

  it('checks its parameters', async () => {
    const cases: [string, Record<string, string>][] = [
      [`q=${'a'.repeat(101)}`, { q: M.searchText }],
      ['q=egg&locale=fr', { locale: 'Locale must be en or zh' }],
      ['q=egg&limit=0', { limit: 'Limit must be between 1 and 100' }],
      ['q=egg&limit=101', { limit: 'Limit must be between 1 and 100' }],
    ];
    for (const [query, expected] of cases) {
      const res = await c.get(`/api/foods?${query}`);
      expect(res.status, query).toBe(400);
      expect(fields(res)).toEqual(expected);
    }
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/foods?q=egg')).status).toBe(401);
  });
});

describe('GET /api/foods/:id', () => {
  it('gives one food in the locale asked for, 404 for an unknown id', async () => {
    const food = FOODS[0];
    const res = await c.get(`/api/foods/${food.id}?locale=zh`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: food.id, name: food.name.zh, otherName: food.name.en });
    const missing = await c.get('/api/foods/no-such-food');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Food with id no-such-food not found');
  });
});

describe('OpenAPI', () => {
  it('describes every nutrition and food route', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/nutrition/entries',
        'POST /api/nutrition/entries',
        'POST /api/nutrition/entries/copy',
        'GET /api/nutrition/entries/{id}',
        'PATCH /api/nutrition/entries/{id}',
        'DELETE /api/nutrition/entries/{id}',
        'GET /api/nutrition/summary',
        'GET /api/nutrition/history',
        'GET /api/nutrition/goals',
        'PUT /api/nutrition/goals',
        'DELETE /api/nutrition/goals',
        'GET /api/foods',
        'GET /api/foods/{id}',
      ]),
    );
  });
});
