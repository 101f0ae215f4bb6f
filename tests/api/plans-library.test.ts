import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_LIBRARY } from '#core/plans/library';
import { fitnessPlanSchema } from '#core/plans/schemas';
import { PLAN_INPUT_MESSAGES } from '#core/plans/messages';
import { userOnTier } from '../support/plans';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let c: TestClient;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m' });
  c = (await userOnTier(t)).c;
});
afterAll(() => t.close());

const UNKNOWN = '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001';
const entry = (slug: string) => PLAN_LIBRARY.find((e) => e.slug === slug)!;
const hasChinese = (s: string) => /[\u4e00-\u9fff]/.test(s);

describe('GET /api/plan-library', () => {
  it('lists the curated plans, paginated', async () => {
    const res = await c.get('/api/plan-library');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, limit: 20, total: PLAN_LIBRARY.length, totalPages: 2 });
    expect(PLAN_LIBRARY.length).toBeGreaterThanOrEqual(24);
    expect(res.body.items[0]).toMatchObject({
      id: PLAN_LIBRARY[0].id,
      slug: PLAN_LIBRARY[0].slug,
      title: PLAN_LIBRARY[0].title.en,
      description: PLAN_LIBRARY[0].description.en,
      planType: PLAN_LIBRARY[0].planType,
      fitnessLevel: PLAN_LIBRARY[0].fitnessLevel,
      durationWeeks: PLAN_LIBRARY[0].duration,
    });
    expect(res.body.items[0].trainingDaysPerWeek).toBeGreaterThan(0);
    const page2 = await c.get('/api/plan-library?page=2');
    expect(page2.body.items).toHaveLength(PLAN_LIBRARY.length - 20);
  });

  it('filters by plan type, level, duration and the equipment the user owns', async () => {
    const strength = (await c.get('/api/plan-library?planType=strength&limit=100')).body;
    expect(strength.total).toBeGreaterThan(0);
    expect(strength.items.every((p: any) => p.planType === 'strength')).toBe(true);

    const both = (await c.get('/api/plan-library?planType=cardio&fitnessLevel=beginner')).body;
    expect(both.items.every((p: any) => p.planType === 'cardio' && p.fitnessLevel === 'beginner')).toBe(true);
    expect(both.total).toBeGreaterThan(0);

    const fourWeeks = (await c.get('/api/plan-library?duration=4&limit=100')).body;
    expect(fourWeeks.items.every((p: any) => p.durationWeeks === 4)).toBe(true);

    const home = (await c.get('/api/plan-library?equipment=none&limit=100')).body;
    expect(home.total).toBeGreaterThan(0);
    expect(home.items.every((p: any) => p.equipment.every((e: string) => e === 'none'))).toBe(true);
    // Repeated and comma-separated lists mean the same.
    const a = (await c.get('/api/plan-library?equipment=none&equipment=dumbbells&limit=100')).body;
    const b = (await c.get('/api/plan-library?equipment=none,dumbbells&limit=100')).body;
    expect(a.items.map((p: any) => p.id)).toEqual(b.items.map((p: any) => p.id));
    expect(a.total).toBeGreaterThan(home.total);
    const gym = (await c.get('/api/plan-library?equipment=gym_access&limit=100')).body;
    expect(gym.total).toBe(PLAN_LIBRARY.length);
  });

  it('covers every plan type and level', async () => {
    const all = (await c.get('/api/plan-library?limit=100')).body.items;
    for (const planType of ['strength', 'cardio', 'weight_loss', 'muscle_gain', 'general_fitness', 'sports_performance']) {
      for (const level of ['beginner', 'intermediate', 'advanced']) {
        expect(
          all.some((p: any) => p.planType === planType && p.fitnessLevel === level),
          `${planType} ${level}`,
        ).toBe(true);
      }
    }
  });

  it('speaks the language asked for, else the user’s own', async () => {
    const zh = (await c.get('/api/plan-library?locale=zh')).body.items[0];
    expect(zh.title).toBe(PLAN_LIBRARY[0].title.zh);
    const user = await userOnTier(t);
    await user.c.put('/api/me/preferences', { locale: 'zh' });
    expect((await user.c.get('/api/plan-library')).body.items[0].title).toBe(PLAN_LIBRARY[0].title.zh);
    expect((await user.c.get('/api/plan-library?locale=en')).body.items[0].title).toBe(PLAN_LIBRARY[0].title.en);
  });

  it('validates its query', async () => {
    const cases: [string, string, string][] = [
      ['planType=yoga', 'planType', PLAN_INPUT_MESSAGES.planType],
      ['fitnessLevel=elite', 'fitnessLevel', PLAN_INPUT_MESSAGES.fitnessLevel],
      ['equipment=rowing_machine', 'equipment', PLAN_INPUT_MESSAGES.equipmentItem],
      ['duration=6', 'duration', PLAN_INPUT_MESSAGES.duration],
      ['duration=abc', 'duration', PLAN_INPUT_MESSAGES.duration],
      ['locale=fr', 'locale', 'Locale must be en or zh'],
      ['page=0', 'page', 'Page must be greater than 0'],
      ['limit=500', 'limit', 'Limit must be between 1 and 100'],
    ];
    for (const [query, field, message] of cases) {
      const res = await c.get(`/api/plan-library?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(
        res.body.error.details.map((d: any) => d.field.split('.')[0]),
        query,
      ).toContain(field);
      expect(
        res.body.error.details.map((d: any) => d.message),
        query,
      ).toContain(message);
    }
  });
});

describe('GET /api/plan-library/:id', () => {
  it('gives the whole plan, every week in full, to every tier', async () => {
    const e = entry('couch-to-active');
    const res = await c.get(`/api/plan-library/${e.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: e.id, title: e.title.en, planType: e.planType, durationWeeks: e.duration });
    expect(fitnessPlanSchema.safeParse(res.body.plan).success).toBe(true);
    expect(res.body.plan).toMatchObject({ detail: 'full', title: e.title.en, locale: 'en' });
    expect(res.body.plan.weeks.every((w: any) => w.detailed)).toBe(true);
    const ids = res.body.plan.weeks.flatMap((w: any) => w.days.flatMap((d: any) => d.exercises.map((p: any) => p.exerciseId)));
    for (const id of ids) expect(res.body.exercises[id], id).toBeDefined();
  });

  it('in Chinese when asked', async () => {
    const res = await c.get(`/api/plan-library/${entry('barbell-basics').id}?locale=zh`);
    expect(res.body.title).toBe('杠铃入门');
    expect(res.body.plan.locale).toBe('zh');
    expect(Object.values(res.body.exercises).every((e: any) => hasChinese(e.name) && e.instructions.every(hasChinese))).toBe(true);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await c.get('/api/plan-library/barbell-basics');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ field: 'id', message: 'Invalid ID format', messageKey: 'common.id' });
    const missing = await c.get(`/api/plan-library/${UNKNOWN}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Library plan with id ${UNKNOWN} not found` });
  });
});

describe('POST /api/plan-library/:id/save', () => {
  it('copies the plan into the user’s plans without counting a generation', async () => {
    const { c: user } = await userOnTier(t);
    const e = entry('home-fat-loss-kickstart');
    const res = await user.post(`/api/plan-library/${e.id}/save`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      planName: e.title.en,
      planType: e.planType,
      fitnessLevel: e.fitnessLevel,
      goals: e.goals,
      equipment: e.equipment,
      durationWeeks: e.duration,
      detail: 'full',
      source: 'library',
      libraryId: e.id,
      locale: 'en',
    });
    expect(fitnessPlanSchema.safeParse(res.body.plan).success).toBe(true);
    const list = (await user.get('/api/fitness-plans')).body;
    expect(list.items.map((p: any) => p.id)).toEqual([res.body.id]);
    expect((await user.get('/api/fitness-plans?source=library')).body.total).toBe(1);
    expect((await user.get(`/api/fitness-plans/${res.body.id}`)).body.plan).toEqual(res.body.plan);
    expect((await user.get('/api/fitness-plans/allowance')).body.usage).toMatchObject({ used: 0, remaining: 3 });
    // A locked plan type in the library is saved all the same: the library is a free feature.
    const strength = await user.post(`/api/plan-library/${entry('barbell-basics').id}/save`, { locale: 'zh' });
    expect(strength.status).toBe(201);
    expect(strength.body).toMatchObject({ planName: '杠铃入门', locale: 'zh', planType: 'strength' });
  });

  it('saves with no body at all', async () => {
    const { c: user } = await userOnTier(t);
    const res = await user.request('POST', `/api/plan-library/${entry('travel-bands').id}/save`);
    expect(res.status).toBe(201);
  });

  it('validates and answers 404 for an unknown plan', async () => {
    const { c: user } = await userOnTier(t);
    const bad = await user.post(`/api/plan-library/${entry('travel-bands').id}/save`, { locale: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ field: 'locale', message: 'Locale must be en or zh', messageKey: 'common.locale' });
    const extra = await user.post(`/api/plan-library/${entry('travel-bands').id}/save`, { planName: 'x' });
    expect(extra.status).toBe(400);
    const missing = await user.post(`/api/plan-library/${UNKNOWN}/save`);
    expect(missing.status).toBe(404);
    const malformed = await user.post('/api/plan-library/nope/save');
    expect(malformed.status).toBe(400);
    expect((await user.get('/api/fitness-plans')).body.total).toBe(0);
  });
});

describe('GET /api/exercises', () => {
  it('lists the library, paginated, in the language asked for', async () => {
    const res = await c.get('/api/exercises');
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(200);
    expect(res.body.items).toHaveLength(20);
    const first = res.body.items[0];
    expect(Object.keys(first).sort()).toEqual(['equipment', 'id', 'instructions', 'kind', 'level', 'met', 'name', 'pattern', 'primaryMuscles', 'secondaryMuscles', 'unilateral']);
    expect(first.instructions.length).toBeGreaterThanOrEqual(2);
    const zh = (await c.get('/api/exercises?locale=zh&limit=100')).body.items;
    expect(zh.every((e: any) => hasChinese(e.name) && e.instructions.every(hasChinese))).toBe(true);
    const last = await c.get(`/api/exercises?limit=100&page=${Math.ceil(res.body.total / 100)}`);
    expect(last.body.items.length).toBe(res.body.total % 100 || 100);
  });

  it('searches English and Chinese names, best match first', async () => {
    const squat = (await c.get('/api/exercises?q=squat&limit=100')).body;
    expect(squat.total).toBeGreaterThan(3);
    expect(squat.items.every((e: any) => /squat/i.test(e.name) || /squat/.test(e.id))).toBe(true);
    expect(squat.items[0].name.toLowerCase().startsWith('squat') || squat.items[0].name.toLowerCase() === 'squat').toBe(true);

    const pushUp = (await c.get('/api/exercises?q=push%20up')).body.items;
    expect(pushUp[0].id).toBe('push-up');
    expect((await c.get('/api/exercises?q=PUSHUP')).body.items[0].id).toBe('push-up');

    const zh = (await c.get(`/api/exercises?q=${encodeURIComponent('俯卧撑')}&locale=zh`)).body.items;
    expect(zh[0]).toMatchObject({ id: 'push-up', name: '俯卧撑' });
    expect((await c.get(`/api/exercises?q=${encodeURIComponent('俯卧撑')}`)).body.items[0].name).toBe('Push-Up');
    expect((await c.get('/api/exercises?q=zzzzqqq')).body).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });

  it('filters by owned equipment, muscle, pattern, kind and level', async () => {
    const none = (await c.get('/api/exercises?equipment=none&limit=100')).body;
    expect(none.total).toBeGreaterThan(20);
    expect(none.items.every((e: any) => e.equipment.length === 0)).toBe(true);
    const db = (await c.get('/api/exercises?equipment=none,dumbbells&limit=100')).body;
    expect(db.items.every((e: any) => e.equipment.every((x: string) => x === 'dumbbells'))).toBe(true);
    expect(db.total).toBeGreaterThan(none.total);
    // The owned equipment is a set: order and repeats do not change the answer.
    expect((await c.get('/api/exercises?equipment=dumbbells&equipment=none,dumbbells&limit=100')).body).toEqual(db);

    const glutes = (await c.get('/api/exercises?muscle=glutes&limit=100')).body.items;
    expect(glutes.every((e: any) => e.primaryMuscles.includes('glutes') || e.secondaryMuscles.includes('glutes'))).toBe(true);
    const hinge = (await c.get('/api/exercises?pattern=hinge&limit=100')).body.items;
    expect(hinge.length).toBeGreaterThan(0);
    expect(hinge.every((e: any) => e.pattern === 'hinge')).toBe(true);
    const cardio = (await c.get('/api/exercises?kind=cardio&level=beginner&limit=100')).body.items;
    expect(cardio.length).toBeGreaterThan(0);
    expect(cardio.every((e: any) => e.kind === 'cardio' && e.level === 'beginner')).toBe(true);
    const combined = (await c.get('/api/exercises?q=row&equipment=dumbbells&kind=strength')).body.items;
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.every((e: any) => /row/i.test(e.name) && e.kind === 'strength')).toBe(true);
  });

  it('validates its query', async () => {
    const cases: [string, string, string][] = [
      ['q=', 'q', 'Search must be 1 to 100 characters'],
      [`q=${'x'.repeat(101)}`, 'q', 'Search must be 1 to 100 characters'],
      ['equipment=rowing_machine', 'equipment', PLAN_INPUT_MESSAGES.equipmentItem],
      ['muscle=heart', 'muscle', 'Unknown muscle'],
      ['pattern=twist', 'pattern', 'Unknown movement pattern'],
      ['kind=yoga', 'kind', 'Kind must be strength, cardio, mobility or plyometric'],
      ['level=elite', 'level', PLAN_INPUT_MESSAGES.fitnessLevel],
      ['locale=de', 'locale', 'Locale must be en or zh'],
      ['limit=0', 'limit', 'Limit must be between 1 and 100'],
    ];
    for (const [query, field, message] of cases) {
      const res = await c.get(`/api/exercises?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.error.details.map((d: any) => d.field.split('.')[0]),
        query,
      ).toContain(field);
      expect(
        res.body.error.details.map((d: any) => d.message),
        query,
      ).toContain(message);
    }
  });
});
