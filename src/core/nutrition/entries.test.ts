import { describe, expect, it } from 'vitest';
import { foodById, FOODS, nutrientsFor } from './foods';
import { nutrientLimitError, roundNutrients, servingLabel, tableAmount } from './entries';
import { mealTypeAt, mealTypeFor } from './meals';
import { NUTRITION_MESSAGES as M } from './messages';

// Picked by what they are, not by id, so the tests keep to the table as it grows.
const WITH_PORTIONS = FOODS.find((f) => f.portions.length >= 2 && f.per100g.kcal > 50 && f.per100g.kcal < 400)!;
const OIL = FOODS.find((f) => f.category === 'fat_oil' && f.per100g.kcal > 800)!;

describe('mealTypeAt', () => {
  it('places a time of day in the meal it most likely belongs to', () => {
    expect(mealTypeAt(7, 30)).toBe('breakfast');
    expect(mealTypeAt(4, 0)).toBe('breakfast');
    expect(mealTypeAt(10, 29)).toBe('breakfast');
    expect(mealTypeAt(10, 30)).toBe('lunch');
    expect(mealTypeAt(13, 0)).toBe('lunch');
    expect(mealTypeAt(15, 45)).toBe('snack');
    expect(mealTypeAt(17, 0)).toBe('dinner');
    expect(mealTypeAt(21, 29)).toBe('dinner');
    expect(mealTypeAt(21, 30)).toBe('snack');
    expect(mealTypeAt(2, 0)).toBe('snack');
  });
});

describe('mealTypeFor', () => {
  it('reads the time where the user lives', () => {
    const at = Date.parse('2026-03-01T00:30:00Z');
    expect(mealTypeFor(at, 'UTC')).toBe('snack');
    expect(mealTypeFor(at, 'Asia/Shanghai')).toBe('breakfast'); // 08:30
    expect(mealTypeFor(at, 'America/New_York')).toBe('dinner'); // 19:30 the day before
  });
});

describe('servingLabel', () => {
  it('names the portion and its weight, or just the weight', () => {
    expect(servingLabel(150)).toBe('150 g');
    expect(servingLabel(240, { unit: '1 cup', quantity: 1 })).toBe('1 cup (240 g)');
    expect(servingLabel(64, { unit: '1 slice', quantity: 2 })).toBe('2 × 1 slice (64 g)');
    expect(servingLabel(12.5, { unit: '1 tbsp', quantity: 0.5 })).toBe('0.5 × 1 tbsp (12.5 g)');
    expect(servingLabel(237, { unit: '1 杯', quantity: 1.5 }, 'zh')).toBe('1.5 × 1 杯（237 克）');
    expect(servingLabel(150, undefined, 'zh')).toBe('150 克');
  });

  it('stays within the 50 characters of a serving size', () => {
    const long = 'a very long household measure that goes on and on and on';
    expect(servingLabel(100, { unit: long, quantity: 1 }).length).toBeLessThanOrEqual(50);
    // The weight goes first when both do not fit.
    const unit = 'a household measure of forty-five characters.';
    expect(servingLabel(100, { unit, quantity: 1 })).toBe(unit);
  });
});

describe('tableAmount', () => {
  it('computes a portion times a quantity through the food table', () => {
    const portion = WITH_PORTIONS.portions[1];
    const result = tableAmount(WITH_PORTIONS, { portion: 1, quantity: 2 }, 'en');
    const grams = Math.round(portion.grams * 2 * 10) / 10;
    const n = nutrientsFor(WITH_PORTIONS, grams);
    expect(result).toEqual({
      grams,
      servingSize: servingLabel(grams, { unit: portion.unit.en, quantity: 2 }, 'en'),
      nutrients: { calories: n.kcal, protein: n.protein, carbs: n.carbs, fat: n.fat, fibre: n.fibre },
    });
  });

  it('labels the portion in the language asked for', () => {
    const result = tableAmount(WITH_PORTIONS, { portion: 0 }, 'zh');
    expect('servingSize' in result && result.servingSize).toContain(WITH_PORTIONS.portions[0].unit.zh);
  });

  it('takes grams as typed', () => {
    const chicken = foodById('chicken-breast') ?? WITH_PORTIONS;
    const result = tableAmount(chicken, { grams: 150 }, 'en');
    expect(result).toMatchObject({ grams: 150, servingSize: '150 g', nutrients: { calories: nutrientsFor(chicken, 150).kcal } });
  });

  it('refuses a portion the food does not have, no amount, and an amount beyond the entry limits', () => {
    expect(tableAmount(WITH_PORTIONS, { portion: 99 }, 'en')).toEqual({ field: 'portion', message: M.portion });
    expect(tableAmount(WITH_PORTIONS, {}, 'en')).toEqual({ field: 'grams', message: M.amountRequired });
    expect(tableAmount(WITH_PORTIONS, { portion: 0, quantity: 50_000 }, 'en')).toEqual({ field: 'quantity', message: M.grams });
    // 2 kg of oil is within the weight limit, not within 10 000 kcal.
    expect(tableAmount(OIL, { grams: 2000 }, 'en')).toEqual({ field: 'grams', message: M.calories });
  });
});

describe('roundNutrients and limits', () => {
  it('stores whole kcal and grams to 0.1, keeping unknown macros unknown', () => {
    expect(roundNutrients({ calories: 250.6, protein: 10.04, carbs: null, fat: 3.25 })).toEqual({ calories: 251, protein: 10, carbs: null, fat: 3.3, fibre: null });
  });

  it('name the first nutrient over its limit', () => {
    expect(nutrientLimitError({ calories: 100, protein: 501, carbs: null, fat: null, fibre: null })).toBe(M.protein);
    expect(nutrientLimitError({ calories: 100, protein: 1, carbs: 2, fat: 3, fibre: 4 })).toBeNull();
  });
});
