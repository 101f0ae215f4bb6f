import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXERCISES } from '#core/plans/exercises';
import { addDays, localDateOf, startOfLocalDay } from '#core/workouts';
import { WORKOUT_MESSAGES as M } from '#core/workouts/messages';
import { trainingSchedules, workoutExercises, workouts, workoutSets } from '#server/db/schema';
import { ownPlan } from '../support/plans';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

// Picked by what they are, not by id, so the tests keep to the library as it grows.
const BARBELL = EXERCISES.find((e) => e.kind === 'strength' && e.requires.includes('barbell') && e.primaryMuscles.includes('chest'))!;
const CARDIO = EXERCISES.find((e) => e.kind === 'cardio')!;

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const PLAN_ID = '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001';

function body(overrides: Record<string, unknown> = {}) {
  return {
    performedAt: ago(2 * HOUR),
    durationMinutes: 45,
    exercises: [
      {
        exerciseId: BARBELL.id,
        sets: [
          { reps: 5, weightKg: 100 },
          { reps: 5, weightKg: 102.5 },
        ],
      },
    ],
    ...overrides,
  };
}

async function user(preferences?: Record<string, unknown>): Promise<TestClient> {
  const c = t.client();
  await c.signUp();
  if (preferences) expect((await c.put('/api/me/preferences', preferences)).status).toBe(200);
  return c;
}

function fields(res: { body: any }): Record<string, string> {
  return Object.fromEntries((res.body.error.details ?? []).map((d: { field: string; message: string }) => [d.field, d.message]));
}

describe('POST /api/workouts', () => {
  it('logs a session from the library and answers with the saved workout', async () => {
    const c = await user();
    const performedAt = ago(2 * HOUR);
    const res = await c.post('/api/workouts', body({ performedAt, name: 'Push day', notes: 'Felt strong' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Push day',
      planId: null,
      weekNumber: null,
      dayNumber: null,
      performedAt,
      endedAt: new Date(Date.parse(performedAt) + 45 * 60_000).toISOString(),
      durationMinutes: 45,
      notes: 'Felt strong',
      exercises: [
        {
          exerciseId: BARBELL.id,
          customName: null,
          notes: null,
          sets: [
            { reps: 5, weightKg: 100, rpe: null, durationSeconds: null, distanceMeters: null, completed: true },
            { reps: 5, weightKg: 102.5, rpe: null, durationSeconds: null, distanceMeters: null, completed: true },
          ],
        },
      ],
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // MET × the default 70 kg × 0.75 h.
    expect(res.body.caloriesBurned).toBe(Math.round(BARBELL.met * 70 * 0.75));
    expect((await c.get(`/api/workouts/${res.body.id}`)).body).toEqual(res.body);
  });

  it('burns calories with the body weight of the preferences', async () => {
    const c = await user({ weightKg: 90 });
    const res = await c.post('/api/workouts', body({ durationMinutes: 60, exercises: [{ exerciseId: CARDIO.id, sets: [{ durationSeconds: 1800 }] }] }));
    expect(res.body.caloriesBurned).toBe(Math.round(CARDIO.met * 90));
  });

  it('logs a plan day, custom exercises, timed and distance sets, and skipped sets', async () => {
    const c = await user();
    const planId = await ownPlan(c);
    const res = await c.post('/api/workouts', {
      planId,
      weekNumber: 2,
      dayNumber: 3,
      performedAt: ago(3 * HOUR),
      durationMinutes: 50,
      exercises: [
        {
          customName: '  Sled push  ',
          notes: 'heavy',
          sets: [
            { distanceMeters: 20, weightKg: 80 },
            { distanceMeters: 20, weightKg: 80, completed: false },
          ],
        },
        { exerciseId: CARDIO.id, sets: [{ durationSeconds: 900, distanceMeters: 2500 }] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ planId, weekNumber: 2, dayNumber: 3 });
    expect(res.body.exercises[0]).toMatchObject({ exerciseId: null, customName: 'Sled push', notes: 'heavy' });
    expect(res.body.exercises[0].sets[1]).toEqual({ reps: null, weightKg: 80, rpe: null, durationSeconds: null, distanceMeters: 20, completed: false });
    expect(res.body.exercises[1].sets[0]).toMatchObject({ durationSeconds: 900, distanceMeters: 2500 });
  });

  it('logs a session with just a time and a length', async () => {
    const c = await user();
    const res = await c.post('/api/workouts', { performedAt: ago(HOUR), durationMinutes: 30, exercises: [] });
    expect(res.status).toBe(201);
    expect(res.body.exercises).toEqual([]);
    expect(res.body.caloriesBurned).toBe(Math.round(4 * 70 * 0.5));
  });

  it('keeps a weight exactly as sent: the web app converts pounds to kilograms', async () => {
    const c = await user();
    const kg = 45 * 0.45359237;
    const res = await c.post('/api/workouts', body({ exercises: [{ exerciseId: BARBELL.id, sets: [{ reps: 8, weightKg: kg }] }] }));
    expect(res.body.exercises[0].sets[0].weightKg).toBe(kg);
    expect((await c.get(`/api/workouts/${res.body.id}`)).body.exercises[0].sets[0].weightKg).toBe(kg);
    expect((await c.get('/api/workouts')).body.items[0].exercises[0].sets[0].weightKg).toBe(kg);
  });

  it("takes the length from a timed session's end", async () => {
    const c = await user();
    const performedAt = ago(2 * HOUR);
    const endedAt = new Date(Date.parse(performedAt) + 52 * 60_000 + 20_000).toISOString();
    const res = await c.post('/api/workouts', body({ performedAt, endedAt, durationMinutes: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.durationMinutes).toBe(52);
  });

  it('keeps the instant whatever offset the client wrote it in', async () => {
    const c = await user();
    const instant = new Date(Date.now() - 5 * HOUR);
    instant.setUTCMilliseconds(0);
    const local = new Date(instant.getTime() + 8 * HOUR).toISOString().replace('.000Z', '+08:00');
    const res = await c.post('/api/workouts', body({ performedAt: local }));
    expect(res.body.performedAt).toBe(instant.toISOString());
  });

  it('answers each mistake with its message, and saves nothing', async () => {
    const c = await user();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [body({ durationMinutes: undefined }), { durationMinutes: M.durationOrEnd }],
      [body({ durationMinutes: 0 }), { durationMinutes: M.durationMinutes }],
      [body({ durationMinutes: 30.5 }), { durationMinutes: M.durationMinutes }],
      [body({ performedAt: ago(-2 * HOUR) }), { performedAt: M.startInFuture }],
      [body({ performedAt: '2026-01-01 10:00' }), { performedAt: M.performedAt }],
      [body({ performedAt: '1990-05-01T10:00:00Z' }), { performedAt: M.tooOld }],
      [body({ endedAt: ago(3 * HOUR) }), { endedAt: M.endBeforeStart }],
      [body({ performedAt: ago(2 * HOUR), endedAt: ago(HOUR), durationMinutes: 10 }), { durationMinutes: M.durationMismatch }],
      [body({ name: '' }), { name: M.name }],
      [body({ notes: 'x'.repeat(2001) }), { notes: M.notes }],
      [body({ planId: 'not-a-uuid' }), { planId: 'Invalid ID format' }],
      [body({ weekNumber: 1, dayNumber: 1 }), { planId: M.planNeeded }],
      [body({ planId: PLAN_ID, weekNumber: 1 }), { dayNumber: M.weekAndDay }],
      [body({ planId: PLAN_ID, weekNumber: 60, dayNumber: 8 }), { weekNumber: M.weekNumber, dayNumber: M.dayNumber }],
      [body({ exercises: undefined }), { exercises: M.exercises }],
      [body({ exercises: [{ exerciseId: 'no-such-exercise', sets: [{ reps: 5 }] }] }), { 'exercises.0.exerciseId': M.exerciseId }],
      [body({ exercises: [{ exerciseId: BARBELL.id, customName: 'Bench', sets: [{ reps: 5 }] }] }), { 'exercises.0.exerciseId': M.exerciseChoice }],
      [body({ exercises: [{ sets: [{ reps: 5 }] }] }), { 'exercises.0.exerciseId': M.exerciseChoice }],
      [body({ exercises: [{ customName: 'Curl', sets: [] }] }), { 'exercises.0.sets': M.setsMin }],
      [body({ exercises: [{ customName: 'Curl', sets: [{ weightKg: 20 }] }] }), { 'exercises.0.sets.0': M.setEmpty }],
      [body({ exercises: [{ customName: 'Curl', sets: [{ reps: -1, weightKg: 2000 }] }] }), { 'exercises.0.sets.0.reps': M.reps, 'exercises.0.sets.0.weightKg': M.weightKg }],
      [
        body({ exercises: [{ customName: 'Run', sets: [{ durationSeconds: 0, distanceMeters: -5 }] }] }),
        { 'exercises.0.sets.0.durationSeconds': M.setDuration, 'exercises.0.sets.0.distanceMeters': M.distance },
      ],
      [body({ exercises: [{ customName: 'Curl', sets: [{ reps: 10, completed: 'yes' }] }] }), { 'exercises.0.sets.0.completed': M.completed }],
      [body({ exercises: Array.from({ length: 51 }, () => ({ customName: 'Curl', sets: [{ reps: 10 }] })) }), { exercises: M.exercisesMax }],
      [body({ calories: 900 }), { body: 'Unrecognized key: "calories"' }],
    ];
    for (const [payload, expected] of cases) {
      const res = await c.post('/api/workouts', payload);
      expect(res.status, JSON.stringify(expected)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation failed' });
      expect(fields(res), JSON.stringify(payload).slice(0, 200)).toEqual(expected);
    }
    expect((await c.get('/api/workouts')).body.total).toBe(0);
  });

  it('refuses a body that is not JSON, or not an object, without a 500', async () => {
    const c = await user();
    const notJson = await c.request('POST', '/api/workouts', { body: '{"performedAt":', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('VALIDATION_ERROR');
    const text = await c.request('POST', '/api/workouts', { body: 'squats', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    for (const payload of [[], 'x', 42, null]) {
      const res = await c.post('/api/workouts', payload);
      expect(res.status).toBe(400);
    }
    const huge = await c.post('/api/workouts', body({ notes: 'x'.repeat(2_000_000) }));
    expect([400, 413]).toContain(huge.status);
    expect(huge.body.error).toBeDefined();
  });

  it('stores any text a client sends, and answers odd values without a 500', async () => {
    const c = await user();
    const res = await c.post('/api/workouts', body({ name: 'Beine\u0000 🦵 腿部训练', notes: 'a\u0000b\u0007c' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Beine 🦵 腿部训练', notes: 'abc' });
    for (const payload of [
      body({ performedAt: '9999-12-31T23:59:59Z' }),
      body({ performedAt: '2026-13-45T99:99:99Z' }),
      body({ durationMinutes: Number.MAX_SAFE_INTEGER }),
      body({ exercises: [{ customName: 'x', sets: [{ reps: 1e308, weightKg: 1e-320 }] }] }),
      body({ exercises: [{ exerciseId: 42, sets: [{ reps: '5' }] }] }),
      body({ planId: { $ne: null } }),
    ]) {
      const r = await c.post('/api/workouts', payload);
      expect(r.status, JSON.stringify(payload).slice(0, 120)).toBe(400);
    }
    const page = await c.get(`/api/workouts?page=${Number.MAX_SAFE_INTEGER}&limit=100`);
    expect(page.status).toBe(200);
    expect(page.body.items).toEqual([]);
    expect((await c.get('/api/workouts?page=1e400')).status).toBe(400);
  });

  it('writes the workout, its exercises and sets together', async () => {
    const c = await user();
    const res = await c.post('/api/workouts', body());
    expect(await t.db.select().from(workoutExercises).where(eq(workoutExercises.workoutId, res.body.id))).toHaveLength(1);
    expect(await t.db.select().from(workoutSets).where(eq(workoutSets.workoutId, res.body.id))).toHaveLength(2);
  });
});

describe('GET /api/workouts/:id', () => {
  it("answers 404 for another user's workout and for one that does not exist, 400 for a malformed id", async () => {
    const owner = await user();
    const intruder = await user();
    const { body: w } = await owner.post('/api/workouts', body());
    const res = await intruder.get(`/api/workouts/${w.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Workout with id ${w.id} not found` });
    expect((await owner.get('/api/workouts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await owner.get('/api/workouts/123');
    expect(bad.status).toBe(400);
    expect(fields(bad)).toEqual({ id: 'Invalid ID format' });
  });
});

describe('PATCH /api/workouts/:id', () => {
  it('changes what is sent and keeps the rest', async () => {
    const c = await user();
    const { body: w } = await c.post('/api/workouts', body({ name: 'Push', notes: 'ok' }));
    const res = await c.patch(`/api/workouts/${w.id}`, { notes: 'Great session', name: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: w.id,
      name: null,
      notes: 'Great session',
      durationMinutes: 45,
      performedAt: w.performedAt,
      exercises: w.exercises,
      caloriesBurned: w.caloriesBurned,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(w.updatedAt));
    expect((await c.get(`/api/workouts/${w.id}`)).body).toEqual(res.body);
  });

  it('replaces the exercise list as a whole and recomputes calories with the weight of the day it was logged', async () => {
    const c = await user({ weightKg: 80 });
    const { body: w } = await c.post('/api/workouts', body({ durationMinutes: 60 }));
    expect(w.caloriesBurned).toBe(Math.round(BARBELL.met * 80));
    await c.put('/api/me/preferences', { weightKg: 120 });
    const res = await c.patch(`/api/workouts/${w.id}`, { exercises: [{ exerciseId: CARDIO.id, sets: [{ durationSeconds: 600 }] }] });
    expect(res.status).toBe(200);
    expect(res.body.exercises).toEqual([
      { exerciseId: CARDIO.id, customName: null, notes: null, sets: [{ reps: null, weightKg: null, rpe: null, durationSeconds: 600, distanceMeters: null, completed: true }] },
    ]);
    expect(res.body.caloriesBurned).toBe(Math.round(CARDIO.met * 80));
    expect(await t.db.select().from(workoutSets).where(eq(workoutSets.workoutId, w.id))).toHaveLength(1);
  });

  it('re-derives the length from a new end time and drops week and day with the plan', async () => {
    const c = await user();
    const { body: w } = await c.post('/api/workouts', body({ planId: await ownPlan(c), weekNumber: 1, dayNumber: 1 }));
    const endedAt = new Date(Date.parse(w.performedAt) + 25 * 60_000).toISOString();
    const res = await c.patch(`/api/workouts/${w.id}`, { endedAt, planId: null });
    expect(res.body).toMatchObject({ durationMinutes: 25, endedAt, planId: null, weekNumber: null, dayNumber: null });
  });

  it('validates the result as a whole and changes nothing when it is wrong', async () => {
    const c = await user();
    const { body: w } = await c.post('/api/workouts', body());
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { body: M.nothingToUpdate }],
      [{ durationMinutes: 5000 }, { durationMinutes: M.durationMinutes }],
      [{ weekNumber: 2 }, { planId: M.planNeeded }],
      [{ performedAt: ago(-3 * HOUR) }, { performedAt: M.startInFuture }],
      [{ exercises: [{ exerciseId: 'nope', sets: [{ reps: 1 }] }] }, { 'exercises.0.exerciseId': M.exerciseId }],
      [{ owner: 'someone', notes: 'x' }, { body: 'Unrecognized key: "owner"' }],
    ];
    for (const [payload, expected] of cases) {
      const res = await c.patch(`/api/workouts/${w.id}`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(fields(res)).toEqual(expected);
    }
    expect((await c.get(`/api/workouts/${w.id}`)).body).toEqual(w);
  });

  it("answers 404 for another user's workout and leaves it alone", async () => {
    const owner = await user();
    const intruder = await user();
    const { body: w } = await owner.post('/api/workouts', body({ notes: 'mine' }));
    const res = await intruder.patch(`/api/workouts/${w.id}`, { notes: 'hacked' });
    expect(res.status).toBe(404);
    expect((await owner.get(`/api/workouts/${w.id}`)).body.notes).toBe('mine');
    expect((await owner.patch('/api/workouts/xyz', { notes: 'x' })).status).toBe(400);
  });
});

describe('references to a plan', () => {
  const rowsOf = (c: TestClient) => c.get('/api/workouts').then((r) => r.body.items);

  it("a workout may name only a plan of the user's own: another user's plan is 404 and nothing is stored", async () => {
    const [c, other] = [await user(), await user()];
    const foreign = await ownPlan(other);
    const res = await c.post('/api/workouts', body({ planId: foreign, weekNumber: 1, dayNumber: 1 }));
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Plan with id ${foreign} not found` });
    expect(await rowsOf(c)).toEqual([]);
    expect((await c.post('/api/workouts', body({ planId: await ownPlan(c), weekNumber: 1, dayNumber: 1 }))).status).toBe(201);
  });

  it("an edit may not point a workout at another user's plan", async () => {
    const [c, other] = [await user(), await user()];
    const { body: w } = await c.post('/api/workouts', body({ name: 'Push day' }));
    const res = await c.patch(`/api/workouts/${w.id}`, { name: 'Changed', planId: await ownPlan(other), weekNumber: 1, dayNumber: 1 });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await c.get(`/api/workouts/${w.id}`)).body).toMatchObject({ name: 'Push day', planId: null, weekNumber: null });
  });

  it("a training schedule may not name another user's plan", async () => {
    const [c, other] = [await user(), await user()];
    const mine = await ownPlan(c);
    expect((await c.put('/api/training-schedule', { planId: mine, trainingDays: ['mon'] })).status).toBe(200);
    const res = await c.put('/api/training-schedule', { planId: await ownPlan(other), trainingDays: ['tue', 'thu'] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await c.get('/api/training-schedule')).body).toMatchObject({ planId: mine, trainingDays: ['mon'] });
  });

  it('deleting a plan keeps the workouts and the schedule that named it, without the reference', async () => {
    const c = await user();
    const planId = await ownPlan(c);
    const { body: w } = await c.post('/api/workouts', body({ planId, weekNumber: 2, dayNumber: 3 }));
    expect((await c.put('/api/training-schedule', { planId, trainingDays: ['mon', 'wed'] })).status).toBe(200);
    expect((await c.delete(`/api/fitness-plans/${planId}`)).status).toBe(200);
    expect((await c.get(`/api/workouts/${w.id}`)).body).toMatchObject({ planId: null, weekNumber: null, dayNumber: null, durationMinutes: 45 });
    expect((await c.get('/api/training-schedule')).body).toMatchObject({ planId: null, trainingDays: ['mon', 'wed'] });
    // Still editable: the workout is a free-form one now.
    expect((await c.patch(`/api/workouts/${w.id}`, { name: 'Kept' })).status).toBe(200);
    expect(await t.db.select().from(trainingSchedules).where(eq(trainingSchedules.planId, planId))).toEqual([]);
  });
});

describe('DELETE /api/workouts/:id', () => {
  it('deletes the workout with its exercises and sets', async () => {
    const c = await user();
    const { body: w } = await c.post('/api/workouts', body());
    const res = await c.delete(`/api/workouts/${w.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await c.get(`/api/workouts/${w.id}`)).status).toBe(404);
    expect((await c.delete(`/api/workouts/${w.id}`)).status).toBe(404);
    expect(await t.db.select().from(workoutSets).where(eq(workoutSets.workoutId, w.id))).toHaveLength(0);
    expect(await t.db.select().from(workoutExercises).where(eq(workoutExercises.workoutId, w.id))).toHaveLength(0);
  });

  it("answers 404 for another user's workout and keeps it", async () => {
    const owner = await user();
    const intruder = await user();
    const { body: w } = await owner.post('/api/workouts', body());
    expect((await intruder.delete(`/api/workouts/${w.id}`)).status).toBe(404);
    expect(await t.db.select().from(workouts).where(eq(workouts.id, w.id))).toHaveLength(1);
    expect((await owner.delete('/api/workouts/not-an-id')).status).toBe(400);
  });
});

describe('GET /api/workouts', () => {
  it("pages through the user's workouts, newest first, and never shows another user's", async () => {
    const c = await user();
    const other = await user();
    await other.post('/api/workouts', body());
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await c.post('/api/workouts', body({ performedAt: ago((i + 1) * HOUR), durationMinutes: 30 }))).body.id);

    const first = await c.get('/api/workouts?limit=10');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 10, total: 25, totalPages: 3 });
    expect(first.body.items.map((w: { id: string }) => w.id)).toEqual(ids.slice(0, 10));
    expect(first.body.items[0].exercises).toHaveLength(1);
    const third = await c.get('/api/workouts?page=3&limit=10');
    expect(third.body.items.map((w: { id: string }) => w.id)).toEqual(ids.slice(20));
    const beyond = await c.get('/api/workouts?page=4&limit=10');
    expect(beyond.body).toMatchObject({ items: [], page: 4, total: 25, totalPages: 3 });
    const defaults = await c.get('/api/workouts');
    expect(defaults.body).toMatchObject({ page: 1, limit: 20, totalPages: 2 });
    expect(defaults.body.items).toHaveLength(20);
  });

  it("checks the paging and date parameters with the spec's messages", async () => {
    const c = await user();
    const cases: [string, Record<string, string>][] = [
      ['page=0', { page: 'Page must be greater than 0' }],
      ['page=abc', { page: 'Page must be greater than 0' }],
      ['limit=0', { limit: 'Limit must be between 1 and 100' }],
      ['limit=101', { limit: 'Limit must be between 1 and 100' }],
      ['startDate=2026-02-30', { startDate: 'Start date must be a date (YYYY-MM-DD)' }],
      ['endDate=yesterday', { endDate: 'End date must be a date (YYYY-MM-DD)' }],
      ['startDate=2025-03-02&endDate=2025-03-01', { startDate: 'Start date must be before end date' }],
    ];
    for (const [query, expected] of cases) {
      const res = await c.get(`/api/workouts?${query}`);
      expect(res.status, query).toBe(400);
      expect(fields(res)).toEqual(expected);
    }
    const tomorrow = addDays(localDateOf(Date.now(), 'UTC'), 1);
    const future = await c.get(`/api/workouts?endDate=${tomorrow}`);
    expect(future.status).toBe(400);
    expect(fields(future)).toEqual({ endDate: 'End date cannot be in the future' });
  });

  it("reads the dates as days of the user's time zone, both ends included", async () => {
    const zone = 'Pacific/Auckland';
    const c = await user({ timezone: zone });
    const today = localDateOf(Date.now(), zone);
    const day = addDays(today, -3);
    const start = startOfLocalDay(day, zone);
    const end = startOfLocalDay(addDays(day, 1), zone);
    // Just before, at the start of, at the end of, and just after the day, in Auckland.
    const instants = [start - 60_000, start, end - 60_000, end];
    for (const at of instants) await c.post('/api/workouts', body({ performedAt: new Date(at).toISOString() }));
    const res = await c.get(`/api/workouts?startDate=${day}&endDate=${day}`);
    expect(res.body.items.map((w: { performedAt: string }) => Date.parse(w.performedAt))).toEqual([end - 60_000, start]);
    const from = await c.get(`/api/workouts?startDate=${day}`);
    expect(from.body.total).toBe(3);
    const until = await c.get(`/api/workouts?endDate=${day}`);
    expect(until.body.total).toBe(3);
  });

  it('lets a user ahead of UTC ask for their own today', async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its today is often UTC's tomorrow
    const c = await user({ timezone: zone });
    const res = await c.get(`/api/workouts?endDate=${localDateOf(Date.now(), zone)}`);
    expect(res.status).toBe(200);
    const tooFar = await c.get(`/api/workouts?endDate=${addDays(localDateOf(Date.now(), zone), 1)}`);
    expect(tooFar.status).toBe(400);
  });
});
