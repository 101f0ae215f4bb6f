import { describe, expect, it } from 'vitest';
import { amountOf } from './amounts';
import { FOODS, nutrientsFor } from './foods';

describe('amountOf', () => {
  it('gives what the food table gives, for every food and a range of weights', () => {
    for (const food of FOODS) {
      for (const grams of [0, 1, 37.5, 100, 123.4, 480]) {
        const n = nutrientsFor(food, grams);
        expect(amountOf(food.per100g, grams), `${food.id} ${grams} g`).toEqual({ calories: n.kcal, protein: n.protein, carbs: n.carbs, fat: n.fat, fibre: n.fibre });
      }
    }
  });
});
