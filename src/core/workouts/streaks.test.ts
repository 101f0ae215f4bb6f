import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, startOfLocalDay } from './dates';
import { restDaysBetween, type ScheduleEntry } from './schedule';
import { computeStreaks } from './streaks';

const TODAY = '2026-03-18'; // a Wednesday
const days = (...offsets: number[]) => offsets.map((o) => addDays(TODAY, -o));

describe('computeStreaks', () => {
  it('is zero with no workouts', () => {
    expect(computeStreaks({ workoutDays: [], today: TODAY })).toEqual({ current: 0, longest: 0, lastWorkoutDate: null, workedOutToday: false });
  });

  it('counts consecutive days ending today', () => {
    expect(computeStreaks({ workoutDays: days(0, 1, 2), today: TODAY })).toMatchObject({ current: 3, longest: 3, workedOutToday: true });
  });

  it('keeps a run that reached yesterday alive: today is not over', () => {
    expect(computeStreaks({ workoutDays: days(1, 2, 3), today: TODAY })).toMatchObject({ current: 3, longest: 3, workedOutToday: false, lastWorkoutDate: '2026-03-17' });
  });

  it('breaks after a whole day without a workout', () => {
    expect(computeStreaks({ workoutDays: days(2, 3, 4), today: TODAY })).toMatchObject({ current: 0, longest: 3 });
  });

  it('counts a day once however many workouts it has, in any order', () => {
    expect(computeStreaks({ workoutDays: [...days(1, 0), ...days(0, 1, 0)], today: TODAY })).toMatchObject({ current: 2, longest: 2 });
  });

  it('passes over a planned rest day between two workouts without counting it', () => {
    const restDays = new Set(days(1));
    expect(computeStreaks({ workoutDays: days(0, 2), restDays, today: TODAY })).toMatchObject({ current: 2, longest: 2 });
    expect(computeStreaks({ workoutDays: days(0, 2), today: TODAY })).toMatchObject({ current: 1, longest: 1 });
  });

  it('passes over several rest days, including the ones since the last workout', () => {
    const restDays = new Set(days(1, 2, 4));
    expect(computeStreaks({ workoutDays: days(3, 5), restDays, today: TODAY })).toMatchObject({ current: 2, longest: 2 });
  });

  it('breaks on a gap that is only partly rest days', () => {
    const restDays = new Set(days(2));
    expect(computeStreaks({ workoutDays: days(0, 3), restDays, today: TODAY })).toMatchObject({ current: 1, longest: 1 });
  });

  it('counts a workout on a rest day', () => {
    const restDays = new Set(days(1));
    expect(computeStreaks({ workoutDays: days(0, 1, 2), restDays, today: TODAY })).toMatchObject({ current: 3 });
  });

  it('keeps the longest run from the past', () => {
    const s = computeStreaks({ workoutDays: [...days(30, 31, 32, 33, 34), ...days(0, 1)], today: TODAY });
    expect(s).toMatchObject({ current: 2, longest: 5 });
  });

  it('runs across month and year ends', () => {
    const s = computeStreaks({ workoutDays: ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'], today: '2026-01-03' });
    expect(s).toMatchObject({ current: 4, longest: 4 });
    expect(computeStreaks({ workoutDays: ['2024-02-28', '2024-02-29', '2024-03-01'], today: '2024-03-01' }).current).toBe(3);
    expect(computeStreaks({ workoutDays: ['2025-02-28', '2025-03-01'], today: '2025-03-01' }).current).toBe(2);
  });

  it("treats a workout stamped on the user's tomorrow (a clock running ahead) as the newest day", () => {
    expect(computeStreaks({ workoutDays: [TODAY, addDays(TODAY, 1)], today: TODAY })).toMatchObject({ current: 2, longest: 2 });
  });

  it('counts the days of a weekly schedule as a streak over weeks', () => {
    // Mon/Wed/Fri training from four weeks ago, every training day done.
    const history: ScheduleEntry[] = [{ effectiveFrom: '2026-02-16', trainingDays: ['mon', 'wed', 'fri'], planId: null }];
    const trained = [
      '2026-02-16',
      '2026-02-18',
      '2026-02-20',
      '2026-02-23',
      '2026-02-25',
      '2026-02-27',
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
      '2026-03-16',
      '2026-03-18',
    ];
    const restDays = restDaysBetween(history, trained[0], TODAY);
    expect(computeStreaks({ workoutDays: trained, restDays, today: TODAY })).toMatchObject({ current: 14, longest: 14 });
    // A missed Monday breaks it.
    const missed = trained.filter((d) => d !== '2026-03-09');
    expect(computeStreaks({ workoutDays: missed, restDays, today: TODAY })).toMatchObject({ current: 4, longest: 9 });
  });
});

describe("streak days in the user's time zone", () => {
  /** A workout at a local wall-clock time on a local date. */
  const at = (date: string, hour: number, zone: string) => startOfLocalDay(date, zone) + hour * 3_600_000;

  it('puts a late-evening workout on the local day even when UTC has moved on', () => {
    // 23:30 in Los Angeles is already the next day in UTC; in Shanghai 07:00 is still the previous day in UTC.
    const la = 'America/Los_Angeles';
    const instants = [at('2026-03-16', 23.5, la), at('2026-03-17', 23.5, la), at('2026-03-18', 7, la)];
    const local = instants.map((t) => localDateOf(t, la));
    expect(local).toEqual(['2026-03-16', '2026-03-17', '2026-03-18']);
    expect(computeStreaks({ workoutDays: local, today: '2026-03-18' }).current).toBe(3);
    // The same instants, read in UTC, would be 17, 18 and 18: a streak of two.
    expect(computeStreaks({ workoutDays: instants.map((t) => localDateOf(t, 'UTC')), today: '2026-03-18' }).current).toBe(2);
  });

  it('keeps a streak across the spring-forward and fall-back nights', () => {
    const ny = 'America/New_York';
    // 00:30 and 23:30 on the days around both changes of 2026.
    for (const [a, b, c] of [
      ['2026-03-07', '2026-03-08', '2026-03-09'],
      ['2026-10-31', '2026-11-01', '2026-11-02'],
    ]) {
      const instants = [at(a, 23.5, ny), at(b, 0.5, ny), at(c, 0.25, ny)];
      const local = instants.map((t) => localDateOf(t, ny));
      expect(local).toEqual([a, b, c]);
      expect(computeStreaks({ workoutDays: local, today: c }).current).toBe(3);
    }
  });

  it('keeps a streak across the day Chile skips midnight', () => {
    const zone = 'America/Santiago';
    const local = [at('2026-09-05', 23.9, zone), startOfLocalDay('2026-09-06', zone), at('2026-09-07', 0.1, zone)].map((t) => localDateOf(t, zone));
    expect(local).toEqual(['2026-09-05', '2026-09-06', '2026-09-07']);
    expect(computeStreaks({ workoutDays: local, today: '2026-09-07' }).current).toBe(3);
  });
});

describe('computeStreaks properties', () => {
  const offsets = fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 60 });
  const asDays = (o: number[]) => o.map((n) => addDays(TODAY, -n));

  it('current ≤ longest ≤ workout days, and order does not matter', () => {
    fc.assert(
      fc.property(offsets, offsets, (worked, rest) => {
        const restDays = new Set(asDays(rest));
        const s = computeStreaks({ workoutDays: asDays(worked), restDays, today: TODAY });
        expect(s.current).toBeLessThanOrEqual(s.longest);
        expect(s.longest).toBeLessThanOrEqual(worked.length);
        if (worked.length) expect(s.longest).toBeGreaterThanOrEqual(1);
        expect(computeStreaks({ workoutDays: asDays([...worked].reverse()), restDays, today: TODAY })).toEqual(s);
      }),
    );
  });

  it('adding rest days never shortens a streak', () => {
    fc.assert(
      fc.property(offsets, offsets, offsets, (worked, rest, more) => {
        const base = computeStreaks({ workoutDays: asDays(worked), restDays: new Set(asDays(rest)), today: TODAY });
        const wider = computeStreaks({ workoutDays: asDays(worked), restDays: new Set(asDays([...rest, ...more])), today: TODAY });
        expect(wider.current).toBeGreaterThanOrEqual(base.current);
        expect(wider.longest).toBeGreaterThanOrEqual(base.longest);
      }),
    );
  });

  it('a run of n consecutive days ending today or yesterday is a current streak of n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.boolean(), (n, skipToday) => {
        const first = skipToday ? 1 : 0;
        const worked = Array.from({ length: n }, (_, i) => addDays(TODAY, -(i + first)));
        expect(computeStreaks({ workoutDays: worked, today: TODAY })).toMatchObject({ current: n, longest: n, workedOutToday: !skipToday });
      }),
    );
  });

  it('with every day between workouts a rest day, all workouts form one streak', () => {
    fc.assert(
      fc.property(
        offsets.filter((o) => o.length > 0),
        (worked) => {
          const all = new Set(asDays(Array.from({ length: 130 }, (_, i) => i)));
          for (const d of asDays(worked)) all.delete(d);
          const s = computeStreaks({ workoutDays: asDays(worked), restDays: all, today: TODAY });
          expect(s).toMatchObject({ current: worked.length, longest: worked.length });
        },
      ),
    );
  });
});
