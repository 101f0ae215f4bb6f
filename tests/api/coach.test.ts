import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_MESSAGES } from '#core/coach/messages';
import { exerciseById } from '#core/plans/exercises';
import { PLAN_LIBRARY } from '#core/plans/library';
import type { FitnessPlan, Prescription } from '#core/plans/schemas';
import { PLAN_INPUT_MESSAGES } from '#core/plans/messages';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const LB = 2.204_622_62;

async function user(preferences?: Record<string, unknown>): Promise<TestClient> {
  const c = t.client();
  await c.signUp();
  if (preferences) expect((await c.put('/api/me/preferences', preferences)).status).toBe(200);
  return c;
}

async function log(c: TestClient, performedAt: string, exercises: unknown[], plan?: { planId: string; weekNumber: number; dayNumber: number }) {
  const res = await c.post('/api/workouts', { performedAt, durationMinutes: 40, exercises, ...plan });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A copy of the library's barbell plan, and the first lift of its week 1 counted in reps with more than one set. */
async function planWithLift(c: TestClient) {
  const entry = PLAN_LIBRARY.find((e) => e.slug === 'barbell-basics')!;
  const saved = await c.post(`/api/plan-library/${entry.id}/save`);
  expect(saved.status).toBe(201);
  const plan = saved.body.plan as FitnessPlan;
  for (const day of plan.weeks[0].days) {
    const p = day.exercises.find((x: Prescription) => x.reps !== null && x.sets > 1 && x.percentOneRepMax === null && exerciseById(x.exerciseId)?.requires.includes('barbell'));
    if (p) return { planId: saved.body.id as string, plan, day: day.dayNumber, p };
  }
  throw new Error('no lift');
}

const sets = (weightKg: number, reps: number[], rpe?: number) => reps.map((r) => ({ reps: r, weightKg, ...(rpe ? { rpe } : {}) }));
const progress = (c: TestClient, id: string, query = '') => c.get(`/api/exercises/${id}/progress${query}`);

describe('GET /api/exercises/:id/progress: the suggestion', () => {
  it('adds a plate after every set reached the top of the range, with the reason, e1RM and records', async () => {
    const c = await user();
    await log(c, ago(HOUR), [{ exerciseId: 'barbell-bench-press', sets: sets(60, [12, 12, 12]) }]);
    const res = await progress(c, 'barbell-bench-press');
    expect(res.status).toBe(200);
    expect(res.body.suggestion).toEqual({
      weightKg: 62.5,
      reps: 8,
      reason: { message: 'Every set reached 12 reps last time: add 2.5 kg and start again at 8 reps.', messageKey: 'coach.addWeight', params: { reps: 12, step: 2.5, unit: 'kg', min: 8 } },
    });
    expect(res.body.e1rmKg).toBe(84);
    expect(res.body.personalRecords).toMatchObject({ exerciseId: 'barbell-bench-press', maxWeight: { weightKg: 60, reps: 12 }, bestE1rm: { e1rmKg: 84 } });
    expect(res.body.target).toBeNull();
    expect(res.body.lastSession.sets[0]).toEqual({ weightKg: 60, reps: 12, rpe: null, durationSeconds: null, distanceMeters: null });
  });

  it('steps in pounds for an imperial user: 5 lb on a bar, onto weights the plates make', async () => {
    const c = await user({ units: 'imperial' });
    await log(c, ago(HOUR), [{ exerciseId: 'barbell-bench-press', sets: sets(Math.round((135 / LB) * 1000) / 1000, [12, 12]) }]);
    const s = (await progress(c, 'barbell-bench-press')).body.suggestion;
    expect(s.weightKg * LB).toBeCloseTo(140, 1);
    expect(s.reason.params).toMatchObject({ step: 5, unit: 'lb' });
  });

  it("follows the plan day's rep range when the logger names it, and keeps RPE with the sets", async () => {
    const c = await user();
    const { planId, day, p } = await planWithLift(c);
    const ref = { planId, weekNumber: 1, dayNumber: day };
    const w = await log(c, ago(HOUR), [{ exerciseId: p.exerciseId, sets: sets(50, [p.reps!.max, p.reps!.max], 8) }], ref);
    expect(w.exercises[0].sets[0].rpe).toBe(8);
    const res = await progress(c, p.exerciseId, `?planId=${planId}&week=1&day=${day}`);
    expect(res.status).toBe(200);
    expect(res.body.target).toEqual({ planId, weekNumber: 1, dayNumber: day, sets: p.sets, reps: p.reps });
    expect(res.body.suggestion).toMatchObject({ reps: p.reps!.min, reason: { messageKey: 'coach.addWeight' } });
    expect(res.body.lastSession.sets[0].rpe).toBe(8);
  });

  it("answers 404 for another user's plan, 400 in the envelope for a half-named day or a malformed RPE", async () => {
    const owner = await user();
    const { planId, p } = await planWithLift(owner);
    const other = await user();
    const foreign = await progress(other, p.exerciseId, `?planId=${planId}&week=1&day=1`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    const half = await progress(owner, p.exerciseId, `?planId=${planId}&week=1`);
    expect(half.status).toBe(400);
    expect(half.body.error.details).toEqual([{ field: 'week', message: COACH_MESSAGES.planDay, messageKey: 'coach.planDay' }]);
    expect((await progress(owner, p.exerciseId, '?week=1&day=1')).status).toBe(400);
    const rpe = await owner.post('/api/workouts', { performedAt: ago(HOUR), durationMinutes: 30, exercises: [{ exerciseId: p.exerciseId, sets: [{ reps: 5, weightKg: 50, rpe: 9.3 }] }] });
    expect(rpe.status).toBe(400);
    expect(rpe.body.error.details[0]).toMatchObject({ field: 'exercises.0.sets.0.rpe', messageKey: 'workout.rpe' });
  });
});

describe('plans that adapt when stalled', () => {
  it('two sessions of a plan below the range make next week 10 % lighter, shown on the plan and in the logger', async () => {
    const c = await user();
    const { planId, day, p } = await planWithLift(c);
    const ref = { planId, weekNumber: 1, dayNumber: day };
    const below = p.reps!.min - 1;
    await log(c, ago(30 * HOUR), [{ exerciseId: p.exerciseId, sets: sets(100, [below, below]) }], ref);
    // One session below is no stall yet.
    expect((await c.get(`/api/fitness-plans/${planId}`)).body.adaptations).toEqual([]);
    await log(c, ago(2 * HOUR), [{ exerciseId: p.exerciseId, sets: sets(100, [below, below - 1]) }], ref);

    const plan = (await c.get(`/api/fitness-plans/${planId}`)).body;
    expect(plan.adaptations).toEqual([
      {
        weekNumber: 2,
        exerciseId: p.exerciseId,
        kind: 'lighter',
        note: { message: `10% lighter this week: your last two sessions stayed below ${p.reps!.min} reps.`, messageKey: 'coach.adaptLighter', params: { percent: 10, min: p.reps!.min } },
      },
    ]);
    const next = await progress(c, p.exerciseId, `?planId=${planId}&week=2&day=${day}`);
    const week2 = (plan.plan as FitnessPlan).weeks[1].days[day - 1].exercises.find((x) => x.exerciseId === p.exerciseId)!;
    expect(next.body.adaptation).toMatchObject({ kind: 'lighter', note: { messageKey: 'coach.adaptLighter' } });
    expect(next.body.suggestion).toMatchObject({ weightKg: 90, reps: week2.reps!.min, reason: { messageKey: 'coach.adaptedLighter' } });
    // Week 1 is as it was.
    expect((await progress(c, p.exerciseId, `?planId=${planId}&week=1&day=${day}`)).body.adaptation).toBeNull();
  });

  it('a session at RPE 9.5 or more on every set takes a set off next week', async () => {
    const c = await user();
    const { planId, day, p } = await planWithLift(c);
    await log(c, ago(HOUR), [{ exerciseId: p.exerciseId, sets: sets(80, [p.reps!.min, p.reps!.min], 10) }], { planId, weekNumber: 1, dayNumber: day });
    const plan = (await c.get(`/api/fitness-plans/${planId}`)).body;
    expect(plan.adaptations).toMatchObject([{ weekNumber: 2, exerciseId: p.exerciseId, kind: 'fewer_sets', note: { messageKey: 'coach.adaptFewerSetsRpe' } }]);
    const inWeek = (n: number) => (plan.plan as FitnessPlan).weeks[n - 1].days[day - 1].exercises.find((x) => x.exerciseId === p.exerciseId)!;
    expect(inWeek(2).sets).toBe(p.sets - 1);
    expect(inWeek(1).sets).toBe(p.sets);
    // Sessions outside the plan adapt nothing.
    const other = await planWithLift(c);
    await log(c, ago(HOUR / 2), [{ exerciseId: other.p.exerciseId, sets: sets(80, [3, 3], 10) }]);
    expect((await c.get(`/api/fitness-plans/${other.planId}`)).body.adaptations).toEqual([]);
  });
});

describe('GET /api/exercises/:id/alternatives', () => {
  it('lists exercises of the same movement and main muscles with the equipment given, else the saved equipment', async () => {
    const c = await user();
    const bench = exerciseById('barbell-bench-press')!;
    const withDumbbells = await c.get('/api/exercises/barbell-bench-press/alternatives?equipment=dumbbells');
    expect(withDumbbells.status).toBe(200);
    expect(withDumbbells.body.equipment).toEqual(['dumbbells']);
    expect(withDumbbells.body.items.length).toBeGreaterThan(0);
    for (const e of withDumbbells.body.items) {
      expect(e.pattern).toBe(bench.pattern);
      expect(e.primaryMuscles.some((m: string) => (bench.primaryMuscles as string[]).includes(m))).toBe(true);
      expect(e.equipment.every((q: string) => q === 'dumbbells')).toBe(true);
    }
    // A new account owns nothing but its body.
    const saved = await c.get('/api/exercises/barbell-bench-press/alternatives?locale=zh');
    expect(saved.body.equipment).toEqual(['none']);
    expect(saved.body.items.every((e: { equipment: string[] }) => e.equipment.length === 0)).toBe(true);
    expect(saved.body.items.map((e: { id: string; name: string }) => e.name)).toContain(exerciseById('push-up')!.name.zh);
  });

  it('answers 400 in the envelope for equipment it does not know, 404 for an exercise it does not have, 401 signed out', async () => {
    const c = await user();
    const bad = await c.get('/api/exercises/barbell-bench-press/alternatives?equipment=jetpack');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'equipment.0', message: PLAN_INPUT_MESSAGES.equipmentItem, messageKey: 'plan.equipmentItem' }] });
    expect((await c.get('/api/exercises/no-such-lift/alternatives')).status).toBe(404);
    expect((await t.client().get('/api/exercises/barbell-bench-press/alternatives')).status).toBe(401);
  });
});

describe('PUT and DELETE /api/fitness-plans/:id/swaps/:exerciseId', () => {
  it('swaps an exercise for the rest of the plan, again, and back', async () => {
    const c = await user();
    const { planId, p } = await planWithLift(c);
    const replacement = (await c.get(`/api/exercises/${p.exerciseId}/alternatives?equipment=gym_access`)).body.items[0].id as string;
    const put = await c.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: replacement });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ planId, swaps: [{ exerciseId: p.exerciseId, replacementId: replacement }] });

    const read = (await c.get(`/api/fitness-plans/${planId}`)).body;
    const ids = (read.plan as FitnessPlan).weeks.flatMap((w) => w.days.flatMap((d) => d.exercises.map((x) => x.exerciseId)));
    expect(ids).not.toContain(p.exerciseId);
    expect(ids).toContain(replacement);
    expect(read.exercises[replacement]).toBeDefined();
    expect(read.swaps).toEqual([{ exerciseId: p.exerciseId, replacementId: replacement }]);
    // Also in the other language.
    const zh = (await c.get(`/api/fitness-plans/${planId}?locale=zh`)).body.plan as FitnessPlan;
    expect(zh.weeks[0].days.flatMap((d) => d.exercises).find((x) => x.exerciseId === replacement)?.name).toBe(exerciseById(replacement)!.name.zh);

    // Named by what it became, the same exercise is swapped again; naming the plan's own undoes it.
    const second = (await c.get(`/api/exercises/${p.exerciseId}/alternatives?equipment=gym_access`)).body.items[1].id as string;
    expect((await c.put(`/api/fitness-plans/${planId}/swaps/${replacement}`, { replacementId: second })).body.swaps).toEqual([{ exerciseId: p.exerciseId, replacementId: second }]);
    expect((await c.put(`/api/fitness-plans/${planId}/swaps/${second}`, { replacementId: p.exerciseId })).body.swaps).toEqual([]);
    await c.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: replacement });
    const del = await c.delete(`/api/fitness-plans/${planId}/swaps/${replacement}`);
    expect(del.status).toBe(200);
    expect(del.body.swaps).toEqual([]);
    expect((await c.get(`/api/fitness-plans/${planId}`)).body.swaps).toEqual([]);
  });

  it("answers 404 for another user's plan or an exercise the plan lacks, 400 for another movement, and changes nothing", async () => {
    const owner = await user();
    const { planId, p } = await planWithLift(owner);
    const replacement = (await owner.get(`/api/exercises/${p.exerciseId}/alternatives?equipment=gym_access`)).body.items[0].id as string;
    const other = await user();
    expect((await other.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: replacement })).status).toBe(404);
    expect((await other.delete(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`)).status).toBe(404);
    expect((await owner.put(`/api/fitness-plans/${planId}/swaps/treadmill-run`, { replacementId: replacement })).status).toBe(404);
    const wrong = await owner.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: 'treadmill-run' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ field: 'replacementId', message: COACH_MESSAGES.replacement, messageKey: 'coach.replacement' }]);
    const unknown = await owner.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: 'No Such' });
    expect(unknown.status).toBe(400);
    expect((await owner.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: replacement, extra: 1 })).status).toBe(400);
    expect((await owner.get(`/api/fitness-plans/${planId}`)).body.swaps).toEqual([]);
    expect((await t.client().put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: replacement })).status).toBe(401);
  });

  it('follows the suggestion: a swapped-in exercise takes the plan prescription of the one it replaced', async () => {
    const c = await user();
    const { planId, day, p } = await planWithLift(c);
    const replacement = (await c.get(`/api/exercises/${p.exerciseId}/alternatives?equipment=gym_access`)).body.items[0].id as string;
    await c.put(`/api/fitness-plans/${planId}/swaps/${p.exerciseId}`, { replacementId: replacement });
    const res = await progress(c, replacement, `?planId=${planId}&week=1&day=${day}`);
    expect(res.body.target).toMatchObject({ planId, weekNumber: 1, dayNumber: day, reps: p.reps });
  });
});

describe('this week per muscle', () => {
  it('counts the sets of the week per muscle group in the stats', async () => {
    const c = await user();
    await log(c, ago(60_000 * 5), [{ exerciseId: 'barbell-bench-press', sets: sets(60, [8, 8, 8]) }]);
    const stats = (await c.get('/api/stats')).body;
    const bench = exerciseById('barbell-bench-press')!;
    for (const m of bench.primaryMuscles) expect(stats.weekMuscleSets).toContainEqual({ muscle: m, sets: 3 });
  });
});
