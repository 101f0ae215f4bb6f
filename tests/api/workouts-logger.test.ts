import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXERCISES } from '#core/plans/exercises';
import { WORKOUT_MESSAGES as M } from '#core/workouts/messages';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m' });
});
afterAll(() => t.close());

const BARBELL = EXERCISES.find((e) => e.kind === 'strength' && e.requires.includes('barbell'))!;
const BODYWEIGHT = EXERCISES.find((e) => e.kind === 'strength' && e.requires.length === 0)!;
const CARDIO = EXERCISES.find((e) => e.kind === 'cardio')!;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function user(): Promise<TestClient> {
  const c = t.client();
  await c.signUp();
  return c;
}

async function log(c: TestClient, performedAt: string, exercises: unknown[]) {
  const res = await c.post('/api/workouts', { performedAt, durationMinutes: 40, exercises });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const progress = (c: TestClient, id: string) => c.get(`/api/exercises/${id}/progress`);

describe('GET /api/exercises/:id/progress', () => {
  it('answers the done sets of the most recent workout with the exercise, in logged order', async () => {
    const c = await user();
    await log(c, ago(50 * HOUR), [{ exerciseId: BARBELL.id, sets: [{ reps: 5, weightKg: 50 }] }]);
    const recent = ago(26 * HOUR);
    await log(c, recent, [
      {
        exerciseId: BARBELL.id,
        sets: [
          { reps: 8, weightKg: 60 },
          { reps: 6, weightKg: 62.5 },
          { reps: 3, weightKg: 65, completed: false },
        ],
      },
    ]);
    // Newer, but without the exercise, or with none of its sets done: not the last session with it.
    await log(c, ago(2 * HOUR), [{ exerciseId: CARDIO.id, sets: [{ durationSeconds: 600 }] }]);
    await log(c, ago(HOUR), [{ exerciseId: BARBELL.id, sets: [{ reps: 8, weightKg: 70, completed: false }] }]);

    const res = await progress(c, BARBELL.id);
    expect(res.status).toBe(200);
    expect(res.body.lastSession).toEqual({
      performedAt: recent,
      sets: [
        { weightKg: 60, reps: 8, rpe: null, durationSeconds: null, distanceMeters: null },
        { weightKg: 62.5, reps: 6, rpe: null, durationSeconds: null, distanceMeters: null },
      ],
    });
  });

  it("never shows another user's workouts", async () => {
    const owner = await user();
    await log(owner, ago(HOUR), [{ exerciseId: BARBELL.id, sets: [{ reps: 8, weightKg: 60 }] }]);
    const other = await user();
    const res = await progress(other, BARBELL.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lastSession: null, suggestion: null, e1rmKg: null, personalRecords: null, target: null, adaptation: null });
  });

  it('answers 404 for an exercise the library does not have, 400 for a malformed id, 401 signed out', async () => {
    const c = await user();
    const missing = await progress(c, 'no-such-exercise');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const bad = await progress(c, 'Bad%20Id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect((await progress(t.client(), BARBELL.id)).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const op = doc.paths['/api/exercises/{id}/progress'].get;
    expect(op.security).toEqual([{ session: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '404']));
  });
});

describe('sets as the logger sends them', () => {
  it('keeps cardio as distance and time, up to 1000 km and 24 hours, and refuses more', async () => {
    const c = await user();
    const ok = await log(c, ago(HOUR), [
      {
        exerciseId: CARDIO.id,
        sets: [
          { distanceMeters: 5000, durationSeconds: 1500 },
          { distanceMeters: 1_000_000, durationSeconds: 86_400 },
        ],
      },
    ]);
    expect(ok.exercises[0].sets.map((s: { distanceMeters: number; durationSeconds: number }) => [s.distanceMeters, s.durationSeconds])).toEqual([
      [5000, 1500],
      [1_000_000, 86_400],
    ]);
    const res = await c.post('/api/workouts', {
      performedAt: ago(HOUR),
      durationMinutes: 40,
      exercises: [{ exerciseId: CARDIO.id, sets: [{ distanceMeters: 1_000_001, durationSeconds: 86_401 }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'exercises.0.sets.0.distanceMeters', message: M.distance, messageKey: 'workout.distance' },
        { field: 'exercises.0.sets.0.durationSeconds', message: M.setDuration, messageKey: 'workout.setDuration' },
      ]),
    );
  });

  it('takes a bodyweight set with reps only, or reps and added weight', async () => {
    const c = await user();
    const w = await log(c, ago(HOUR), [{ exerciseId: BODYWEIGHT.id, sets: [{ reps: 12 }, { reps: 8, weightKg: 10 }] }]);
    expect(w.exercises[0].sets).toEqual([
      { reps: 12, weightKg: null, rpe: null, durationSeconds: null, distanceMeters: null, completed: true },
      { reps: 8, weightKg: 10, rpe: null, durationSeconds: null, distanceMeters: null, completed: true },
    ]);
    expect((await progress(c, BODYWEIGHT.id)).body.lastSession.sets[0]).toMatchObject({ reps: 12, weightKg: null });
  });
});
