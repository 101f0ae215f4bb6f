import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KITCHEN_LIMITS, logAgainInput } from '#core/nutrition/kitchen/schemas';
import { KITCHEN_MESSAGES as K } from '#core/nutrition/kitchen/messages';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { nutrientsFor, searchFoods } from '#core/nutrition/foods';
import { nutritionEntries, savedMeals } from '#server/db/schema';
import { ago, fields, HOUR, nutritionUser, type NutritionClient } from '../support/nutrition';
import { startOpenFoodFactsServer, type OpenFoodFactsServer } from '../support/openfoodfacts-server';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

const LIMITS = { RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' };

let t: TestApp;
let off: OpenFoodFactsServer;
let withOff: TestApp;
beforeAll(async () => {
  off = await startOpenFoodFactsServer();
  [t, withOff] = await Promise.all([startTestApp(LIMITS), startTestApp({ ...LIMITS, OPENFOODFACTS_URL: off.url, OPENFOODFACTS_TIMEOUT_MS: '800' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), withOff.close()]);
  await off.close();
});

const CHICKEN = searchFoods('chicken breast', 'en')[0];
const RICE = searchFoods('white rice', 'en')[0];
const user = (app = t) => nutritionUser(app);
const quick = (overrides: Record<string, unknown> = {}) => ({ foodName: 'Protein bar', calories: 210, protein: 20, carbs: 22.5, fat: 7, ...overrides });
const entriesOf = async (c: NutritionClient) => t.db.select().from(nutritionEntries).where(eq(nutritionEntries.userId, c.id));
const post = (c: TestClient, path: string, body: unknown, key?: string) => c.request('POST', path, { json: body, headers: key === undefined ? {} : { 'idempotency-key': key } });

describe('GET /api/nutrition/recent', () => {
  it('a new user has none', async () => {
    const c = await user();
    const res = await c.get('/api/nutrition/recent');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recent: [], frequent: [] });
  });

  it('lists the last logged foods with their last serving, and the most logged; never another user’s', async () => {
    const c = await user();
    const other = await user();
    await other.post('/api/nutrition/entries', quick({ foodName: 'Secret snack', eatenAt: ago(HOUR) }));
    await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 100, mealType: 'lunch', eatenAt: ago(30 * HOUR) });
    await c.post('/api/nutrition/entries', { foodId: CHICKEN.id, grams: 150, mealType: 'dinner', eatenAt: ago(6 * HOUR) });
    await c.post('/api/nutrition/entries', quick({ foodName: 'Protein bar', eatenAt: ago(5 * HOUR) }));
    await c.post('/api/nutrition/entries', quick({ foodName: 'protein BAR', calories: 190, eatenAt: ago(4 * HOUR) }));
    await c.post('/api/nutrition/entries', quick({ foodName: 'protein bar', calories: 200, eatenAt: ago(3 * HOUR) }));
    await c.post('/api/nutrition/entries', { foodId: RICE.id, grams: 180, mealType: 'lunch', eatenAt: ago(2 * HOUR) });
    // Older than the window: left out.
    await t.db.insert(nutritionEntries).values({ userId: c.id, foodName: 'Old soup', calories: 100, mealType: 'lunch', eatenAt: new Date(Date.now() - 100 * 24 * HOUR) });

    const res = await c.get('/api/nutrition/recent');
    expect(res.status).toBe(200);
    expect(res.body.recent.map((f: { foodName: string }) => f.foodName)).toEqual([RICE.name.en, 'protein bar', CHICKEN.name.en]);
    expect(res.body.recent[2]).toMatchObject({ foodId: CHICKEN.id, grams: 150, mealType: 'dinner', uses: 2, tableName: CHICKEN.name, calories: nutrientsFor(CHICKEN, 150).kcal });
    expect(res.body.frequent.map((f: { foodName: string; uses: number }) => [f.foodName, f.uses])).toEqual([
      ['protein bar', 3],
      [CHICKEN.name.en, 2],
    ]);

    // One tap: the last serving logged again.
    const again = await c.post('/api/nutrition/entries', { ...logAgainInput(res.body.recent[2]), mealType: 'lunch' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ foodId: CHICKEN.id, grams: 150, calories: nutrientsFor(CHICKEN, 150).kcal, mealType: 'lunch' });
    const bar = await c.post('/api/nutrition/entries', { ...logAgainInput(res.body.recent[1]), mealType: 'snack' });
    expect(bar.body).toMatchObject({ foodName: 'protein bar', calories: 200, protein: 20, foodId: null });
  });

  it('needs a session', async () => {
    expect((await t.client().get('/api/nutrition/recent')).status).toBe(401);
  });
});

describe('saved meals', () => {
  const breakfast = () => ({
    name: '  Usual breakfast ',
    items: [{ foodId: CHICKEN.id, grams: 120, servingSize: '1 fillet' }, quick({ foodName: 'Oat latte', calories: 130, protein: null, servingSize: '1 cup' })],
  });

  it('saves, lists, renames, replaces and deletes a meal', async () => {
    const c = await user();
    const created = await c.post('/api/nutrition/saved-meals', breakfast());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Usual breakfast',
      calories: nutrientsFor(CHICKEN, 120).kcal + 130,
      items: [
        { foodId: CHICKEN.id, foodName: CHICKEN.name.en, tableName: CHICKEN.name, grams: 120, servingSize: '1 fillet', calories: nutrientsFor(CHICKEN, 120).kcal },
        { foodId: null, foodName: 'Oat latte', tableName: null, calories: 130, protein: null, carbs: 22.5, servingSize: '1 cup' },
      ],
    });
    const id = created.body.id;
    expect((await c.get(`/api/nutrition/saved-meals/${id}`)).body).toEqual(created.body);

    const renamed = await c.patch(`/api/nutrition/saved-meals/${id}`, { name: 'Weekday breakfast' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Weekday breakfast', items: created.body.items });

    const replaced = await c.patch(`/api/nutrition/saved-meals/${id}`, { items: [{ foodId: RICE.id, grams: 200 }] });
    expect(replaced.body.items).toHaveLength(1);
    expect(replaced.body.calories).toBe(nutrientsFor(RICE, 200).kcal);

    const second = await c.post('/api/nutrition/saved-meals', { name: 'Snack', items: [quick()] });
    const list = await c.get('/api/nutrition/saved-meals');
    expect(list.body.max).toBe(KITCHEN_LIMITS.savedMealsPerUser);
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([second.body.id, id]);

    expect((await c.delete(`/api/nutrition/saved-meals/${id}`)).status).toBe(200);
    expect((await c.get(`/api/nutrition/saved-meals/${id}`)).status).toBe(404);
    expect((await c.get('/api/nutrition/saved-meals')).body.items).toHaveLength(1);
  });

  it("answers 404 for another user's meal, to every verb, and changes nothing", async () => {
    const owner = await user();
    const c = await user();
    const { id } = (await owner.post('/api/nutrition/saved-meals', breakfast())).body;
    expect((await c.get(`/api/nutrition/saved-meals/${id}`)).status).toBe(404);
    expect((await c.patch(`/api/nutrition/saved-meals/${id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await c.post(`/api/nutrition/saved-meals/${id}/log`, { mealType: 'lunch' })).status).toBe(404);
    expect((await c.delete(`/api/nutrition/saved-meals/${id}`)).status).toBe(404);
    expect((await c.get(`/api/nutrition/saved-meals/${randomUUID()}`)).status).toBe(404);
    expect((await c.get('/api/nutrition/saved-meals')).body.items).toEqual([]);
    expect((await owner.get(`/api/nutrition/saved-meals/${id}`)).body.name).toBe('Usual breakfast');
    expect(await entriesOf(c)).toHaveLength(0);
  });

  it('refuses bad meals with a message per field', async () => {
    const c = await user();
    const cases: [unknown, Record<string, string>][] = [
      [{ name: '', items: [quick()] }, { name: K.savedMealName }],
      [{ name: 'x'.repeat(61), items: [quick()] }, { name: K.savedMealName }],
      [{ name: 'Empty', items: [] }, { items: K.savedMealItems }],
      [{ name: 'Huge', items: Array.from({ length: KITCHEN_LIMITS.savedMealItems + 1 }, () => quick()) }, { items: K.savedMealItems }],
      [{ name: 'No grams', items: [{ foodId: CHICKEN.id }] }, { 'items.0.grams': K.itemGrams }],
      [{ name: 'Forged', items: [{ foodId: CHICKEN.id, grams: 100, calories: 1 }] }, { 'items.0.calories': M.nutrientsFromTable }],
      [{ name: 'No calories', items: [{ foodName: 'Soup' }] }, { 'items.0.calories': M.caloriesRequired }],
      [{ name: 'Too much', items: [quick({ calories: 20_000 })] }, { 'items.0.calories': M.calories }],
      [{ name: 'Extra', items: [quick()], userId: randomUUID() }, {}],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/nutrition/saved-meals', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (Object.keys(expected).length) expect(fields(res), JSON.stringify(body).slice(0, 80)).toMatchObject(expected);
    }
    const unknown = await c.post('/api/nutrition/saved-meals', { name: 'Unknown', items: [{ foodId: 'no-such-food', grams: 10 }] });
    expect(unknown.status).toBe(400);
    expect(fields(unknown)).toEqual({ foodId: M.foodId });
    expect((await c.patch(`/api/nutrition/saved-meals/${randomUUID()}`, {})).status).toBe(400);
    expect((await c.get('/api/nutrition/saved-meals/not-a-uuid')).status).toBe(400);
    expect((await c.get('/api/nutrition/saved-meals')).body.items).toEqual([]);
  });

  it(`keeps at most ${KITCHEN_LIMITS.savedMealsPerUser} meals a user, even when two tabs save at once`, async () => {
    const c = await user();
    await t.db.insert(savedMeals).values(
      Array.from({ length: KITCHEN_LIMITS.savedMealsPerUser - 1 }, (_, i) => ({
        userId: c.id,
        name: `Meal ${i}`,
        items: [{ foodId: null, foodName: 'Soup', grams: null, servingSize: null, calories: 100, protein: null, carbs: null, fat: null, fibre: null }],
      })),
    );
    const both = await Promise.all([c.post('/api/nutrition/saved-meals', breakfast()), c.post('/api/nutrition/saved-meals', breakfast())]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 403]);
    const refused = both.find((r) => r.status === 403)!;
    expect(refused.body.error).toMatchObject({ code: 'LIMIT_EXCEEDED', message: K.savedMealsFull, messageKey: 'kitchen.savedMealsFull' });
    expect((await c.get('/api/nutrition/saved-meals')).body.items).toHaveLength(KITCHEN_LIMITS.savedMealsPerUser);
    // Another user is not held back.
    expect((await (await user()).post('/api/nutrition/saved-meals', breakfast())).status).toBe(201);
  });

  it('logs every food in one request into the chosen meal, in order; replayed with its key, it logs once', async () => {
    const c = await nutritionUser(t, { locale: 'zh' });
    const { id } = (await c.post('/api/nutrition/saved-meals', breakfast())).body;
    const eatenAt = ago(2 * HOUR);
    const key = randomUUID();
    const first = await post(c, `/api/nutrition/saved-meals/${id}/log`, { mealType: 'breakfast', eatenAt }, key);
    expect(first.status).toBe(201);
    expect(first.body.count).toBe(2);
    expect(first.body.items).toMatchObject([
      // A table food follows the table, named in the language of the log.
      { foodId: CHICKEN.id, foodName: CHICKEN.name.zh, grams: 120, servingSize: '1 fillet', mealType: 'breakfast', source: 'food', calories: nutrientsFor(CHICKEN, 120).kcal },
      { foodId: null, foodName: 'Oat latte', calories: 130, mealType: 'breakfast', source: 'manual' },
    ]);
    expect(Date.parse(first.body.items[0].eatenAt)).toBe(Date.parse(eatenAt));
    expect(Date.parse(first.body.items[1].eatenAt)).toBeGreaterThan(Date.parse(eatenAt));

    const again = await post(c, `/api/nutrition/saved-meals/${id}/log`, { mealType: 'breakfast', eatenAt }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await entriesOf(c)).toHaveLength(2);

    const reused = await post(c, `/api/nutrition/saved-meals/${id}/log`, { mealType: 'dinner', eatenAt }, key);
    expect(reused.status).toBe(422);
    expect(await entriesOf(c)).toHaveLength(2);

    // Without a key it logs again; now by default.
    const now = await c.post(`/api/nutrition/saved-meals/${id}/log`, { mealType: 'lunch' });
    expect(now.status).toBe(201);
    expect(Math.abs(Date.parse(now.body.items[0].eatenAt) - Date.now())).toBeLessThan(10_000);
    expect(await entriesOf(c)).toHaveLength(4);
  });

  it('logs all or nothing, and refuses a bad meal type or a future time', async () => {
    const c = await user();
    const { id } = (await c.post('/api/nutrition/saved-meals', breakfast())).body;
    // A table food that left the table (as after a release): nothing of the meal is logged.
    const [row] = await t.db.select().from(savedMeals).where(eq(savedMeals.id, id));
    await t.db
      .update(savedMeals)
      .set({ items: [...row.items, { ...row.items[0], foodId: 'gone-food' }] })
      .where(eq(savedMeals.id, id));
    const broken = await c.post(`/api/nutrition/saved-meals/${id}/log`, { mealType: 'lunch' });
    expect(broken.status).toBe(400);
    expect(await entriesOf(c)).toHaveLength(0);

    for (const [body, expected] of [
      [{ mealType: 'tea' }, { mealType: M.mealType }],
      [{ mealType: 'lunch', eatenAt: new Date(Date.now() + 2 * HOUR).toISOString() }, { eatenAt: M.eatenInFuture }],
      [{}, { mealType: M.mealType }],
    ] as const) {
      const res = await c.post(`/api/nutrition/saved-meals/${id}/log`, body);
      expect(res.status).toBe(400);
      expect(fields(res)).toEqual(expected);
    }
    expect(await entriesOf(c)).toHaveLength(0);
  });
});

describe('barcodes', () => {
  const label = (overrides: Record<string, unknown> = {}) => ({
    barcode: '4006381333931',
    name: 'Granola bar',
    servingGrams: 40,
    calories: 180,
    protein: 4,
    carbs: 24,
    fat: 7.5,
    ...overrides,
  });

  it('keeps a label and finds it again by its code, in any of its forms; only for its owner', async () => {
    const c = await user();
    expect((await c.get('/api/foods/barcodes/4006381333931')).status).toBe(404);
    const saved = await c.post('/api/foods/barcodes', label());
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ barcode: '4006381333931', name: 'Granola bar', brand: null, servingGrams: 40, calories: 180, protein: 4, carbs: 24, fat: 7.5, source: 'own' });
    expect((await c.get('/api/foods/barcodes/4006381333931')).body).toEqual(saved.body);

    // A UPC-A is its EAN-13 with a leading 0.
    await c.post('/api/foods/barcodes', label({ barcode: '036000291452', name: 'Tissues?' }));
    expect((await c.get('/api/foods/barcodes/0036000291452')).body.name).toBe('Tissues?');
    expect((await c.get('/api/foods/barcodes/00036000291452')).body.barcode).toBe('0036000291452');

    // A second label replaces the first.
    await c.post('/api/foods/barcodes', label({ name: 'Granola bar, honey', calories: 190 }));
    expect((await c.get('/api/foods/barcodes/4006381333931')).body).toMatchObject({ name: 'Granola bar, honey', calories: 190 });

    expect((await (await user()).get('/api/foods/barcodes/4006381333931')).status).toBe(404);
  });

  it('refuses a wrong check digit, a wrong length and a bad label', async () => {
    const c = await user();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [label({ barcode: '4006381333932' }), { barcode: K.barcodeCheckDigit }],
      [label({ barcode: '12345' }), { barcode: K.barcode }],
      [label({ barcode: '40063813339a1' }), { barcode: K.barcode }],
      [label({ name: '' }), { name: M.foodName }],
      [label({ servingGrams: 0 }), { servingGrams: K.servingGrams }],
      [label({ calories: -1, fat: 900 }), { calories: M.calories, fat: M.fat }],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/foods/barcodes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res), JSON.stringify(body)).toEqual(expected);
    }
    const bad = await c.get('/api/foods/barcodes/4006381333932');
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual({ code: K.barcodeCheckDigit });
  });

  it('without OPENFOODFACTS_URL an unknown code is not found, and nothing is asked of anyone', async () => {
    const c = await user();
    const before = off.requests.length;
    expect((await c.get('/api/foods/barcodes/96385074')).status).toBe(404);
    expect(off.requests.length).toBe(before);
  });

  it('looks an unknown code up in Open Food Facts: per serving from values per 100 g; the user’s own label first', async () => {
    off.products.set('5449000000996', {
      product: {
        product_name: 'Cola',
        brands: 'Fizz Co, Other',
        serving_quantity: 330,
        serving_quantity_unit: 'ml',
        nutriments: { 'energy-kcal_100g': 42, proteins_100g: 0, carbohydrates_100g: 10.6, fat_100g: 0 },
      },
    });
    off.products.set('3017620422003', { product: { product_name: 'Hazelnut spread', nutriments: { energy_100g: 2252, fat_100g: 30.9, proteins_100g: 6.3 } } });
    const c = await user(withOff);
    const cola = await c.get('/api/foods/barcodes/5449000000996');
    expect(cola.status).toBe(200);
    expect(cola.body).toEqual({ barcode: '5449000000996', name: 'Cola', brand: 'Fizz Co', servingGrams: 330, calories: 139, protein: 0, carbs: 35, fat: 0, source: 'openfoodfacts' });
    expect(off.requests.at(-1)).toMatch(/^\/api\/v2\/product\/5449000000996\.json/);

    // No serving given: 100 g; energy in kJ only: converted.
    const spread = await c.get('/api/foods/barcodes/3017620422003');
    expect(spread.body).toMatchObject({ servingGrams: 100, calories: 538, fat: 30.9, protein: 6.3, carbs: null });

    // Unknown there too: 404, for the user to enter the label.
    expect((await c.get('/api/foods/barcodes/96385074')).status).toBe(404);
    // Asked again, by anyone, the answer is the one Open Food Facts gave: no second request goes out.
    const asked = off.requests.length;
    expect((await (await user(withOff)).get('/api/foods/barcodes/96385074')).status).toBe(404);
    expect((await c.get('/api/foods/barcodes/3017620422003')).body).toMatchObject({ calories: 538 });
    expect(off.requests.length).toBe(asked);

    // The user's own label wins.
    await c.post('/api/foods/barcodes', label({ barcode: '5449000000996', name: 'My cola', servingGrams: 250, calories: 105 }));
    expect((await c.get('/api/foods/barcodes/5449000000996')).body).toMatchObject({ name: 'My cola', source: 'own' });
  });

  it('with Open Food Facts down or slow, a code is not found in time and its label can still be entered', async () => {
    off.products.set('4000000000006', { status: 503 });
    off.products.set('4000000000013', { hang: true });
    const c = await user(withOff);
    expect((await c.get('/api/foods/barcodes/4000000000006')).status).toBe(404);
    const started = Date.now();
    expect((await c.get('/api/foods/barcodes/4000000000013')).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await c.post('/api/foods/barcodes', label({ barcode: '4000000000013' }))).status).toBe(201);
    expect((await c.get('/api/foods/barcodes/4000000000013')).body).toMatchObject({ name: 'Granola bar', source: 'own' });
  });
});

describe('a label read from a photo', () => {
  it('without AI_VISION_MODEL the config says no and the path is unknown', async () => {
    expect((await t.client().get('/api/config')).body.labelPhotos).toBe(false);
    const c = await user();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(1024)], { type: 'image/jpeg' }), 'label.jpg');
    const res = await c.request('POST', '/api/foods/labels', { body: form });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await t.client().request('POST', '/api/foods/labels', { body: form })).status).toBe(404);
    expect((await c.get('/api/openapi.json')).body.paths).not.toHaveProperty(['/api/foods/labels']);
  });
});
