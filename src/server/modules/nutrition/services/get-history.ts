import { addUp, averageOfLoggedDays, NUTRITION_LIMITS, type History, type HistoryQuery } from '#core/nutrition';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { futureEndDateError } from '#core/common/date-range';
import { DATE_RANGE_MESSAGES } from '#core/common/messages';
import { addDays, datesBetween, daysBetween, localDateOf } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../nutrition.repo';
import { dayRange } from './day-range';
import { resolveGoals } from './resolve-goals';

/** Day totals over a range of the user's days (the 7 ending today by default), for the history chart. */
export async function getHistory(db: Db, user: UserRow, query: HistoryQuery, now = new Date()): Promise<History> {
  const ctx = await repo.loadContext(db, user.id);
  const today = localDateOf(now, ctx.timezone);
  const future = futureEndDateError(query.endDate, today);
  if (future) throw AppError.validation([future]);
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? addDays(endDate, -6);
  if (startDate > endDate) throw AppError.validation([{ field: 'startDate', message: DATE_RANGE_MESSAGES.order }]);
  if (daysBetween(startDate, endDate) + 1 > NUTRITION_LIMITS.historyDays) throw AppError.validation([{ field: 'startDate', message: M.historyRange }]);

  const rows = await repo.nutrientsBetween(db, user.id, dayRange(startDate, endDate, ctx.timezone));
  const byDate = new Map<string, typeof rows>();
  for (const row of rows) {
    const date = localDateOf(row.eatenAt, ctx.timezone);
    let list = byDate.get(date);
    if (!list) byDate.set(date, (list = []));
    list.push(row);
  }
  const days = datesBetween(startDate, endDate).map((date) => ({ date, ...addUp(byDate.get(date) ?? []) }));
  const goals = resolveGoals(ctx, user, now);
  return {
    startDate,
    endDate,
    timezone: ctx.timezone,
    goals: { calories: goals.calories, protein: goals.protein, carbs: goals.carbs, fat: goals.fat, fibre: goals.fibre },
    goalSource: goals.source,
    days,
    average: averageOfLoggedDays(days),
  };
}
