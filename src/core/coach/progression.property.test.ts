import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXERCISES } from '#core/plans/exercises';
import { isLoadable, LB_PER_KG, LOAD_SLACK, loadKindOf, plateStep } from './loading';
import { suggestNext, workingSets, type LoggedSession } from './progression';

const lifts = EXERCISES.filter((e) => e.kind === 'strength');
const unit = fc.constantFrom('kg' as const, 'lb' as const);
const set = fc.record({
  weightKg: fc.option(fc.double({ min: 0, max: 400, noNaN: true }), { nil: null }),
  reps: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  rpe: fc.option(fc.constantFrom(6, 7, 8, 9, 9.5, 10), { nil: null }),
});
const session: fc.Arbitrary<LoggedSession> = fc.record({ sets: fc.array(set, { minLength: 0, maxLength: 6 }) });
const target = fc.option(
  fc.record({
    sets: fc.integer({ min: 1, max: 6 }),
    reps: fc.integer({ min: 1, max: 20 }).chain((min) => fc.record({ min: fc.constant(min), max: fc.integer({ min, max: min + 10 }) })),
    durationSeconds: fc.constant(null),
    rpe: fc.option(fc.constantFrom(6, 7, 8, 9), { nil: null }),
    percentOneRepMax: fc.option(fc.integer({ min: 30, max: 100 }), { nil: null }),
  }),
  { nil: null },
);

describe('next-session suggestion properties', () => {
  it('is never negative, never more than one plate step above the last top set, and always loadable for the equipment', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lifts),
        target,
        fc.array(session, { maxLength: 3 }),
        fc.option(fc.double({ min: 1, max: 500, noNaN: true }), { nil: null }),
        unit,
        fc.constantFrom(null, 'lighter' as const),
        (exercise, t, sessions, e1rmKg, u, adaptation) => {
          const s = suggestNext({ exercise, target: t, sessions, e1rmKg, unit: u, adaptation });
          if (!s) return;
          expect(s.reps).toBeGreaterThanOrEqual(1);
          if (s.weightKg === null) return;
          const kind = loadKindOf(exercise);
          const step = plateStep(kind, u) / (u === 'kg' ? 1 : LB_PER_KG);
          const top = workingSets(sessions[0])?.topKg ?? 0;
          expect(s.weightKg).toBeGreaterThanOrEqual(0);
          // A last top set within the rounding slack of a loadable weight counts as that weight.
          expect(s.weightKg).toBeLessThanOrEqual(top + step + LOAD_SLACK + 0.0005);
          expect(isLoadable(s.weightKg, kind, u)).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
