import type { Locale } from '#core/common/schemas';
import { KITCHEN_LIMITS, type SavedMeal, type SavedMealList } from '#core/nutrition/kitchen/schemas';
import { KITCHEN_MESSAGES } from '#core/nutrition/kitchen/messages';
import type { savedMealInputSchema, savedMealPatchSchema, logSavedMealInputSchema } from '#core/nutrition/kitchen/schemas';
import type { CopyResult, ParsedEntryInput } from '#core/nutrition/schemas';
import type { Db } from '#server/db/client';
import type { StoredSavedMealItem } from '#server/db/schema';
import { AppError } from '#server/lib/app-error';
import type { z } from 'zod';
import * as entries from '#server/modules/nutrition/nutrition.repo';
import type { NutritionContext } from '#server/modules/nutrition/nutrition.repo';
import { newEntryValues } from '#server/modules/nutrition/services/entry-values';
import { tableName, toEntry } from '#server/modules/nutrition/services/present';
import * as repo from '../kitchen.repo';

type ParsedItems = z.output<typeof savedMealInputSchema>['items'];

/** Each item as it is kept: a table food's name (in `locale`) and nutrients from the table, a typed one as typed. */
function storedItems(items: ParsedItems, ctx: NutritionContext, locale: Locale | undefined): StoredSavedMealItem[] {
  return items.map((item) => {
    const v = newEntryValues({ ...item, locale, mealType: 'snack' } as ParsedEntryInput, ctx);
    return {
      foodId: v.foodId ?? null,
      foodName: v.foodName,
      grams: v.grams ?? null,
      servingSize: v.servingSize ?? null,
      calories: v.calories,
      protein: v.protein ?? null,
      carbs: v.carbs ?? null,
      fat: v.fat ?? null,
      fibre: v.fibre ?? null,
    };
  });
}

function toSavedMeal(row: repo.SavedMealRow): SavedMeal {
  return {
    id: row.id,
    name: row.name,
    items: row.items.map((item) => ({ ...item, tableName: tableName(item) })),
    calories: row.items.reduce((sum, item) => sum + item.calories, 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = (id: string) => AppError.notFound('Saved meal', id);

export async function listSavedMeals(db: Db, userId: string): Promise<SavedMealList> {
  return { items: (await repo.listSavedMeals(db, userId)).map(toSavedMeal), max: KITCHEN_LIMITS.savedMealsPerUser };
}

export async function getSavedMeal(db: Db, userId: string, id: string): Promise<SavedMeal> {
  const row = await repo.findSavedMeal(db, userId, id);
  if (!row) throw notFound(id);
  return toSavedMeal(row);
}

export async function createSavedMeal(db: Db, userId: string, input: z.output<typeof savedMealInputSchema>): Promise<SavedMeal> {
  const ctx = await entries.loadContext(db, userId);
  const items = storedItems(input.items, ctx, input.locale);
  const row = await db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    if ((await repo.countSavedMeals(tx, userId)) >= KITCHEN_LIMITS.savedMealsPerUser) throw new AppError('LIMIT_EXCEEDED', KITCHEN_MESSAGES.savedMealsFull);
    return repo.insertSavedMeal(tx, userId, input.name, items);
  });
  return toSavedMeal(row);
}

export async function updateSavedMeal(db: Db, userId: string, id: string, patch: z.output<typeof savedMealPatchSchema>): Promise<SavedMeal> {
  const ctx = await entries.loadContext(db, userId);
  const items = patch.items ? storedItems(patch.items, ctx, patch.locale) : undefined;
  const row = await repo.updateSavedMeal(db, userId, id, { name: patch.name, items });
  if (!row) throw notFound(id);
  return toSavedMeal(row);
}

export async function deleteSavedMeal(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deleteSavedMeal(db, userId, id))) throw notFound(id);
}

/**
 * Logs every food of a saved meal in one statement, so all of them are logged or none. Table foods follow the table as
 * it is now (a name of the table in the language of the log; a name the user gave kept); the foods keep their order,
 * a millisecond apart.
 */
export async function logSavedMeal(db: Db, userId: string, id: string, input: z.output<typeof logSavedMealInputSchema>, now = new Date()): Promise<CopyResult> {
  const ctx = await entries.loadContext(db, userId);
  const meal = await repo.findSavedMeal(db, userId, id);
  if (!meal) throw notFound(id);
  const start = input.eatenAt ? new Date(input.eatenAt) : now;
  const values = meal.items.map((item, i) => {
    const fromTable = item.foodId !== null && item.grams !== null;
    const entry = fromTable
      ? { foodId: item.foodId, grams: item.grams, servingSize: item.servingSize, ...(tableName(item) ? {} : { foodName: item.foodName }) }
      : { foodName: item.foodName, grams: item.grams, servingSize: item.servingSize, calories: item.calories, protein: item.protein, carbs: item.carbs, fat: item.fat, fibre: item.fibre };
    return newEntryValues({ ...entry, mealType: input.mealType, eatenAt: new Date(start.getTime() + i).toISOString(), locale: input.locale } as ParsedEntryInput, ctx, now);
  });
  const rows = await entries.insertEntries(db, userId, values);
  return { items: rows.map((r) => toEntry(r, ctx.timezone)), count: rows.length };
}
