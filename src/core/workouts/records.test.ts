import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateOneRepMax, exerciseKey, personalRecords, type SetFact } from './records';

const set = (exerciseId: string | null, reps: number | null, weightKg: number | null, date: string, customName: string | null = null): SetFact => ({
  exerciseId,
  customName,
  reps,
  weightKg,
  date,
});

describe('estimateOneRepMax (Epley)', () => {
  it('is weight × (1 + reps / 30), and a single is its own max', () => {
    expect(estimateOneRepMax(100, 10)).toBeCloseTo(133.333, 3);
    expect(estimateOneRepMax(100, 5)).toBeCloseTo(116.667, 3);
    expect(estimateOneRepMax(140, 1)).toBe(140);
  });

  it('gives no estimate without weight, without reps, or past 12 reps', () => {
    expect(estimateOneRepMax(0, 5)).toBeNull();
    expect(estimateOneRepMax(null, 5)).toBeNull();
    expect(estimateOneRepMax(60, 0)).toBeNull();
    expect(estimateOneRepMax(60, null)).toBeNull();
    expect(estimateOneRepMax(60, 13)).toBeNull();
    expect(estimateOneRepMax(60, 12)).toBeCloseTo(84, 6);
  });
});

describe('personalRecords', () => {
  it('finds the heaviest weight, the most reps and the best estimated 1RM per exercise', () => {
    const records = personalRecords([
      set('bench-press', 5, 80, '2026-01-05'),
      set('bench-press', 1, 95, '2026-01-12'),
      set('bench-press', 10, 70, '2026-01-19'),
      set('bench-press', 15, 40, '2026-01-20'),
    ]);
    expect(records).toEqual([
      {
        exerciseId: 'bench-press',
        customName: null,
        maxWeight: { weightKg: 95, reps: 1, date: '2026-01-12' },
        maxReps: { reps: 15, weightKg: 40, date: '2026-01-20' },
        // 70 × (1 + 10/30) = 93.3 < 95; 80 × (1 + 5/30) = 93.3; the single wins.
        bestE1rm: { e1rmKg: 95, weightKg: 95, reps: 1, date: '2026-01-12' },
      },
    ]);
  });

  it('gives a tie to the earlier set, and a weight tie to the set with more reps', () => {
    const [rec] = personalRecords([set('squat', 5, 100, '2026-02-10'), set('squat', 5, 100, '2026-02-03'), set('squat', 3, 100, '2026-01-01')]);
    expect(rec.maxWeight).toEqual({ weightKg: 100, reps: 5, date: '2026-02-03' });
    expect(rec.bestE1rm?.date).toBe('2026-02-03');
  });

  it('keeps bodyweight exercises (reps only) and timed loaded ones (weight only)', () => {
    const records = personalRecords([set('push-up', 30, null, '2026-01-01'), set('farmer-carry', null, 32, '2026-01-02')]);
    const pushUp = records.find((r) => r.exerciseId === 'push-up')!;
    expect(pushUp).toMatchObject({ maxWeight: null, maxReps: { reps: 30, weightKg: null }, bestE1rm: null });
    const carry = records.find((r) => r.exerciseId === 'farmer-carry')!;
    expect(carry).toMatchObject({ maxWeight: { weightKg: 32, reps: null }, maxReps: null, bestE1rm: null });
  });

  it('merges custom exercises by name, ignoring case', () => {
    const records = personalRecords([set(null, 10, 100, '2026-01-01', 'Sled push'), set(null, 8, 120, '2026-01-08', 'sled PUSH')]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ exerciseId: null, customName: 'Sled push', maxWeight: { weightKg: 120 } });
    expect(exerciseKey(null, ' Sled Push ')).toBe(exerciseKey(null, 'sled push'));
  });

  it('lists the newest records first', () => {
    const records = personalRecords([set('a', 5, 50, '2026-01-01'), set('b', 5, 50, '2026-03-01'), set('c', 5, 50, '2026-02-01')]);
    expect(records.map((r) => r.exerciseId)).toEqual(['b', 'c', 'a']);
  });

  it('property: the records depend only on the heaviest set per exercise and rep count (what the server pre-reduces)', () => {
    const arbSet = fc.record({
      exerciseId: fc.constantFrom('a', 'b', 'c'),
      customName: fc.constant(null),
      reps: fc.option(fc.integer({ min: 0, max: 20 })),
      weightKg: fc.option(fc.integer({ min: 0, max: 200 }).map((n) => n / 2)),
      date: fc.integer({ min: 0, max: 400 }).map((n) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)),
    });
    fc.assert(
      fc.property(fc.array(arbSet, { maxLength: 80 }), (sets) => {
        const best = new Map<string, SetFact>();
        for (const s of sets) {
          const key = `${s.exerciseId}|${s.reps && s.reps > 0 ? s.reps : 0}`;
          const b = best.get(key);
          const w = s.weightKg ?? 0;
          const bw = b?.weightKg ?? 0;
          if (!b || w > bw || (w === bw && s.date < b.date)) best.set(key, s);
        }
        expect(personalRecords([...best.values()])).toEqual(personalRecords(sets));
      }),
    );
  });
});
