import { daySummary, type Summary, type SummaryQuery } from '#core/nutrition';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { localDateOf } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../nutrition.repo';
import { dayRange } from './day-range';
import { resolveGoals } from './resolve-goals';

/** A day of the user's (today where they live, unless `date` says an earlier one) against their targets, and its workouts. */
export async function getSummary(db: Db, user: UserRow, query: SummaryQuery, now = new Date()): Promise<Summary> {
  const ctx = await repo.loadContext(db, user.id);
  const today = localDateOf(now, ctx.timezone);
  if (query.date && query.date > today) throw AppError.validation([{ field: 'date', message: M.dateInFuture }]);
  const date = query.date ?? today;
  const range = dayRange(date, date, ctx.timezone);
  const [rows, exercise] = await Promise.all([repo.totalsByMeal(db, user.id, range.from, range.to), repo.exerciseBetween(db, user.id, range.from, range.to)]);
  const goals = resolveGoals(ctx, user, now);
  const summary = daySummary({
    date,
    timezone: ctx.timezone,
    rows,
    goals: { calories: goals.calories, protein: goals.protein, carbs: goals.carbs, fat: goals.fat, fibre: goals.fibre },
    goalSource: goals.source,
  });
  return { ...summary, exercise };
}
