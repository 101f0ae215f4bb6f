import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foodById } from '#core/nutrition/foods';
import { checkNutritionPlan, dietRules, nutritionPlanSchema, parseAllergies, planTargets, ruleBroken, withinTarget, CHECKED_NUTRIENTS, type NutritionPlan } from '#core/nutrition/plans';
import { NUTRITION_PLAN_MESSAGES as M } from '#core/nutrition/plans/messages';
import { nutritionPlans, users } from '#server/db/schema';
import { fields, nutritionUser, setTier, type NutritionClient } from '../support/nutrition';
import { parseSse } from '../support/plans';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m', RATE_LIMIT_AI_PAID: '1000/1h' });
}, 120_000);
afterAll(() => t.close());

/** A woman of 34, 168 cm, 64 kg, moderately active, who wants to lose weight: computed goals. */
const BODY = { sex: 'female', birthYear: new Date().getUTCFullYear() - 34, heightCm: 168, weightKg: 64, activityLevel: 'moderate' };
const proUser = async (prefs: Record<string, unknown> = BODY) => {
  const c = await nutritionUser(t, prefs);
  await setTier(t, c, 'pro');
  return c;
};
const plansOf = (c: NutritionClient) => t.db.select().from(nutritionPlans).where(eq(nutritionPlans.userId, c.id));
const picksOf = (plan: NutritionPlan) => plan.days.map((d) => ({ meals: d.meals.map((m) => ({ type: m.type, items: m.items.map((i) => ({ foodId: i.foodId, grams: i.grams })) })) }));

describe('POST /api/nutrition/plans', () => {
  it('makes a pro user a 7-day plan to their goals that keeps their diet and allergies, and saves it', async () => {
    const c = await proUser();
    expect((await c.put('/api/me/fitness-goals', { goals: ['lose_weight'], fitnessLevel: 'beginner', equipment: ['none'], workoutsPerWeek: 3 })).status).toBe(200);
    const goals = (await c.get('/api/nutrition/goals')).body;
    const res = await c.post('/api/nutrition/plans', { dietaryRestrictions: ['vegetarian', 'nut_free'], allergies: 'sesame, strawberries', mealsPerDay: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const saved = res.body;
    expect(saved).toMatchObject({ dietaryRestrictions: ['vegetarian', 'nut_free'], mealsPerDay: 4, locale: 'en', source: 'builtin', calories: goals.calories });
    const plan = nutritionPlanSchema.parse(saved.plan);
    // A vegetarian plan holds protein to 30 % of energy (ADR 014); the rest of the goals stand.
    expect(plan.goals).toMatchObject({ calories: goals.calories, protein: goals.protein, carbs: goals.carbs, fat: goals.fat });
    expect(plan.targets).toEqual(planTargets(goals, ['vegetarian', 'nut_free']).targets);
    expect(plan.targets.protein).toBe(Math.round((goals.calories * 0.3) / 4));
    expect(plan.adjustments).toContain('protein_lowered');
    expect(plan.days).toHaveLength(7);
    for (const day of plan.days) {
      expect(day.meals.map((m) => m.type)).toEqual(['breakfast', 'lunch', 'snack', 'dinner']);
      for (const k of CHECKED_NUTRIENTS) expect(withinTarget(day.totals[k], plan.targets[k]), `day ${day.day} ${k} ${day.totals[k]} for ${plan.targets[k]}`).toBe(true);
    }
    // No meat, fish, nuts, sesame or strawberries, whatever the plan picked.
    const rules = dietRules(['vegetarian', 'nut_free'], parseAllergies('sesame, strawberries'));
    const foods = plan.days.flatMap((d) => d.meals.flatMap((m) => m.items.map((i) => foodById(i.foodId)!)));
    expect(foods.filter((f) => ruleBroken(f, rules) !== null).map((f) => f.id)).toEqual([]);
    expect(foods.some((f) => f.id === 'strawberries')).toBe(false);
    expect(plan.allergies.map((a) => [a.text, a.tags])).toEqual([
      ['sesame', ['sesame']],
      ['strawberries', []],
    ]);
    expect(checkNutritionPlan(picksOf(plan), { ...rulesBrief(plan), rules })).toEqual([]);
    // The shopping list adds up the week.
    const week = new Map<string, number>();
    for (const d of plan.days) for (const m of d.meals) for (const i of m.items) week.set(i.foodId, (week.get(i.foodId) ?? 0) + i.grams);
    expect(plan.shoppingList.map((s) => s.foodId).sort()).toEqual([...week.keys()].sort());
    for (const s of plan.shoppingList) expect(s.grams).toBe(Math.ceil(week.get(s.foodId)! / 10) * 10);

    const [row] = await plansOf(c);
    expect(row).toMatchObject({ id: saved.id, source: 'builtin', mealsPerDay: 4, calories: goals.calories });
    expect((await c.get(`/api/nutrition/plans/${saved.id}`)).body).toEqual(saved);
  });

  it('writes the plan in Chinese when asked, or in the user’s language', async () => {
    const c = await proUser({ ...BODY, locale: 'zh' });
    const res = await c.post('/api/nutrition/plans', { dietaryRestrictions: ['halal'], mealsPerDay: 3 });
    expect(res.status).toBe(201);
    expect(res.body.locale).toBe('zh');
    expect(res.body.plan.title).toMatch(/^7 天营养计划 · 每天 [\d,]+ 千卡 · 清真$/);
    const first = res.body.plan.days[0].meals[0].items[0];
    expect(first.name).toBe(foodById(first.foodId)!.name.zh);
    const en = await c.post('/api/nutrition/plans', { mealsPerDay: 5, locale: 'en', planName: 'My cut' });
    expect(en.body).toMatchObject({ locale: 'en', planName: 'My cut' });
    expect(en.body.plan.days[0].meals.map((m: { type: string }) => m.type)).toEqual(['breakfast', 'snack', 'lunch', 'snack', 'dinner']);
  });

  it('builds to the user’s own targets, kept within healthy ranges, and says what it changed', async () => {
    const c = await proUser();
    expect((await c.put('/api/nutrition/goals', { calories: 2400, protein: 150, carbs: 100, fat: 147 })).status).toBe(200);
    const res = await c.post('/api/nutrition/plans', { dietaryRestrictions: ['low_carb'] });
    expect(res.status).toBe(201);
    const plan = res.body.plan as NutritionPlan;
    expect(plan.goalSource).toBe('custom');
    expect(plan.goals).toMatchObject({ calories: 2400, protein: 150, carbs: 100, fat: 147 });
    expect(plan.targets.calories).toBe(2400);
    expect(plan.targets.carbs).toBeLessThanOrEqual(100);
    const low = dietRules(['low_carb']);
    expect(plan.days.flatMap((d) => d.meals.flatMap((m) => m.items)).filter((i) => ruleBroken(foodById(i.foodId)!, low))).toEqual([]);

    expect((await c.put('/api/nutrition/goals', { calories: 900, protein: 60, carbs: 100, fat: 27 })).status).toBe(200);
    const floor = await c.post('/api/nutrition/plans', {});
    expect(floor.body.plan.targets.calories).toBe(1200);
    expect(floor.body.plan.adjustments).toContain('calories_raised');
  });

  it('builds to the goals the user saved, to the gram, with every meal a usual share of the day', async () => {
    const c = await proUser();
    expect((await c.put('/api/nutrition/goals', { calories: 2500, protein: 160, carbs: 280, fat: 80 })).status).toBe(200);
    const res = await c.post('/api/nutrition/plans', { mealsPerDay: 3 });
    expect(res.status).toBe(201);
    const plan = res.body.plan as NutritionPlan;
    expect(plan.targets).toMatchObject({ calories: 2500, protein: 160, carbs: 280, fat: 80 });
    expect(plan.adjustments).toEqual([]);
    for (const day of plan.days) {
      for (const meal of day.meals) {
        const share = meal.totals.calories / day.totals.calories;
        expect(share >= 0.15 && share <= 0.45, `day ${day.day} ${meal.type}: ${share}`).toBe(true);
      }
    }
  });

  it('streams its steps when asked, then the saved plan', async () => {
    const c = await proUser({ ...BODY, locale: 'zh' });
    const res = await c.request<string>('POST', '/api/nutrition/plans', { json: { dietaryRestrictions: ['vegan'] }, headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(res.body);
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
    expect(progress.map((p) => p.stage)).toEqual(['analysing_input', 'choosing_foods', ...Array(7).fill('building_day'), 'checking', 'done']);
    expect(progress[2]).toEqual({ stage: 'building_day', day: 1, totalDays: 7, label: '正在配平第 1 / 7 天' });
    const last = events.at(-1)!;
    expect(last.event).toBe('plan');
    expect(last.data.dietaryRestrictions).toEqual(['vegan']);
    expect((await c.get(`/api/nutrition/plans/${last.data.id}`)).status).toBe(200);
  });

  it('is for pro only (the trial counts as pro); free, basic and lapsed users are told, and nothing is saved', async () => {
    const free = await nutritionUser(t);
    const basic = await nutritionUser(t);
    await setTier(t, basic, 'basic');
    const lapsed = await nutritionUser(t);
    await setTier(t, lapsed, 'pro', 'inactive');
    for (const c of [free, basic, lapsed]) {
      const res = await c.post('/api/nutrition/plans', { dietaryRestrictions: ['vegan'] });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: 'This feature requires a subscription' });
      const streamed = await c.request<string>('POST', '/api/nutrition/plans', { json: {}, headers: { accept: 'text/event-stream' } });
      expect(streamed.status).toBe(403);
      expect(await plansOf(c)).toHaveLength(0);
    }
    const trial = await nutritionUser(t);
    await t.db
      .update(users)
      .set({ subscriptionTier: 'pro', subscriptionStatus: 'active', trialEndsAt: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(users.id, trial.id));
    expect((await trial.post('/api/nutrition/plans', {})).status).toBe(201);
  });

  it('refuses bad input with a message per field, and saves nothing', async () => {
    const c = await proUser();
    const cases: [unknown, Record<string, string>][] = [
      [{ dietaryRestrictions: ['paleo'] }, { 'dietaryRestrictions.0': M.restriction }],
      [{ dietaryRestrictions: 'vegan' }, { dietaryRestrictions: M.restriction }],
      [{ dietaryRestrictions: ['vegan', 'vegan'] }, { dietaryRestrictions: M.restrictionTwice }],
      [{ allergies: 'x'.repeat(201) }, { allergies: M.allergies }],
      [{ allergies: 42 }, { allergies: M.allergies }],
      [{ mealsPerDay: 6 }, { mealsPerDay: M.mealsPerDay }],
      [{ mealsPerDay: 3.5 }, { mealsPerDay: M.mealsPerDay }],
      [{ planName: '   ' }, { planName: M.planName }],
      [{ locale: 'fr' }, { locale: 'Locale must be en or zh' }],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/nutrition/plans', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(fields(res), JSON.stringify(body)).toMatchObject(expected);
    }
    const unknownKey = await c.post('/api/nutrition/plans', { userId: c.id });
    expect(unknownKey.status).toBe(400);
    const notJson = await c.request('POST', '/api/nutrition/plans', { body: 'vegan please', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(400);
    expect(await plansOf(c)).toHaveLength(0);
  });

  it('says so when the diet and allergies leave no plan possible', async () => {
    const c = await proUser();
    const res = await c.post('/api/nutrition/plans', { dietaryRestrictions: ['vegan', 'gluten_free', 'nut_free', 'low_carb'], allergies: 'soy' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'OPERATION_NOT_ALLOWED', message: M.noFoods });
    expect(await plansOf(c)).toHaveLength(0);
  });
});

describe('GET and DELETE /api/nutrition/plans', () => {
  it('lists a user’s own plans, newest first, with the list rules', async () => {
    const c = await proUser();
    const other = await proUser();
    const a = (await c.post('/api/nutrition/plans', { dietaryRestrictions: ['pescatarian'] })).body;
    const b = (await c.post('/api/nutrition/plans', { mealsPerDay: 3 })).body;
    await other.post('/api/nutrition/plans', {});
    const list = await c.get('/api/nutrition/plans?limit=1');
    expect(list.body).toMatchObject({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(list.body.items).toEqual([
      { id: b.id, planName: b.planName, dietaryRestrictions: [], mealsPerDay: 3, calories: b.calories, locale: 'en', source: 'builtin', createdAt: b.createdAt },
    ]);
    expect((await c.get('/api/nutrition/plans?page=2&limit=1')).body.items[0].id).toBe(a.id);
    expect(fields(await c.get('/api/nutrition/plans?page=0'))).toEqual({ page: 'Page must be greater than 0' });
    expect(fields(await c.get('/api/nutrition/plans?limit=101'))).toEqual({ limit: 'Limit must be between 1 and 100' });
    // A lapsed pro keeps reading the plans they made.
    await setTier(t, c, 'free');
    expect((await c.get(`/api/nutrition/plans/${a.id}`)).status).toBe(200);
  });

  it('reads a stored plan in the language asked for: the same foods and grams, named and measured in it', async () => {
    const c = await proUser({ ...BODY, locale: 'zh' });
    const made = (await c.post('/api/nutrition/plans', { dietaryRestrictions: ['vegetarian'], mealsPerDay: 5 })).body;
    const mine = (await c.post('/api/nutrition/plans', { planName: '我的减脂餐' })).body;
    const zh = nutritionPlanSchema.parse(made.plan);
    expect(zh.locale).toBe('zh');
    const asStored = (await c.get(`/api/nutrition/plans/${made.id}`)).body;
    expect(asStored).toEqual(made);

    const res = await c.get(`/api/nutrition/plans/${made.id}?locale=en`);
    expect(res.status).toBe(200);
    const en = nutritionPlanSchema.parse(res.body.plan);
    expect(res.body).toMatchObject({ id: made.id, locale: 'en', planName: en.title, calories: made.calories });
    expect(en.title).toBe(`7-day nutrition plan · ${made.calories.toLocaleString('en-US')} kcal a day · Vegetarian`);
    expect(en.summary).toMatch(/^5 meals a day at about/);
    const items = (p: NutritionPlan) => p.days.flatMap((d) => d.meals.flatMap((m) => m.items));
    expect(items(en).map((i) => [i.foodId, i.grams, i.calories])).toEqual(items(zh).map((i) => [i.foodId, i.grams, i.calories]));
    for (const item of items(en)) {
      const food = foodById(item.foodId)!;
      expect(item.name).toBe(food.name.en);
      if (item.portion) expect(food.portions.map((p) => p.unit.en)).toContain(item.portion.label);
    }
    for (const item of items(zh)) expect(item.name).toBe(foodById(item.foodId)!.name.zh);
    expect(en.shoppingList.map((s) => [s.foodId, s.grams, s.name])).toEqual(zh.shoppingList.map((s) => [s.foodId, s.grams, foodById(s.foodId)!.name.en]));
    expect(en.days.map((d) => d.totals)).toEqual(zh.days.map((d) => d.totals));

    // The list follows too; a name the user gave stays as written.
    const list = (await c.get('/api/nutrition/plans?locale=en')).body.items;
    expect(list.map((p: { planName: string; locale: string }) => [p.planName, p.locale])).toEqual([
      ['我的减脂餐', 'en'],
      [en.title, 'en'],
    ]);
    expect((await c.get(`/api/nutrition/plans/${mine.id}?locale=en`)).body.planName).toBe('我的减脂餐');
    expect((await c.get('/api/nutrition/plans')).body.items.map((p: { locale: string }) => p.locale)).toEqual(['zh', 'zh']);
    expect(fields(await c.get(`/api/nutrition/plans/${made.id}?locale=fr`))).toEqual({ locale: 'Locale must be en or zh' });
  });

  it('answers 404 for another user’s plan, to read and to delete, and 400 for a malformed id', async () => {
    const owner = await proUser();
    const intruder = await proUser();
    const plan = (await owner.post('/api/nutrition/plans', {})).body;
    for (const res of [await intruder.get(`/api/nutrition/plans/${plan.id}`), await intruder.delete(`/api/nutrition/plans/${plan.id}`)]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect(await plansOf(owner)).toHaveLength(1);
    expect((await owner.get('/api/nutrition/plans/not-a-uuid')).body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'id', message: 'Invalid ID format' }] });
    expect((await owner.delete(`/api/nutrition/plans/${plan.id}`)).body).toEqual({ success: true });
    expect((await owner.get(`/api/nutrition/plans/${plan.id}`)).status).toBe(404);
    expect((await owner.delete(`/api/nutrition/plans/${plan.id}`)).status).toBe(404);
  });

  it('needs a session', async () => {
    const anon = t.client();
    expect((await anon.get('/api/nutrition/plans')).status).toBe(401);
    expect((await anon.post('/api/nutrition/plans', {})).status).toBe(401);
  });
});

describe('the AI rate limit on nutrition plans', () => {
  it('answers 429 with the paid message after the hour’s allowance, saving nothing more', async () => {
    const limited = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_AI_PAID: '2/1h' });
    try {
      const c = await nutritionUser(limited, BODY);
      await limited.db.update(users).set({ subscriptionTier: 'pro' }).where(eq(users.id, c.id));
      expect((await c.post('/api/nutrition/plans', {})).status).toBe(201);
      expect((await c.post('/api/nutrition/plans', {})).status).toBe(201);
      const third = await c.post('/api/nutrition/plans', {});
      expect(third.status).toBe(429);
      expect(third.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded. Please try again later.' });
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await limited.db.select().from(nutritionPlans).where(eq(nutritionPlans.userId, c.id))).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

/** The parts of a brief the check reads, from a saved plan. */
function rulesBrief(plan: NutritionPlan) {
  return { targets: plan.targets, mealsPerDay: plan.mealsPerDay } as Parameters<typeof checkNutritionPlan>[1];
}
