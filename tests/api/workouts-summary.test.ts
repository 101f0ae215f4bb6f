import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, startOfLocalDay, WEEKDAYS } from '#core/workouts';
import { trainingSchedules, workoutSummaries } from '#server/db/schema';
import { refreshWorkoutSummary } from '#server/modules/workouts';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/**
 * ADR 033: a workout change updates the summary behind user_stats step by step where that is exact. Whatever the
 * user does, the row must be the one a rewrite from all their workouts makes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '100000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ZONES = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata', 'Europe/Berlin', 'America/St_Johns'];

const fields = {
  totalWorkouts: workoutSummaries.totalWorkouts,
  totalMinutes: workoutSummaries.totalMinutes,
  totalCalories: workoutSummaries.totalCalories,
  lastWorkoutAt: workoutSummaries.lastWorkoutAt,
  currentRun: workoutSummaries.currentRun,
  longestStreak: workoutSummaries.longestStreak,
  aliveUntil: workoutSummaries.aliveUntil,
  timezone: workoutSummaries.timezone,
};

const stored = async (userId: string) => (await t.db.select(fields).from(workoutSummaries).where(eq(workoutSummaries.userId, userId)))[0];

/** The row as a rewrite from all the workouts makes it, in a transaction that is then rolled back. */
async function rewritten(userId: string, zone: string) {
  const done = Symbol('rolled back');
  let row: Awaited<ReturnType<typeof stored>> | undefined;
  await t.db
    .transaction(async (tx) => {
      await refreshWorkoutSummary(tx, userId, zone);
      [row] = await tx.select(fields).from(workoutSummaries).where(eq(workoutSummaries.userId, userId));
      throw done;
    })
    .catch((e) => {
      if (e !== done) throw e;
    });
  return row;
}

interface User {
  c: TestClient;
  id: string;
  zone: string;
  /** The user's workouts: id → start. */
  workouts: Map<string, number>;
}

async function user(zone: string): Promise<User> {
  const c = t.client();
  await c.signUp();
  expect((await c.put('/api/me/preferences', { timezone: zone })).status).toBe(200);
  return { c, id: (await c.get('/api/me')).body.id, zone, workouts: new Map() };
}

async function log(u: User, at: number, minutes: number) {
  const res = await u.c.post('/api/workouts', { performedAt: new Date(at).toISOString(), durationMinutes: minutes, exercises: [] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  u.workouts.set(res.body.id, at);
}

type Op =
  | { kind: 'log'; daysAgo: number; hour: number; minutes: number }
  | { kind: 'edit'; pick: number; shiftHours: number; minutes: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'zone'; zone: string }
  | { kind: 'schedule'; days: (typeof WEEKDAYS)[number][] | null };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('log' as const),
      // Mostly today and the days just before, as people log; sometimes weeks back, filling old gaps.
      daysAgo: fc.oneof(fc.constant(0), fc.nat(3), fc.nat(40)),
      hour: fc.nat(23),
      minutes: fc.integer({ min: 1, max: 180 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick: fc.nat(),
      // Within the day or across days, either way.
      shiftHours: fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -72, max: 72 })),
      minutes: fc.integer({ min: 1, max: 180 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('schedule' as const), days: fc.option(fc.subarray([...WEEKDAYS], { minLength: 1 }), { nil: null }) }) },
);

/** Whether the user's workouts changed. */
async function apply(u: User, o: Op): Promise<boolean> {
  const ids = [...u.workouts.keys()];
  const picked = o.kind === 'edit' || o.kind === 'delete' ? ids[o.pick % Math.max(ids.length, 1)] : undefined;
  switch (o.kind) {
    case 'log': {
      const date = addDays(localDateOf(Date.now(), u.zone), -o.daysAgo);
      await log(u, Math.min(startOfLocalDay(date, u.zone) + o.hour * HOUR + 7 * 60_000, Date.now()), o.minutes);
      return true;
    }
    case 'edit': {
      if (!picked) return false;
      const at = Math.min(u.workouts.get(picked)! + o.shiftHours * HOUR, Date.now());
      const res = await u.c.patch(`/api/workouts/${picked}`, { performedAt: new Date(at).toISOString(), durationMinutes: o.minutes });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      u.workouts.set(picked, at);
      return true;
    }
    case 'delete': {
      if (!picked) return false;
      expect((await u.c.delete(`/api/workouts/${picked}`)).status).toBe(200);
      u.workouts.delete(picked);
      return true;
    }
    case 'zone':
      expect((await u.c.put('/api/me/preferences', { timezone: o.zone })).status).toBe(200);
      u.zone = o.zone;
      return false;
    case 'schedule': {
      const res = o.days ? await u.c.put('/api/training-schedule', { trainingDays: o.days }) : await u.c.delete('/api/training-schedule');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return false;
    }
  }
}

describe('the workout summary, kept step by step', () => {
  it('equals the rewrite from all workouts after any sequence of logs, edits, deletes, time zone and schedule changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        // A training week in force since before the history (null: none), so planned rest days join runs.
        fc.option(fc.subarray([...WEEKDAYS], { minLength: 1, maxLength: 6 }), { nil: null }),
        fc.array(op, { minLength: 5, maxLength: 30 }),
        async (zone, pastWeek, ops) => {
          const u = await user(zone);
          if (pastWeek) await t.db.insert(trainingSchedules).values({ userId: u.id, effectiveFrom: addDays(localDateOf(Date.now(), zone), -60), trainingDays: pastWeek });
          for (const [i, o] of ops.entries()) {
            // A new time zone alone leaves the row as it was until the next workout change, which must then give
            // what a rewrite in the new zone gives. (A schedule change rewrites the row itself.)
            if (!(await apply(u, o))) continue;
            expect(await stored(u.id), `after step ${i}: ${JSON.stringify(o)}`).toEqual(await rewritten(u.id, u.zone));
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 240_000);

  it('counts every workout logged at once, on a new day or on a day that has one', async () => {
    const u = await user('Asia/Kolkata');
    const today = localDateOf(Date.now(), u.zone);
    await log(u, startOfLocalDay(addDays(today, -3), u.zone) + 9 * HOUR, 30);
    // Both steps at once: extending the run to new days, and adding to a day already logged.
    const at = (daysAgo: number) => Math.min(startOfLocalDay(addDays(today, -daysAgo), u.zone) + 10 * HOUR, Date.now());
    await Promise.all([2, 2, 1, 1, 0, 0, 3, 3].map((d) => log(u, at(d), 20)));
    const row = await stored(u.id);
    expect(row).toMatchObject({ totalWorkouts: 9, totalMinutes: 190, currentRun: 4, longestStreak: 4 });
    expect(row).toEqual(await rewritten(u.id, u.zone));
  });
});
