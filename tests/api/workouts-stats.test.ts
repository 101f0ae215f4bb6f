import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXERCISES } from '#core/plans/exercises';
import { addDays, estimateOneRepMax, localDateOf, startOfLocalDay, weekdayOf, weekStart, WEEKDAYS } from '#core/workouts';
import { WORKOUT_MESSAGES as M } from '#core/workouts/messages';
import { trainingSchedules, users, workoutSummaries } from '#server/db/schema';
import { ownPlan } from '../support/plans';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

const BENCH = EXERCISES.find((e) => e.kind === 'strength' && e.requires.includes('barbell') && e.primaryMuscles.includes('chest'))!;
const SQUAT = EXERCISES.find((e) => e.kind === 'strength' && e.pattern === 'squat' && e.requires.includes('barbell'))!;
const HOUR = 3_600_000;

interface Client extends TestClient {
  id: string;
  zone: string;
}

async function user(zone = 'UTC', preferences: Record<string, unknown> = {}): Promise<Client> {
  const c = t.client() as Client;
  await c.signUp();
  expect((await c.put('/api/me/preferences', { timezone: zone, ...preferences })).status).toBe(200);
  c.id = (await c.get('/api/me')).body.id;
  c.zone = zone;
  return c;
}

async function setTier(c: Client, tier: 'free' | 'basic' | 'pro', status: 'active' | 'inactive' = 'active') {
  await t.db.update(users).set({ subscriptionTier: tier, subscriptionStatus: status }).where(eq(users.id, c.id));
}

/**
 * A schedule in force since a past day, which the API cannot set (it starts schedules today). Raises the summary
 * version as every change through the API does, so no cached stats outlive it.
 */
async function scheduleSince(c: Client, effectiveFrom: string, trainingDays: (typeof WEEKDAYS)[number][]) {
  await t.db.insert(trainingSchedules).values({ userId: c.id, effectiveFrom, trainingDays });
  await t.db
    .insert(workoutSummaries)
    .values({ userId: c.id })
    .onConflictDoUpdate({ target: workoutSummaries.userId, set: { version: sql`${workoutSummaries.version} + 1` } });
}

/** The user's today, and an instant at a local hour of a day `daysAgo` before it. */
const today = (c: Client) => localDateOf(Date.now(), c.zone);
const atLocal = (c: Client, date: string, hour: number) => new Date(startOfLocalDay(date, c.zone) + hour * HOUR).toISOString();

async function log(c: Client, performedAt: string, extra: Record<string, unknown> = {}) {
  const res = await c.post('/api/workouts', { performedAt, durationMinutes: 40, exercises: [], ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A workout `daysAgo` days before the user's today, at a time of day that has passed. */
async function logDaysAgo(c: Client, daysAgo: number, extra: Record<string, unknown> = {}) {
  const date = addDays(today(c), -daysAgo);
  const performedAt = daysAgo === 0 ? new Date(Math.max(startOfLocalDay(date, c.zone), Date.now() - 2 * 60_000)).toISOString() : atLocal(c, date, 12);
  return log(c, performedAt, extra);
}

describe('GET /api/stats', () => {
  it('starts empty', async () => {
    const c = await user('Europe/Berlin');
    const res = await c.get('/api/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      timezone: 'Europe/Berlin',
      today: today(c),
      currentStreak: 0,
      longestStreak: 0,
      lastWorkoutDate: null,
      workedOutToday: false,
      todayPlan: null,
      totalWorkouts: 0,
      totalMinutes: 0,
      totalCalories: 0,
      personalRecords: [],
      advanced: null,
    });
    expect(res.body.weekly).toHaveLength(12);
    expect(res.body.weekly.at(-1)).toEqual({ weekStart: weekStart(today(c)), sessions: 0, minutes: 0, calories: 0 });
    expect(res.body.monthly).toHaveLength(12);
    expect(res.body.monthly.at(-1).month).toBe(today(c).slice(0, 7));
  });

  it('counts totals, this week and this month, and the streak', async () => {
    const c = await user();
    for (const d of [2, 1, 0]) await logDaysAgo(c, d);
    const res = (await c.get('/api/stats')).body;
    expect(res).toMatchObject({ currentStreak: 3, longestStreak: 3, workedOutToday: true, lastWorkoutDate: today(c), totalWorkouts: 3, totalMinutes: 120 });
    expect(res.totalCalories).toBe(3 * Math.round(4 * 70 * (40 / 60)));
    const thisWeek = res.weekly.at(-1);
    expect(thisWeek.weekStart).toBe(weekStart(today(c)));
    const inWeek = [2, 1, 0].filter((d) => addDays(today(c), -d) >= weekStart(today(c))).length;
    expect(thisWeek).toMatchObject({ sessions: inWeek, minutes: 40 * inWeek });
    const inMonth = [2, 1, 0].filter((d) => addDays(today(c), -d).slice(0, 7) === today(c).slice(0, 7)).length;
    expect(res.monthly.at(-1)).toMatchObject({ sessions: inMonth, minutes: 40 * inMonth });
  });

  it('finds personal records from completed sets only, for library and custom exercises', async () => {
    const c = await user();
    await logDaysAgo(c, 3, {
      exercises: [
        {
          exerciseId: BENCH.id,
          sets: [
            { reps: 5, weightKg: 80 },
            { reps: 8, weightKg: 70 },
            { reps: 1, weightKg: 120, completed: false },
          ],
        },
      ],
    });
    await logDaysAgo(c, 1, {
      exercises: [
        { exerciseId: BENCH.id, sets: [{ reps: 3, weightKg: 90 }] },
        { customName: 'Sled push', sets: [{ distanceMeters: 20, weightKg: 100 }] },
      ],
    });
    const records = (await c.get('/api/stats')).body.personalRecords;
    const bench = records.find((r: { exerciseId: string }) => r.exerciseId === BENCH.id);
    expect(bench).toEqual({
      exerciseId: BENCH.id,
      customName: null,
      maxWeight: { weightKg: 90, reps: 3, date: addDays(today(c), -1) },
      maxReps: { reps: 8, weightKg: 70, date: addDays(today(c), -3) },
      // 90 × (1 + 3/30) = 99 beats 80 × (1 + 5/30) = 93.3; the skipped single of 120 is no record.
      bestE1rm: { e1rmKg: Math.round(estimateOneRepMax(90, 3)! * 10) / 10, weightKg: 90, reps: 3, date: addDays(today(c), -1) },
    });
    const sled = records.find((r: { customName: string }) => r.customName === 'Sled push');
    expect(sled).toMatchObject({ exerciseId: null, maxWeight: { weightKg: 100, reps: null }, maxReps: null, bestE1rm: null });
  });

  it('keeps calories, minutes and records right after edits and deletes', async () => {
    const c = await user();
    const w = await logDaysAgo(c, 1, { exercises: [{ exerciseId: BENCH.id, sets: [{ reps: 5, weightKg: 100 }] }] });
    await c.patch(`/api/workouts/${w.id}`, { durationMinutes: 90, exercises: [{ exerciseId: BENCH.id, sets: [{ reps: 5, weightKg: 60 }] }] });
    let stats = (await c.get('/api/stats')).body;
    expect(stats).toMatchObject({ totalWorkouts: 1, totalMinutes: 90 });
    expect(stats.personalRecords[0].maxWeight.weightKg).toBe(60);
    await c.delete(`/api/workouts/${w.id}`);
    stats = (await c.get('/api/stats')).body;
    expect(stats).toMatchObject({ totalWorkouts: 0, totalMinutes: 0, currentStreak: 0, longestStreak: 0, personalRecords: [] });
  });
});

describe("streaks in the user's time zone", () => {
  it("puts each workout on the user's own day", async () => {
    const c = await user('Asia/Shanghai');
    const d = today(c);
    // 23:30 two days ago and 00:30 yesterday in Shanghai: two days there, one day in UTC (both 15:30–16:30 UTC).
    await log(c, atLocal(c, addDays(d, -2), 23.5));
    await log(c, atLocal(c, addDays(d, -1), 0.5));
    const res = (await c.get('/api/stats/streak')).body;
    expect(res).toMatchObject({ timezone: 'Asia/Shanghai', today: d, currentStreak: 2, longestStreak: 2, lastWorkoutDate: addDays(d, -1), workedOutToday: false });
    // Read in UTC, the same two workouts fall on one day.
    await c.put('/api/me/preferences', { timezone: 'UTC' });
    const utc = (await c.get('/api/stats/streak')).body;
    expect(utc).toMatchObject({ timezone: 'UTC', longestStreak: 1 });
  });

  it('keeps a streak across the DST changes of New York', async () => {
    const c = await user('America/New_York');
    // 2025: clocks went forward on Sunday 9 March and back on Sunday 2 November.
    for (const [date, hour] of [
      ['2025-03-08', 23.5],
      ['2025-03-09', 0.5],
      ['2025-03-09', 23.5],
      ['2025-03-10', 0.25],
    ] as const)
      await log(c, atLocal(c, date, hour));
    expect((await c.get('/api/stats/streak')).body.longestStreak).toBe(3);
    for (const date of ['2025-11-01', '2025-11-02', '2025-11-03', '2025-11-04']) await log(c, atLocal(c, date, 0.5));
    const res = (await c.get('/api/stats')).body;
    expect(res.longestStreak).toBe(4);
    expect(res.totalWorkouts).toBe(8);
  });

  it('runs across a month end and a year end', async () => {
    const c = await user('Asia/Tokyo');
    for (const date of ['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02', '2025-01-03']) await log(c, atLocal(c, date, 0.1));
    for (const date of ['2025-02-27', '2025-02-28', '2025-03-01']) await log(c, atLocal(c, date, 23.9));
    expect((await c.get('/api/stats/streak')).body).toMatchObject({ longestStreak: 5, currentStreak: 0 });
  });

  it('breaks on a gap, and a planned rest day between two workouts does not break it', async () => {
    const c = await user('America/Los_Angeles');
    const d = today(c);
    await logDaysAgo(c, 3);
    await logDaysAgo(c, 1);
    expect((await c.get('/api/stats/streak')).body).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    // A week followed since long ago in which two days ago was a rest day.
    const restDay = weekdayOf(addDays(d, -2));
    await scheduleSince(
      c,
      addDays(d, -60),
      WEEKDAYS.filter((w) => w !== restDay),
    );
    expect((await c.get('/api/stats/streak')).body).toMatchObject({ currentStreak: 2, longestStreak: 2 });
  });

  it('lets today pass without a workout until the day is over', async () => {
    const c = await user('Pacific/Auckland');
    await logDaysAgo(c, 1);
    await logDaysAgo(c, 2);
    expect((await c.get('/api/stats/streak')).body).toMatchObject({ currentStreak: 2, workedOutToday: false });
  });
});

describe('the streak and totals in user_stats (GET /api/me)', () => {
  it('follow every log, edit and delete', async () => {
    const c = await user('Asia/Kolkata');
    expect((await c.get('/api/me')).body.stats).toMatchObject({ totalWorkouts: 0, totalMinutes: 0, totalCalories: 0, lastWorkoutAt: null, currentStreak: 0, longestStreak: 0 });
    await logDaysAgo(c, 2);
    const w = await logDaysAgo(c, 1);
    let stats = (await c.get('/api/me')).body.stats;
    expect(stats).toMatchObject({ totalWorkouts: 2, totalMinutes: 80, currentStreak: 2, longestStreak: 2, lastWorkoutAt: w.performedAt });
    await c.patch(`/api/workouts/${w.id}`, { durationMinutes: 60 });
    expect((await c.get('/api/me')).body.stats.totalMinutes).toBe(100);
    await c.delete(`/api/workouts/${w.id}`);
    stats = (await c.get('/api/me')).body.stats;
    // The remaining workout was two days ago: the run has lapsed, the record stays.
    expect(stats).toMatchObject({ totalWorkouts: 1, totalMinutes: 40, currentStreak: 0, longestStreak: 1 });
  });

  it('count every one of many workouts logged at the same time', async () => {
    const c = await user();
    await Promise.all(Array.from({ length: 8 }, (_, i) => logDaysAgo(c, i % 4)));
    expect((await c.get('/api/me')).body.stats).toMatchObject({ totalWorkouts: 8, totalMinutes: 320, currentStreak: 4, longestStreak: 4 });
  });

  it('agree with GET /api/stats', async () => {
    const c = await user('America/Sao_Paulo');
    for (const d of [9, 8, 7, 6, 4, 1, 0]) await logDaysAgo(c, d);
    const [me, stats] = await Promise.all([c.get('/api/me'), c.get('/api/stats')]);
    expect(me.body.stats).toMatchObject({
      currentStreak: stats.body.currentStreak,
      longestStreak: stats.body.longestStreak,
      totalWorkouts: stats.body.totalWorkouts,
      totalMinutes: stats.body.totalMinutes,
      totalCalories: stats.body.totalCalories,
    });
    expect(stats.body).toMatchObject({ currentStreak: 2, longestStreak: 4 });
  });
});

describe('advanced stats (Pro)', () => {
  /** A member for a year, who trained eight days ago and yesterday. */
  async function trainedUser() {
    const c = await user('Europe/London');
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 365 * 86_400_000) })
      .where(eq(users.id, c.id));
    await logDaysAgo(c, 8, {
      exercises: [
        {
          exerciseId: SQUAT.id,
          sets: [
            { reps: 5, weightKg: 100 },
            { reps: 5, weightKg: 100 },
          ],
        },
      ],
    });
    await logDaysAgo(c, 1, {
      exercises: [
        { exerciseId: SQUAT.id, sets: [{ reps: 3, weightKg: 120 }] },
        {
          exerciseId: BENCH.id,
          sets: [
            { reps: 10, weightKg: 60 },
            { reps: 10, weightKg: 60, completed: false },
          ],
        },
      ],
    });
    return c;
  }

  it('are null on free and basic, and for a Pro subscription that ended', async () => {
    const c = await trainedUser();
    expect((await c.get('/api/stats')).body.advanced).toBeNull();
    await setTier(c, 'basic');
    expect((await c.get('/api/stats')).body.advanced).toBeNull();
    await setTier(c, 'pro', 'inactive');
    expect((await c.get('/api/stats')).body.advanced).toBeNull();
  });

  it('give Pro the volume per muscle, the 1RM trend per lift and consistency', async () => {
    const c = await trainedUser();
    await setTier(c, 'pro');
    const { advanced } = (await c.get('/api/stats')).body;
    const volume = Object.fromEntries(advanced.volumeByMuscle.map((m: { muscle: string }) => [m.muscle, m]));
    // Squats: 2 × 5 × 100 + 3 × 120 = 1360 kg on their primary muscles; the skipped bench set does not count.
    for (const muscle of SQUAT.primaryMuscles) expect(volume[muscle].volumeKg, muscle).toBeGreaterThanOrEqual(1360);
    for (const muscle of BENCH.primaryMuscles) expect(volume[muscle].volumeKg, muscle).toBeGreaterThanOrEqual(600);
    const squat = advanced.oneRepMaxTrend.find((l: { exerciseId: string }) => l.exerciseId === SQUAT.id);
    // Epley: 100 × (1 + 5/30) eight days ago, 120 × (1 + 3/30) yesterday: always two different weeks.
    expect(squat.points.map((p: { e1rmKg: number }) => p.e1rmKg)).toEqual([116.7, 132]);
    expect(advanced.consistency.last4Weeks).toMatchObject({ basis: 'weekly_target', plannedDays: 12, completedDays: 2 });
    expect(advanced.consistency.last12Weeks).toMatchObject({ basis: 'weekly_target', plannedDays: 36, completedDays: 2 });
  });

  it('judge consistency by the training schedule when there is one', async () => {
    const c = await trainedUser();
    await setTier(c, 'pro');
    const d = today(c);
    // Every day a training day from 7 days ago on: 7 planned days before today, 1 of them done.
    await scheduleSince(c, addDays(d, -7), [...WEEKDAYS]);
    const { advanced } = (await c.get('/api/stats')).body;
    expect(advanced.consistency.last4Weeks).toEqual({ basis: 'schedule', plannedDays: 7, completedDays: 1, rate: 0.14 });
  });

  it('judge a new member from the day they joined, not the weeks before', async () => {
    const c = await user('Europe/London');
    await setTier(c, 'pro');
    await log(c, new Date().toISOString());
    const { advanced } = (await c.get('/api/stats')).body;
    // Joined today with 3 workouts a week as the target: one day is 3/7 of a week's target, which rounds to none.
    // Counted over the 4 or 12 weeks before, the same workout would have read as 1 of 12 and 1 of 36.
    for (const window of [advanced.consistency.last4Weeks, advanced.consistency.last12Weeks]) {
      expect(window).toEqual({ basis: 'weekly_target', plannedDays: 0, completedDays: 0, rate: null });
    }
  });

  it('come with a Pro trial', async () => {
    const c = await trainedUser();
    await t.db
      .update(users)
      .set({ subscriptionTier: 'pro', subscriptionStatus: 'active', trialEndsAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(users.id, c.id));
    expect((await c.get('/api/stats')).body.advanced).not.toBeNull();
  });
});

describe('/api/training-schedule', () => {
  it('has none at first, then the week that is set, from today on', async () => {
    const c = await user('Asia/Tokyo');
    expect((await c.get('/api/training-schedule')).body).toEqual({ planId: null, trainingDays: null, restDays: null, effectiveFrom: null });
    const planId = await ownPlan(c);
    const res = await c.put('/api/training-schedule', { planId, trainingDays: ['fri', 'mon', 'wed'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ planId, trainingDays: ['mon', 'wed', 'fri'], restDays: ['tue', 'thu', 'sat', 'sun'], effectiveFrom: today(c) });
    expect((await c.get('/api/training-schedule')).body).toEqual(res.body);
    const streak = (await c.get('/api/stats/streak')).body;
    expect(streak.todayPlan).toBe(['mon', 'wed', 'fri'].includes(weekdayOf(today(c))) ? 'training' : 'rest');
  });

  it('keeps earlier days under the week they had', async () => {
    const c = await user();
    const d = today(c);
    await scheduleSince(c, addDays(d, -30), ['mon']);
    const same = await c.put('/api/training-schedule', { trainingDays: ['mon'] });
    expect(same.body.effectiveFrom).toBe(addDays(d, -30));
    const changed = await c.put('/api/training-schedule', { trainingDays: ['tue', 'sat'] });
    expect(changed.body.effectiveFrom).toBe(d);
    const again = await c.put('/api/training-schedule', { trainingDays: ['sun'] });
    expect(again.body).toMatchObject({ trainingDays: ['sun'], effectiveFrom: d });
    expect(await t.db.select().from(trainingSchedules).where(eq(trainingSchedules.userId, c.id))).toHaveLength(2);
  });

  it('stops with DELETE: no day is a rest day any more', async () => {
    const c = await user();
    await c.put('/api/training-schedule', { trainingDays: ['mon'] });
    const res = await c.delete('/api/training-schedule');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ trainingDays: null, restDays: null });
    expect((await c.get('/api/stats/streak')).body.todayPlan).toBeNull();
  });

  it('validates the week', async () => {
    const c = await user();
    const cases: [unknown, Record<string, string>][] = [
      [{ trainingDays: [] }, { trainingDays: M.trainingDaysMin }],
      [{}, { trainingDays: M.trainingDaysMin }],
      [{ trainingDays: ['mon', 'mon'] }, { trainingDays: M.trainingDaysUnique }],
      [{ trainingDays: ['funday'] }, { 'trainingDays.0': M.weekday }],
      [{ trainingDays: ['mon'], planId: 'p1' }, { planId: 'Invalid ID format' }],
    ];
    for (const [payload, expected] of cases) {
      const res = await c.put('/api/training-schedule', payload);
      expect(res.status).toBe(400);
      expect(Object.fromEntries(res.body.error.details.map((x: { field: string; message: string }) => [x.field, x.message]))).toEqual(expected);
    }
  });

  it("is each user's own", async () => {
    const a = await user();
    const b = await user();
    await a.put('/api/training-schedule', { trainingDays: ['mon'] });
    expect((await b.get('/api/training-schedule')).body.trainingDays).toBeNull();
  });
});
