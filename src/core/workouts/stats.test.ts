import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Exercise } from '#core/plans/exercises';
import { addDays, startOfLocalDay } from './dates';
import { dayPlanResolver, type ScheduleEntry } from './schedule';
import { consistency, oneRepMaxTrend, summarizeWorkouts, volumeByMuscle, type TrainedSet } from './stats';

const TODAY = '2026-03-18'; // Wednesday; its week starts Monday 16 March

function exercise(id: string, kind: Exercise['kind'], primary: Exercise['primaryMuscles'], secondary: Exercise['secondaryMuscles'] = []): Exercise {
  return {
    id,
    name: { en: id, zh: id },
    instructions: { en: ['a', 'b'], zh: ['甲', '乙'] },
    primaryMuscles: primary,
    secondaryMuscles: secondary,
    pattern: 'squat',
    requires: [],
    level: 'beginner',
    kind,
    met: 5,
  };
}

const LIBRARY = new Map(
  [
    exercise('back-squat', 'strength', ['quadriceps', 'glutes'], ['hamstrings', 'lower_back']),
    exercise('bench-press', 'strength', ['chest'], ['triceps', 'shoulders']),
    exercise('box-jump', 'plyometric', ['quadriceps'], ['calves']),
    exercise('easy-run', 'cardio', ['cardiovascular']),
  ].map((e) => [e.id, e]),
);

describe('summarizeWorkouts', () => {
  it("totals everything and buckets the last 12 weeks and 12 months in the user's days", () => {
    const zone = 'Asia/Shanghai';
    const workouts = [
      // Sunday 15 March 23:30 in Shanghai is Sunday 15:30 UTC: last week.
      { performedAt: startOfLocalDay('2026-03-15', zone) + 23.5 * 3_600_000, durationMinutes: 30, caloriesBurned: 200 },
      // Monday 16 March 07:00 in Shanghai is still Sunday in UTC: this week.
      { performedAt: startOfLocalDay('2026-03-16', zone) + 7 * 3_600_000, durationMinutes: 45, caloriesBurned: 300 },
      { performedAt: '2026-03-17T10:00:00Z', durationMinutes: 60, caloriesBurned: 400 },
      // Outside the weekly window, inside the monthly one.
      { performedAt: '2025-10-01T10:00:00Z', durationMinutes: 20, caloriesBurned: 100 },
      // Older than both windows: counts in the totals only.
      { performedAt: '2024-01-01T10:00:00Z', durationMinutes: 10, caloriesBurned: 50 },
    ];
    const s = summarizeWorkouts(workouts, { timeZone: zone, today: TODAY });
    expect(s).toMatchObject({ totalWorkouts: 5, totalMinutes: 165, totalCalories: 1050 });
    expect(s.weekly).toHaveLength(12);
    expect(s.weekly[0].weekStart).toBe('2025-12-29');
    expect(s.weekly.at(-1)).toEqual({ weekStart: '2026-03-16', sessions: 2, minutes: 105, calories: 700 });
    expect(s.weekly.at(-2)).toEqual({ weekStart: '2026-03-09', sessions: 1, minutes: 30, calories: 200 });
    expect(s.weekly.slice(0, -2).every((w) => w.sessions === 0)).toBe(true);
    expect(s.monthly).toHaveLength(12);
    expect(s.monthly[0].month).toBe('2025-04');
    expect(s.monthly.at(-1)).toEqual({ month: '2026-03', sessions: 3, minutes: 135, calories: 900 });
    expect(s.monthly.find((m) => m.month === '2025-10')).toEqual({ month: '2025-10', sessions: 1, minutes: 20, calories: 100 });
    expect([...s.workoutDays].sort()).toEqual(['2024-01-01', '2025-10-01', '2026-03-15', '2026-03-16', '2026-03-17']);
  });

  it('gives empty buckets for a new user', () => {
    const s = summarizeWorkouts([], { timeZone: 'UTC', today: TODAY });
    expect(s.totalWorkouts).toBe(0);
    expect(s.weekly.every((w) => w.sessions === 0 && w.minutes === 0)).toBe(true);
    expect(s.monthly.map((m) => m.month).at(-1)).toBe('2026-03');
  });

  it('property: the buckets never hold more than the totals', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            performedAt: fc.integer({ min: Date.parse('2024-01-01'), max: Date.parse('2026-03-18') }),
            durationMinutes: fc.integer({ min: 1, max: 300 }),
            caloriesBurned: fc.integer({ min: 0, max: 2000 }),
          }),
        ),
        (workouts) => {
          const s = summarizeWorkouts(workouts, { timeZone: 'America/New_York', today: TODAY });
          const sum = (xs: { minutes: number; sessions: number }[]) =>
            xs.reduce((a, b) => ({ minutes: a.minutes + b.minutes, sessions: a.sessions + b.sessions }), { minutes: 0, sessions: 0 });
          expect(sum(s.weekly).sessions).toBeLessThanOrEqual(s.totalWorkouts);
          expect(sum(s.monthly).minutes).toBeLessThanOrEqual(s.totalMinutes);
          expect(s.workoutDays.size).toBeLessThanOrEqual(s.totalWorkouts);
        },
      ),
    );
  });
});

const trained = (exerciseId: string | null, reps: number | null, weightKg: number | null, date: string, customName: string | null = null): TrainedSet => ({
  exerciseId,
  customName,
  reps,
  weightKg,
  date,
});

describe('volumeByMuscle', () => {
  const exerciseOf = (id: string) => LIBRARY.get(id);

  it('gives primary muscles the whole set and secondary muscles half, over the last 28 days', () => {
    const v = volumeByMuscle(
      [
        trained('back-squat', 5, 100, TODAY),
        trained('back-squat', 5, 100, addDays(TODAY, -27)),
        trained('back-squat', 5, 100, addDays(TODAY, -28)), // outside the window
        trained('bench-press', 10, 60, addDays(TODAY, -1)),
      ],
      { today: TODAY, exerciseOf },
    );
    const by = Object.fromEntries(v.map((m) => [m.muscle, m]));
    expect(by.quadriceps).toEqual({ muscle: 'quadriceps', sets: 2, volumeKg: 1000 });
    expect(by.hamstrings).toEqual({ muscle: 'hamstrings', sets: 1, volumeKg: 500 });
    expect(by.chest).toEqual({ muscle: 'chest', sets: 1, volumeKg: 600 });
    expect(by.triceps).toEqual({ muscle: 'triceps', sets: 0.5, volumeKg: 300 });
    expect(v[0].volumeKg).toBeGreaterThanOrEqual(v[v.length - 1].volumeKg);
  });

  it('counts bodyweight and plyometric sets, and leaves out cardio and custom exercises', () => {
    const v = volumeByMuscle([trained('box-jump', 10, null, TODAY), trained('easy-run', null, null, TODAY), trained(null, 10, 50, TODAY, 'Sled push')], {
      today: TODAY,
      exerciseOf,
    });
    expect(v).toEqual([
      { muscle: 'quadriceps', sets: 1, volumeKg: 0 },
      { muscle: 'calves', sets: 0.5, volumeKg: 0 },
    ]);
  });
});

describe('oneRepMaxTrend', () => {
  it('gives each lift its best estimated 1RM per week, oldest first, most-trained lifts first', () => {
    const trend = oneRepMaxTrend(
      [
        trained('back-squat', 5, 100, '2026-03-02'),
        trained('back-squat', 3, 110, '2026-03-04'),
        trained('back-squat', 5, 105, '2026-03-16'),
        trained('bench-press', 5, 70, '2026-03-17'),
        trained('bench-press', 20, 40, '2026-03-10'), // too many reps for an estimate
        trained('back-squat', 5, 200, '2025-12-01'), // before the 12 weeks
      ],
      { today: TODAY },
    );
    expect(trend).toEqual([
      {
        exerciseId: 'back-squat',
        customName: null,
        points: [
          { weekStart: '2026-03-02', e1rmKg: 121 },
          { weekStart: '2026-03-16', e1rmKg: 122.5 },
        ],
      },
      { exerciseId: 'bench-press', customName: null, points: [{ weekStart: '2026-03-16', e1rmKg: 81.7 }] },
    ]);
  });
});

describe('consistency', () => {
  const workoutDays = new Set(['2026-03-16', '2026-03-13', '2026-03-11', '2026-03-09', '2026-03-04']);
  const JOINED = '2025-06-01';

  it('judges the planned training days of the schedule, today only once done', () => {
    const history: ScheduleEntry[] = [{ effectiveFrom: '2026-02-01', trainingDays: ['mon', 'wed', 'fri'], planId: null }];
    // Last 4 weeks to Wednesday 18 March: Mondays, Wednesdays and Fridays from 19 February, today not yet done.
    const c = consistency({ weeks: 4, today: TODAY, since: JOINED, workoutDays, planOf: dayPlanResolver(history), weeklyTarget: 3 });
    expect(c.basis).toBe('schedule');
    // Fri 20, Mon 23, Wed 25, Fri 27 Feb; Mon 2, Wed 4, Fri 6, Mon 9, Wed 11, Fri 13, Mon 16 Mar = 11 planned, 5 done.
    expect(c).toEqual({ basis: 'schedule', plannedDays: 11, completedDays: 5, rate: 0.45 });
    const doneToday = consistency({ weeks: 4, today: TODAY, since: JOINED, workoutDays: new Set([...workoutDays, TODAY]), planOf: dayPlanResolver(history), weeklyTarget: 3 });
    expect(doneToday).toMatchObject({ plannedDays: 12, completedDays: 6, rate: 0.5 });
  });

  it('judges only the days since the schedule began when it began inside the window', () => {
    const history: ScheduleEntry[] = [{ effectiveFrom: '2026-03-09', trainingDays: ['mon', 'wed', 'fri'], planId: null }];
    const c = consistency({ weeks: 4, today: TODAY, since: JOINED, workoutDays, planOf: dayPlanResolver(history), weeklyTarget: 3 });
    expect(c).toEqual({ basis: 'schedule', plannedDays: 4, completedDays: 4, rate: 1 });
  });

  it('without a schedule, counts up to the weekly target in each 7-day block ending today', () => {
    const c = consistency({ weeks: 4, today: TODAY, since: JOINED, workoutDays, planOf: () => null, weeklyTarget: 2 });
    // Blocks (oldest first): 19–25 Feb: 0; 26 Feb–4 Mar: 1; 5–11 Mar: 2; 12–18 Mar: 2 → 5 of 8.
    expect(c).toEqual({ basis: 'weekly_target', plannedDays: 8, completedDays: 5, rate: 0.63 });
  });

  it('plans nothing before the account was made: a new member is judged from sign-up on', () => {
    const since = '2026-03-09';
    // Blocks: 19–25 Feb and 26 Feb–4 Mar before joining: nothing; 5–11 Mar: 3 member days → 1 of 3; 12–18 Mar: 3.
    const target = consistency({ weeks: 4, today: TODAY, since, workoutDays: new Set(['2026-03-09', '2026-03-11', '2026-03-13', '2026-03-16']), planOf: () => null, weeklyTarget: 3 });
    expect(target).toEqual({ basis: 'weekly_target', plannedDays: 4, completedDays: 3, rate: 0.75 });
    const history: ScheduleEntry[] = [{ effectiveFrom: '2026-01-01', trainingDays: ['mon', 'wed', 'fri'], planId: null }];
    // Mon 9, Wed 11, Fri 13, Mon 16 March, all done.
    expect(consistency({ weeks: 4, today: TODAY, since, workoutDays, planOf: dayPlanResolver(history), weeklyTarget: 3 })).toEqual({
      basis: 'schedule',
      plannedDays: 4,
      completedDays: 4,
      rate: 1,
    });
    // Joined today: nothing is planned yet.
    expect(consistency({ weeks: 4, today: TODAY, since: TODAY, workoutDays: new Set(), planOf: () => null, weeklyTarget: 3 }).rate).toBeNull();
  });

  it('has no rate when nothing was planned', () => {
    const history: ScheduleEntry[] = [{ effectiveFrom: TODAY, trainingDays: ['mon'], planId: null }];
    expect(consistency({ weeks: 4, today: TODAY, since: JOINED, workoutDays, planOf: dayPlanResolver(history), weeklyTarget: 3 }).rate).toBeNull();
  });
});
