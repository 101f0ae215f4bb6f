import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOODS, nutrientsFor } from '../foods';
import { estimatedItem, itemForFood, totalsOf, withGrams } from './draft';

describe('scan draft maths', () => {
  it('gives a table food exactly the numbers meal logging gives it, for any weight', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FOODS), fc.integer({ min: 1, max: 2000 }), (food, grams) => {
        const item = itemForFood(food, grams, 'en');
        const n = nutrientsFor(food, grams);
        expect([item.calories, item.protein, item.carbs, item.fat]).toEqual([n.kcal, n.protein, n.carbs, n.fat]);
      }),
    );
  });

  it('rescales an item when its grams change, and back', () => {
    const banana = FOODS.find((f) => f.id === 'banana')!;
    const item = itemForFood(banana, 118, 'zh', { confidence: 0.61, pieces: 1 });
    expect(item).toMatchObject({ name: '香蕉', grams: 118, confidence: 0.61, pieces: 1, estimated: false });
    expect(withGrams(withGrams(item, 236), 118)).toEqual(item);
    expect(withGrams(item, -5)).toMatchObject({ grams: 0, calories: 0, protein: 0 });
  });

  it('keeps a model estimate’s density so it rescales too', () => {
    const stew = estimatedItem('Stew', 200, { calories: 240, protein: 14, carbs: 18, fat: 12 }, 0.5);
    expect(stew).toMatchObject({ foodId: null, estimated: true, per100g: { calories: 120, protein: 7, carbs: 9, fat: 6 } });
    expect(withGrams(stew, 100)).toMatchObject({ calories: 120, protein: 7, carbs: 9, fat: 6 });
  });

  it('totals the items', () => {
    const [a, b] = [FOODS[0], FOODS[1]];
    const items = [itemForFood(a, 100, 'en'), itemForFood(b, 50, 'en')];
    expect(totalsOf(items).calories).toBe(items[0].calories + items[1].calories);
    expect(totalsOf([])).toEqual({ calories: 0, protein: 0, carbs: 0, fat: 0 });
  });
});
