import type { FieldError } from '#core/errors/catalogue';
import { isFieldError, mealTypeFor, roundNutrients, tableAmount, type ParsedEntryInput, type ParsedEntryPatch } from '#core/nutrition';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { foodById } from '#core/nutrition/foods';
import { AppError } from '#server/lib/app-error';
import type { EntryRow, EntryValues, NutritionContext } from '../nutrition.repo';

const fail = (errors: FieldError[]): never => {
  throw AppError.validation(errors);
};

function tableFood(foodId: string) {
  return foodById(foodId) ?? fail([{ field: 'foodId', message: M.foodId }]);
}

/** The row of a new entry: a table food's name and nutrients from its weight, or the quick add as typed. */
export function newEntryValues(input: ParsedEntryInput, ctx: NutritionContext, now = new Date()): EntryValues {
  const eatenAt = input.eatenAt ? new Date(input.eatenAt) : now;
  const mealType = input.mealType ?? mealTypeFor(eatenAt, ctx.timezone);
  const locale = input.locale ?? ctx.locale;
  if (input.foodId != null) {
    const food = tableFood(input.foodId);
    const amount = tableAmount(food, input, locale);
    if (isFieldError(amount)) return fail([amount]);
    return {
      foodName: input.foodName ?? food.name[locale],
      foodId: food.id,
      grams: amount.grams,
      servingSize: input.servingSize || amount.servingSize,
      ...amount.nutrients,
      mealType,
      eatenAt,
      source: 'food',
    };
  }
  return {
    foodName: input.foodName!,
    foodId: null,
    grams: input.grams ?? null,
    servingSize: input.servingSize || null,
    ...roundNutrients({ ...input, calories: input.calories! }),
    mealType,
    eatenAt,
    source: 'manual',
  };
}

/**
 * The changes a PATCH makes. A new food, weight or portion recomputes the nutrients from the table (and the serving
 * label, unless one is sent); new nutrients turn the entry into a custom one that no longer follows the table.
 */
export function patchedEntryValues(row: EntryRow, patch: ParsedEntryPatch, ctx: NutritionContext): Partial<EntryValues> {
  const locale = patch.locale ?? ctx.locale;
  const out: Partial<EntryValues> = {};
  if (patch.foodName !== undefined) out.foodName = patch.foodName;
  if (patch.servingSize !== undefined) out.servingSize = patch.servingSize || null;
  if (patch.mealType !== undefined) out.mealType = patch.mealType;
  if (patch.eatenAt !== undefined) out.eatenAt = new Date(patch.eatenAt);

  const nutrientsSent = (['calories', 'protein', 'carbs', 'fat', 'fibre'] as const).some((k) => patch[k] !== undefined);
  const amountSent = patch.foodId !== undefined || patch.grams !== undefined || patch.portion !== undefined || patch.quantity !== undefined;
  const foodId = patch.foodId !== undefined ? patch.foodId : row.foodId;

  if (nutrientsSent) {
    const merged = {
      calories: patch.calories ?? row.calories,
      protein: patch.protein !== undefined ? patch.protein : row.protein,
      carbs: patch.carbs !== undefined ? patch.carbs : row.carbs,
      fat: patch.fat !== undefined ? patch.fat : row.fat,
      fibre: patch.fibre !== undefined ? patch.fibre : row.fibre,
    };
    Object.assign(out, roundNutrients(merged), { foodId: null });
    if (patch.grams !== undefined) out.grams = patch.grams;
  } else if (amountSent && foodId != null) {
    const food = tableFood(foodId);
    const amount = tableAmount(food, { grams: patch.portion != null ? null : (patch.grams ?? row.grams), portion: patch.portion, quantity: patch.quantity }, locale);
    if (isFieldError(amount)) return fail([amount]);
    Object.assign(out, amount.nutrients, { foodId: food.id, grams: amount.grams });
    if (patch.servingSize === undefined) out.servingSize = amount.servingSize;
    if (patch.foodName === undefined && foodId !== row.foodId) out.foodName = food.name[locale];
  } else if (amountSent) {
    // A custom entry: the weight is a note beside nutrients the user typed; a table portion needs a table food.
    if (patch.portion != null) return fail([{ field: 'portion', message: M.portionNeedsFood }]);
    if (patch.grams !== undefined) out.grams = patch.grams;
    if (patch.foodId === null) out.foodId = null;
  }
  return out;
}
