import { describe, expect, it } from 'vitest';
import { idSchema } from '#core/common/schemas';
import { checkPlan } from './check';
import { PLAN_LIBRARY, filterLibrary, libraryEntry, libraryListItem, libraryPlan } from './library';
import { FITNESS_LEVELS, FITNESS_PLAN_TYPES, fitnessPlanInputSchema, fitnessPlanSchema } from './schemas';

const han = /\p{Script=Han}/u;

describe('plan library', () => {
  it('holds at least 24 plans covering every plan type at every level', () => {
    expect(PLAN_LIBRARY.length).toBeGreaterThanOrEqual(24);
    for (const planType of FITNESS_PLAN_TYPES) {
      for (const level of FITNESS_LEVELS) {
        expect(
          PLAN_LIBRARY.some((e) => e.planType === planType && e.fitnessLevel === level),
          `${planType} ${level}`,
        ).toBe(true);
      }
    }
  });

  it('has unique UUIDs, slugs and titles', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    for (const e of PLAN_LIBRARY) expect(idSchema.safeParse(e.id).success, e.id).toBe(true);
    expect(unique(PLAN_LIBRARY.map((e) => e.id))).toBe(true);
    expect(unique(PLAN_LIBRARY.map((e) => e.slug))).toBe(true);
    expect(unique(PLAN_LIBRARY.map((e) => e.title.en))).toBe(true);
    expect(unique(PLAN_LIBRARY.map((e) => e.title.zh))).toBe(true);
  });

  it('writes every title and description in both languages', () => {
    for (const e of PLAN_LIBRARY) {
      expect(e.title.zh, e.slug).toMatch(han);
      expect(e.description.zh, e.slug).toMatch(han);
      expect(e.title.en, e.slug).not.toMatch(han);
      expect(e.description.en, e.slug).not.toMatch(han);
    }
  });

  it('is built from valid inputs into plans that pass every check, in both languages', () => {
    for (const e of PLAN_LIBRARY) {
      const input = fitnessPlanInputSchema.parse({ planType: e.planType, goals: e.goals, fitnessLevel: e.fitnessLevel, equipment: e.equipment, duration: e.duration });
      for (const locale of ['en', 'zh'] as const) {
        const plan = libraryPlan(e, { locale });
        expect(fitnessPlanSchema.safeParse(plan).success, e.slug).toBe(true);
        expect(checkPlan(plan, input), e.slug).toEqual([]);
        expect(plan.title).toBe(e.title[locale]);
        expect(plan.summary.startsWith(e.description[locale])).toBe(true);
      }
    }
  });

  it('builds the same plan every time', () => {
    const e = PLAN_LIBRARY[0];
    expect(libraryPlan(e, { locale: 'en' })).toEqual(libraryPlan(e, { locale: 'en' }));
  });

  it('can give a library plan in week-1 detail', () => {
    const plan = libraryPlan(PLAN_LIBRARY[0], { locale: 'en', detail: 'week1' });
    expect(plan.detail).toBe('week1');
    expect(plan.weeks[1].detailed).toBe(false);
  });

  it('finds entries by id', () => {
    expect(libraryEntry(PLAN_LIBRARY[3].id)).toBe(PLAN_LIBRARY[3]);
    expect(libraryEntry('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('lists an entry in one language with what the plan will look like', () => {
    const item = libraryListItem(libraryEntry('8a9b5ce3-19bf-4298-97af-22ae2c080473')!, 'zh');
    expect(item).toMatchObject({ slug: 'powerbuilding-split', title: '力量健美分化', fitnessLevel: 'advanced', trainingDaysPerWeek: 5, split: 'push_pull_legs', durationWeeks: 12 });
    const plan = libraryPlan(libraryEntry(item.id)!, { locale: 'zh' });
    expect(plan.split).toBe(item.split);
    expect(plan.trainingDaysPerWeek).toBe(item.trainingDaysPerWeek);
  });
});

describe('filterLibrary', () => {
  it('returns everything without a filter', () => {
    expect(filterLibrary()).toEqual(PLAN_LIBRARY);
  });

  it('filters by plan type, level and duration', () => {
    const strength = filterLibrary({ planType: 'strength' });
    expect(strength.length).toBeGreaterThan(0);
    expect(strength.every((e) => e.planType === 'strength')).toBe(true);
    const advancedCardio = filterLibrary({ planType: 'cardio', fitnessLevel: 'advanced' });
    expect(advancedCardio.map((e) => e.slug)).toEqual(['endurance-peak']);
    expect(filterLibrary({ duration: 4 }).every((e) => e.duration === 4)).toBe(true);
    expect(filterLibrary({ planType: 'strength', fitnessLevel: 'beginner', duration: 4 })).toEqual([]);
  });

  it('keeps only plans the user can do with their equipment', () => {
    const bodyweight = filterLibrary({ equipment: ['none'] });
    expect(bodyweight.length).toBeGreaterThan(0);
    expect(bodyweight.every((e) => e.equipment.every((item) => item === 'none'))).toBe(true);
    const dumbbells = filterLibrary({ equipment: ['dumbbells'] });
    expect(dumbbells.map((e) => e.slug)).toContain('hypertrophy-foundations');
    expect(dumbbells.map((e) => e.slug)).toContain('couch-to-active');
    expect(dumbbells.map((e) => e.slug)).not.toContain('barbell-basics');
    expect(dumbbells.map((e) => e.slug)).not.toContain('dumbbell-shred');
    expect(filterLibrary({ equipment: ['gym_access'] })).toEqual(PLAN_LIBRARY);
  });
});
