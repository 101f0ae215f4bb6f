import { NUTRITION_LIMITS, type CopyEntriesInput, type CopyResult } from '#core/nutrition';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { localDateOf } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../nutrition.repo';
import { dayRange } from './day-range';
import { toEntry } from './present';

/**
 * Logs a day's meal (or the whole day, without `mealType`) again on another day, at the same times of day. A time
 * still to come today becomes now: the log holds what was eaten, not what is planned.
 */
export async function copyEntries(db: Db, userId: string, input: CopyEntriesInput, now = new Date()): Promise<CopyResult> {
  const ctx = await repo.loadContext(db, userId);
  if (input.toDate > localDateOf(now, ctx.timezone)) throw AppError.validation([{ field: 'toDate', message: M.copyToFuture }]);
  const source = dayRange(input.fromDate, input.fromDate, ctx.timezone);
  const target = dayRange(input.toDate, input.toDate, ctx.timezone);
  const rows = await db.transaction(async (tx) => {
    const entries = await repo.entriesBetween(tx, userId, source, input.mealType, NUTRITION_LIMITS.copyMax);
    if (entries.length === 0) throw new AppError('OPERATION_NOT_ALLOWED', M.nothingToCopy);
    const lastInstant = Math.min(now.getTime(), target.to.getTime() - 1);
    return repo.insertEntries(
      tx,
      userId,
      entries.map((e) => ({
        foodName: e.foodName,
        foodId: e.foodId,
        grams: e.grams,
        servingSize: e.servingSize,
        calories: e.calories,
        protein: e.protein,
        carbs: e.carbs,
        fat: e.fat,
        fibre: e.fibre,
        mealType: e.mealType,
        eatenAt: new Date(Math.min(target.from.getTime() + (e.eatenAt.getTime() - source.from.getTime()), lastInstant)),
        source: e.source,
        // The photo stays with the meal it was taken of: deleting one entry must not take another's photo.
        photoKey: null,
      })),
    );
  });
  return { items: rows.map((r) => toEntry(r, ctx.timezone)), count: rows.length };
}
