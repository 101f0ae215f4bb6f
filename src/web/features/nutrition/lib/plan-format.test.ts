import { describe, expect, it } from 'vitest';
import { DAY_MEALS } from '#core/nutrition/plans/meals';
import { withinTarget } from '#core/nutrition/plans/schemas';
import { dayWithinTargets, mealTitleKeys, portionText } from './plan-format';

describe('plan format', () => {
  it('checks days by the server’s own rule', () => {
    expect(withinTarget(2100, 2000)).toBe(true);
    expect(withinTarget(2101, 2000)).toBe(false);
    expect(withinTarget(1900, 2000)).toBe(true);
    const targets = { calories: 2000, protein: 100, carbs: 250, fat: 70, fibre: 30 };
    expect(dayWithinTargets({ calories: 1990, protein: 104, carbs: 240, fat: 71, fibre: 5 }, targets)).toBe(true);
    expect(dayWithinTargets({ calories: 1990, protein: 106, carbs: 240, fat: 71, fibre: 30 }, targets)).toBe(false);
  });

  it('writes portion hints in the page’s language', () => {
    expect(portionText({ label: '1 cup', quantity: 1.5 }, 'en')).toBe('1.5 × 1 cup');
    expect(portionText({ label: '1 cup', quantity: 1.04 }, 'en')).toBe('1 cup');
    expect(portionText({ label: '1 碗', quantity: 2 }, 'zh')).toBe('2 × 1 碗');
  });

  it('names the two snacks of a five-meal day apart', () => {
    expect(mealTitleKeys(DAY_MEALS[5])).toEqual([
      'nutritionPlans.meal.breakfast',
      'nutritionPlans.meal.morningSnack',
      'nutritionPlans.meal.lunch',
      'nutritionPlans.meal.afternoonSnack',
      'nutritionPlans.meal.dinner',
    ]);
    expect(mealTitleKeys(DAY_MEALS[4])).toContain('nutritionPlans.meal.snack');
  });
});
