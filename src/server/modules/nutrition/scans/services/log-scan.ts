import type { Entry } from '#core/nutrition';
import { isFieldError, roundNutrients, servingLabel, tableAmount } from '#core/nutrition';
import { foodById } from '#core/nutrition/foods';
import type { LogScanInput, LogScanItem } from '#core/nutrition/scans/schemas';
import { SCAN_MESSAGES } from '#core/nutrition/scans/messages';
import type { Locale } from '#core/common/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as nutritionRepo from '#server/modules/nutrition/nutrition.repo';
import { toEntry } from '#server/modules/nutrition/services/present';
import * as repo from '../scans.repo';

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * POST /api/nutrition/scans/:id/log: the corrected draft becomes entries of one meal, all or none, each carrying the
 * scan's photo when one was kept. A scan is logged once.
 */
export async function logScan(db: Db, userId: string, scanId: string, input: LogScanInput, now: Date = new Date()): Promise<Entry[]> {
  const ctx = await nutritionRepo.loadContext(db, userId);
  const eatenAt = input.eatenAt ? new Date(input.eatenAt) : now;
  return db.transaction(async (tx) => {
    const scan = await repo.findScanForUpdate(tx, userId, scanId);
    if (!scan) throw AppError.notFound('Scan', scanId);
    if (scan.loggedAt) throw new AppError('OPERATION_NOT_ALLOWED', SCAN_MESSAGES.alreadyLogged);
    const values = input.items.map((item, i) => ({
      ...entryValues(item, ctx.locale as Locale, i),
      mealType: input.mealType,
      eatenAt,
      source: 'scan' as const,
      photoKey: scan.photoKey,
    }));
    const rows = await nutritionRepo.insertEntries(tx, userId, values);
    await repo.markLogged(tx, userId, scanId, now);
    return rows.map((row) => toEntry(row, ctx.timezone));
  });
}

/**
 * An item that still has a table food's numbers for its grams stays linked to the food (its fibre comes along);
 * one the user changed is stored as typed.
 */
function entryValues(item: LogScanItem, locale: Locale, index: number) {
  const food = item.foodId ? foodById(item.foodId) : undefined;
  const table = food ? tableAmount(food, { grams: item.grams }, locale) : undefined;
  if (table && isFieldError(table)) throw AppError.validation([{ field: `items.${index}.${table.field}`, message: table.message }]);
  const same = (a: number | null | undefined, b: number) => a == null || Math.abs(a - b) <= 0.1;
  if (
    food &&
    table &&
    Math.round(item.calories) === table.nutrients.calories &&
    same(item.protein, table.nutrients.protein) &&
    same(item.carbs, table.nutrients.carbs) &&
    same(item.fat, table.nutrients.fat)
  ) {
    return { foodName: item.name, foodId: food.id, grams: table.grams, servingSize: table.servingSize, ...table.nutrients };
  }
  const grams = round1(item.grams);
  return {
    foodName: item.name,
    foodId: null,
    grams,
    servingSize: servingLabel(grams),
    ...roundNutrients({ calories: item.calories, protein: item.protein, carbs: item.carbs, fat: item.fat, fibre: null }),
  };
}
