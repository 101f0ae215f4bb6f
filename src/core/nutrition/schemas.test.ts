import { describe, expect, it } from 'vitest';
import { copyEntriesInputSchema, entryInputSchema, entryPatchSchema, goalsInputSchema } from './schemas';
import { NUTRITION_MESSAGES as M } from './messages';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.') || 'body', i.message]));
}

describe('entryInputSchema', () => {
  it('takes a quick add and a food of the table', () => {
    expect(entryInputSchema.safeParse({ foodName: 'Protein bar', calories: 210, protein: 20 }).success).toBe(true);
    expect(entryInputSchema.safeParse({ foodId: 'banana', portion: 0, quantity: 2 }).success).toBe(true);
    expect(entryInputSchema.safeParse({ foodId: 'banana', grams: 120, foodName: 'My banana', mealType: 'snack' }).success).toBe(true);
  });

  it('answers each bound of spec section 5 with its message', () => {
    const r = entryInputSchema.safeParse({ foodName: 'x'.repeat(101), calories: 10_001, protein: -1, carbs: 501, fat: 'lots', fibre: 600, servingSize: 's'.repeat(51), mealType: 'brunch' });
    expect(messages(r)).toEqual({
      foodName: M.foodName,
      calories: M.calories,
      protein: M.protein,
      carbs: M.carbs,
      fat: M.fat,
      fibre: M.fibre,
      servingSize: M.servingSize,
      mealType: M.mealType,
    });
    expect(messages(entryInputSchema.safeParse({ foodName: '   ', calories: 0 }))).toEqual({ foodName: M.foodName });
    expect(entryInputSchema.safeParse({ foodName: 'a', calories: 0, protein: 500, carbs: 0, fat: 500 }).success).toBe(true);
  });

  it('needs a name and calories for a quick add', () => {
    expect(messages(entryInputSchema.safeParse({}))).toEqual({ foodName: M.foodName, calories: M.caloriesRequired });
  });

  it('needs an amount for a table food, one kind of amount, and no nutrients of its own', () => {
    expect(messages(entryInputSchema.safeParse({ foodId: 'banana' }))).toEqual({ grams: M.amountRequired });
    expect(messages(entryInputSchema.safeParse({ foodId: 'banana', grams: 100, portion: 0 }))).toEqual({ portion: M.gramsOrPortion });
    expect(messages(entryInputSchema.safeParse({ foodId: 'banana', grams: 100, calories: 5 }))).toEqual({ calories: M.nutrientsFromTable });
    expect(messages(entryInputSchema.safeParse({ foodName: 'x', calories: 5, portion: 1 }))).toEqual({ portion: M.portionNeedsFood });
    expect(messages(entryInputSchema.safeParse({ foodId: 'banana', grams: 100, quantity: 2 }))).toEqual({ quantity: M.quantityNeedsPortion });
    expect(messages(entryInputSchema.safeParse({ foodId: 'banana', grams: 0 }))).toEqual({ grams: M.grams });
    expect(messages(entryInputSchema.safeParse({ foodId: 'banana', portion: 0, quantity: 51 }))).toEqual({ quantity: M.quantity });
  });

  it('refuses a time eaten in the future, too long ago, or without a zone', () => {
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    expect(messages(entryInputSchema.safeParse({ foodName: 'x', calories: 1, eatenAt: future }))).toEqual({ eatenAt: M.eatenInFuture });
    expect(messages(entryInputSchema.safeParse({ foodName: 'x', calories: 1, eatenAt: '1999-12-31T23:00:00Z' }))).toEqual({ eatenAt: M.tooOld });
    expect(messages(entryInputSchema.safeParse({ foodName: 'x', calories: 1, eatenAt: '2026-01-01T08:00:00' }))).toEqual({ eatenAt: M.eatenAt });
    // A phone a minute ahead is still now.
    expect(entryInputSchema.safeParse({ foodName: 'x', calories: 1, eatenAt: new Date(Date.now() + 60_000).toISOString() }).success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(entryInputSchema.safeParse({ foodName: 'x', calories: 1, userId: 'someone' }).success).toBe(false);
  });
});

describe('entryPatchSchema', () => {
  it('needs something to change', () => {
    expect(messages(entryPatchSchema.safeParse({}))).toEqual({ body: M.nothingToUpdate });
    expect(messages(entryPatchSchema.safeParse({ locale: 'zh' }))).toEqual({ body: M.nothingToUpdate });
  });

  it('takes a new weight or new nutrients, not nutrients with a table food', () => {
    expect(entryPatchSchema.safeParse({ grams: 200 }).success).toBe(true);
    expect(entryPatchSchema.safeParse({ calories: 300, protein: null }).success).toBe(true);
    expect(messages(entryPatchSchema.safeParse({ foodId: 'banana', calories: 10 }))).toEqual({ calories: M.nutrientsFromTable });
    expect(messages(entryPatchSchema.safeParse({ calories: null }))).toEqual({ calories: M.calories });
  });
});

describe('copyEntriesInputSchema', () => {
  it('needs two different real dates', () => {
    expect(copyEntriesInputSchema.safeParse({ fromDate: '2026-03-01', toDate: '2026-03-02', mealType: 'lunch' }).success).toBe(true);
    expect(messages(copyEntriesInputSchema.safeParse({ fromDate: '2026-02-30', toDate: 'tomorrow' }))).toEqual({ fromDate: M.fromDate, toDate: M.toDate });
    expect(messages(copyEntriesInputSchema.safeParse({ fromDate: '2026-03-01', toDate: '2026-03-01' }))).toEqual({ toDate: M.copySameDay });
  });
});

describe('goalsInputSchema', () => {
  it('bounds every target', () => {
    expect(goalsInputSchema.safeParse({ calories: 2000, protein: 150, carbs: 200, fat: 70 }).success).toBe(true);
    const r = goalsInputSchema.safeParse({ calories: 700, protein: 501, carbs: 1501, fat: -1, fibre: 151 });
    expect(messages(r)).toEqual({ calories: M.goalCalories, protein: M.goalProtein, carbs: M.goalCarbs, fat: M.goalFat, fibre: M.goalFibre });
    expect(messages(goalsInputSchema.safeParse({ calories: 2000.5, protein: 1, carbs: 1, fat: 1 }))).toEqual({ calories: M.goalCalories });
  });
});
