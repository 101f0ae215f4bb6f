import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_LEVELS, FITNESS_GOALS, SEXES } from '#core/profile/schemas';
import { ACTIVITY_FACTORS, computeGoals, customTargets, fibreFor, goalDirection, macroCalories, mifflinStJeor, SAFE_MINIMUM_KCAL, type BodyProfile } from './goals';

const YEAR = 2026;
const man: BodyProfile = { sex: 'male', birthYear: 1996, heightCm: 180, weightKg: 80, activityLevel: 'moderate' };
const woman: BodyProfile = { sex: 'female', birthYear: 2001, heightCm: 165, weightKg: 60, activityLevel: 'sedentary' };

describe('Mifflin–St Jeor', () => {
  it('gives the published values for men and women', () => {
    // 10 × 80 + 6.25 × 180 − 5 × 30 + 5
    expect(mifflinStJeor({ sex: 'male', age: 30, heightCm: 180, weightKg: 80 })).toBe(1780);
    // 10 × 60 + 6.25 × 165 − 5 × 25 − 161
    expect(mifflinStJeor({ sex: 'female', age: 25, heightCm: 165, weightKg: 60 })).toBe(1345.25);
  });

  it('takes the midpoint of the two constants when the sex is not known', () => {
    const male = mifflinStJeor({ sex: 'male', age: 40, heightCm: 170, weightKg: 70 });
    const female = mifflinStJeor({ sex: 'female', age: 40, heightCm: 170, weightKg: 70 });
    expect(mifflinStJeor({ sex: null, age: 40, heightCm: 170, weightKg: 70 })).toBe((male + female) / 2);
  });
});

describe('goal direction', () => {
  it('loses 500 kcal for weight loss, which wins over building muscle', () => {
    expect(goalDirection(['lose_weight'])).toEqual({ direction: 'lose', adjustment: -500 });
    expect(goalDirection(['build_muscle', 'lose_weight'])).toEqual({ direction: 'lose', adjustment: -500 });
  });

  it('adds 300 for muscle, 250 for strength alone, nothing otherwise', () => {
    expect(goalDirection(['build_muscle', 'increase_strength'])).toEqual({ direction: 'gain', adjustment: 300 });
    expect(goalDirection(['increase_strength'])).toEqual({ direction: 'gain', adjustment: 250 });
    expect(goalDirection(['general_health', 'improve_endurance'])).toEqual({ direction: 'maintain', adjustment: 0 });
    expect(goalDirection([])).toEqual({ direction: 'maintain', adjustment: 0 });
  });
});

describe('computeGoals', () => {
  it('maintains: BMR × activity, protein 1.4 g/kg, fat 30 %, carbs the rest, fibre 14 g per 1000 kcal', () => {
    const g = computeGoals(man, ['general_health'], YEAR);
    expect(g).toMatchObject({ source: 'computed', missing: [], bmr: 1780, tdee: 2759, direction: 'maintain', adjustment: 0 });
    expect(g.calories).toBe(2760);
    expect(g.protein).toBe(112);
    expect(g.fat).toBe(92);
    expect(g.carbs).toBe(Math.round((2760 - 112 * 4 - 92 * 9) / 4));
    expect(g.fibre).toBe(39);
  });

  it('builds muscle on a 300 kcal surplus with 1.8 g/kg of protein and 25 % fat', () => {
    const g = computeGoals(man, ['build_muscle'], YEAR);
    expect(g.calories).toBe(Math.round((1780 * 1.55 + 300) / 10) * 10);
    expect(g.adjustment).toBe(300);
    expect(g.protein).toBe(144);
    expect(g.fat).toBe(Math.round((g.calories * 0.25) / 9));
  });

  it('loses weight 500 kcal under maintenance with 2 g/kg of protein', () => {
    const g = computeGoals(man, ['lose_weight'], YEAR);
    expect(g.calories).toBe(Math.round((1780 * 1.55 - 500) / 10) * 10);
    expect(g.adjustment).toBe(-500);
    expect(g.protein).toBe(160);
  });

  it('never sets a loss target below the safe minimum for the sex', () => {
    // 1345.25 × 1.2 = 1614 kcal maintenance; − 500 would be 1114.
    const g = computeGoals(woman, ['lose_weight'], YEAR);
    expect(g.calories).toBe(SAFE_MINIMUM_KCAL.female);
    expect(g.adjustment).toBe(Math.round(1200 - 1345.25 * 1.2));
  });

  it('does not raise a loss target above maintenance when maintenance is already below the minimum', () => {
    const small: BodyProfile = { sex: 'female', birthYear: 1956, heightCm: 150, weightKg: 45, activityLevel: 'sedentary' };
    const g = computeGoals(small, ['lose_weight'], YEAR);
    expect(g.tdee).toBe(Math.round(876.5 * 1.2));
    expect(g.calories).toBe(1050);
    expect(g.adjustment).toBe(0);
  });

  it('fills what the profile lacks with reference values and says which', () => {
    const none: BodyProfile = { sex: null, birthYear: null, heightCm: null, weightKg: null, activityLevel: null };
    const g = computeGoals(none, [], YEAR);
    expect(g.source).toBe('default');
    expect(g.missing).toEqual(['sex', 'birthYear', 'heightCm', 'weightKg', 'activityLevel']);
    // 10 × 70 + 6.25 × 170 − 5 × 30 − 78, lightly active.
    expect(g.bmr).toBe(Math.round(1534.5));
    expect(g.calories).toBe(2110);
    expect(g.weightKg).toBe(70);

    const partial = computeGoals({ ...man, activityLevel: null }, [], YEAR);
    expect(partial.source).toBe('default');
    expect(partial.missing).toEqual(['activityLevel']);
    expect(partial.tdee).toBe(Math.round(1780 * ACTIVITY_FACTORS.light));
  });

  it('keeps protein within 35 % of the energy for a very heavy body', () => {
    const heavy: BodyProfile = { sex: 'male', birthYear: 1986, heightCm: 190, weightKg: 250, activityLevel: 'sedentary' };
    const g = computeGoals(heavy, ['lose_weight'], YEAR);
    expect(g.protein * 4).toBeLessThanOrEqual(g.calories * 0.35 + 2);
    expect(g.protein).toBeLessThan(250 * 2);
  });

  it('holds for every profile: macros add up to the calories, nothing negative, a loss never under the floor', () => {
    const profile = fc.record({
      sex: fc.constantFrom(...SEXES, null),
      birthYear: fc.option(fc.integer({ min: YEAR - 110, max: YEAR - 13 }), { nil: null }),
      heightCm: fc.option(fc.double({ min: 100, max: 250, noNaN: true }), { nil: null }),
      weightKg: fc.option(fc.double({ min: 30, max: 300, noNaN: true }), { nil: null }),
      activityLevel: fc.constantFrom(...ACTIVITY_LEVELS, null),
    });
    const goals = fc.uniqueArray(fc.constantFrom(...FITNESS_GOALS), { maxLength: 3 });
    fc.assert(
      fc.property(profile, goals, (body, chosen) => {
        const g = computeGoals(body, chosen, YEAR);
        expect(g.calories).toBeGreaterThan(0);
        for (const k of ['protein', 'carbs', 'fat', 'fibre'] as const) expect(g[k]).toBeGreaterThanOrEqual(0);
        expect(g.calories % 10).toBe(0);
        expect(g.fibre).toBe(fibreFor(g.calories));
        if (g.carbs > 0) expect(Math.abs(macroCalories(g) - g.calories)).toBeLessThanOrEqual(12);
        if (g.direction === 'lose') {
          const floor = Math.min(SAFE_MINIMUM_KCAL[body.sex ?? 'unknown'], g.tdee);
          expect(g.calories).toBeGreaterThanOrEqual(floor - 10);
          expect(g.calories).toBeLessThanOrEqual(g.tdee + 5);
        }
        expect(g.source === 'computed').toBe(g.missing.length === 0);
      }),
    );
  });
});

describe('custom targets', () => {
  it('keep what the user set, with fibre following the calories when not set', () => {
    expect(customTargets({ calories: 2000, protein: 150, carbs: 200, fat: 67, fibre: null })).toEqual({ calories: 2000, protein: 150, carbs: 200, fat: 67, fibre: 28 });
    expect(customTargets({ calories: 2000, protein: 150, carbs: 200, fat: 67, fibre: 35 }).fibre).toBe(35);
  });

  it('add up to kcal by 4/4/9', () => {
    expect(macroCalories({ protein: 150, carbs: 200, fat: 67 })).toBe(150 * 4 + 200 * 4 + 67 * 9);
  });
});
