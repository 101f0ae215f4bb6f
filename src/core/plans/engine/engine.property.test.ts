import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#core/common/schemas';
import { checkPlan } from '../check';
import { exerciseById, isAvailableWith } from '../exercises';
import { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS, PLAN_DETAILS, PLAN_DURATIONS, FITNESS_PLAN_TYPES, fitnessPlanSchema, type FitnessPlanInput } from '../schemas';
import { VOLUME_BOUNDS, dayMinutes, weeklySetsPerMuscle } from '../volume';
import { TRAINING_DAYS, generatePlan } from './index';

/** The whole input space of spec section 5, plus the engine's own options. */
const inputs = fc.record({
  planType: fc.constantFrom(...FITNESS_PLAN_TYPES),
  goals: fc.uniqueArray(fc.constantFrom(...FITNESS_GOALS), { minLength: 1, maxLength: 3 }),
  fitnessLevel: fc.constantFrom(...FITNESS_LEVELS),
  equipment: fc.uniqueArray(fc.constantFrom(...EQUIPMENT), { minLength: 1, maxLength: EQUIPMENT.length }),
  duration: fc.constantFrom(...PLAN_DURATIONS),
  locale: fc.option(fc.constantFrom(...LOCALES), { nil: undefined }),
}) satisfies fc.Arbitrary<FitnessPlanInput>;
const seeds = fc.integer({ min: 0, max: 0xffff_ffff });
const details = fc.constantFrom(...PLAN_DETAILS);

const everyItem = (plan: ReturnType<typeof generatePlan>) => plan.weeks.flatMap((w) => w.days.flatMap((d) => [...d.warmUp, ...d.exercises, ...d.coolDown]));

describe('plan engine properties', () => {
  it('always produces a plan the schema accepts, of the requested duration and detail', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(inputs, seeds, details, (input, seed, detail) => {
        const plan = generatePlan(input, { seed, detail });
        expect(fitnessPlanSchema.safeParse(plan).error?.issues ?? []).toEqual([]);
        expect(plan.durationWeeks).toBe(input.duration);
        expect(plan.weeks).toHaveLength(input.duration);
        expect(plan.weeks.map((w) => w.weekNumber)).toEqual(Array.from({ length: input.duration }, (_, i) => i + 1));
        for (const week of plan.weeks) {
          expect(week.days).toHaveLength(7);
          expect(week.detailed).toBe(detail === 'full' || week.weekNumber === 1);
          expect(week.deload).toBe(week.weekNumber % 4 === 0);
        }
        expect(plan.locale).toBe(input.locale ?? 'en');
      }),
      { numRuns: 100 },
    );
  });

  it('uses only exercises of the library that the equipment allows, at or below the level', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(inputs, seeds, (input, seed) => {
        const plan = generatePlan(input, { seed });
        const bodyweightOnly = input.equipment.every((e) => e === 'none');
        // Plain checks with one assertion at the end: a plan holds about a thousand lines.
        const wrong = everyItem(plan).filter((p) => {
          const exercise = exerciseById(p.exerciseId);
          return (
            !exercise ||
            !isAvailableWith(exercise, input.equipment) ||
            (bodyweightOnly && exercise.requires.length > 0) ||
            (input.fitnessLevel === 'beginner' && exercise.level !== 'beginner') ||
            (input.fitnessLevel === 'intermediate' && exercise.level === 'advanced')
          );
        });
        expect(wrong.map((p) => p.exerciseId)).toEqual([]);
      }),
      { numRuns: 250 },
    );
  });

  it("keeps every week inside the level's volume bounds", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(inputs, seeds, (input, seed) => {
        const plan = generatePlan(input, { seed, detail: 'full' });
        const bounds = VOLUME_BOUNDS[input.fitnessLevel];
        const problems: string[] = [];
        for (const week of plan.weeks) {
          for (const [muscle, sets] of weeklySetsPerMuscle(week)) {
            if (sets > bounds.maxWeeklySetsPerMuscle) problems.push(`week ${week.weekNumber}: ${sets} sets for ${muscle}`);
          }
          for (const day of week.days) {
            const minutes = dayMinutes(day);
            const range = day.type === 'active_recovery' ? bounds.activeRecoveryMinutes : day.type === 'rest' ? { min: 0, max: 0 } : bounds.sessionMinutes;
            if (minutes < range.min || minutes > range.max || minutes !== day.estimatedMinutes) {
              problems.push(`week ${week.weekNumber} day ${day.dayNumber} (${day.type}): ${minutes} min`);
            }
          }
          const training = week.days.filter((d) => d.type === 'strength' || d.type === 'cardio').length;
          if (training !== TRAINING_DAYS[input.fitnessLevel]) problems.push(`week ${week.weekNumber}: ${training} training days`);
          if (!week.days.some((d) => d.type === 'rest') || !week.days.some((d) => d.type === 'active_recovery')) {
            problems.push(`week ${week.weekNumber}: no rest or active-recovery day`);
          }
        }
        expect(problems).toEqual([]);
        expect(checkPlan(plan, input)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same plan for the same input and seed', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(inputs, seeds, details, (input, seed, detail) => {
        // Compared as JSON: a deep equality walk over two thousand-line plans costs more than building them.
        expect(JSON.stringify(generatePlan(input, { seed, detail }))).toBe(JSON.stringify(generatePlan(structuredClone(input), { seed, detail })));
      }),
      { numRuns: 60 },
    );
  });

  it('chooses the same exercises whatever the locale or detail, so a plan can be rebuilt in the other language', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(inputs, seeds, (input, seed) => {
        const ids = (plan: ReturnType<typeof generatePlan>) => plan.weeks[0].days.map((d) => d.exercises.map((p) => [p.exerciseId, p.sets]));
        const en = generatePlan(input, { seed, locale: 'en' });
        const zh = generatePlan(input, { seed, locale: 'zh', detail: 'week1' });
        expect(ids(zh)).toEqual(ids(en));
        expect(zh.weeks.map((w) => w.days.map((d) => [d.type, d.estimatedMinutes]))).toEqual(en.weeks.map((w) => w.days.map((d) => [d.type, d.estimatedMinutes])));
      }),
      { numRuns: 40 },
    );
  });
});

describe('equipment rule, exhaustively', () => {
  // Exercise choice depends on plan type, level, equipment and the goals that add slots; this walks every plan type,
  // level and all 127 equipment choices with those goals on. Four weeks keep it quick: later blocks draw from the
  // same pool, and the random properties above cover 8- and 12-week plans.
  it('never asks for equipment the user lacks, for any plan type, level and equipment choice', { timeout: 60_000 }, () => {
    const missing: string[] = [];
    for (const planType of FITNESS_PLAN_TYPES) {
      for (const fitnessLevel of FITNESS_LEVELS) {
        for (let mask = 1; mask < 1 << EQUIPMENT.length; mask++) {
          const equipment = EQUIPMENT.filter((_, i) => mask & (1 << i));
          const goals = ['build_muscle', 'lose_weight', 'improve_flexibility'] as const;
          const plan = generatePlan({ planType, fitnessLevel, equipment, goals: [...goals], duration: 4 }, { seed: mask });
          for (const p of everyItem(plan)) {
            const exercise = exerciseById(p.exerciseId);
            if (!exercise || !isAvailableWith(exercise, equipment)) missing.push(`${planType}/${fitnessLevel}/${equipment.join('+')}: ${p.exerciseId}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
