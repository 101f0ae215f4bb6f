import type { Locale } from '#core/common/schemas';
import type { FitnessPlanWeekAnswer, SavedFitnessPlan } from '#core/plans/api-schemas';
import { generatePlan } from '#core/plans/engine';
import { exercisesOf } from '#core/plans/exercise-search';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../plans.repo';
import { readerDetail } from './plan-access';
import { toSavedPlan } from './present';

/** Another user's plan is not found, exactly like one that never existed. */
export async function getPlan(db: Db, user: UserRow, id: string, locale?: Locale, now: Date = new Date()): Promise<SavedFitnessPlan> {
  const row = await repo.findPlan(db, user.id, id);
  if (!row) throw AppError.notFound('Plan', id);
  const detail = readerDetail(user, now);
  const [full, coaching] = await Promise.all([detail === 'full' ? completed(db, row) : row, repo.coachingOf(db, row.id)]);
  return toSavedPlan(full, detail, locale, coaching);
}

/**
 * One week of the plan exactly as the whole plan shows it to this reader: a week their tier shows as a summary comes
 * as one (DESIGN decision 2). A week the plan does not have is not found.
 */
export async function getPlanWeek(db: Db, user: UserRow, id: string, weekNumber: number, locale?: Locale, now: Date = new Date()): Promise<FitnessPlanWeekAnswer> {
  const saved = await getPlan(db, user, id, locale, now);
  const week = saved.plan.weeks.find((w) => w.weekNumber === weekNumber);
  if (!week) throw AppError.notFound('Week', String(weekNumber));
  return {
    planId: saved.id,
    detail: saved.detail,
    locale: saved.locale,
    week,
    exercises: exercisesOf([week], saved.locale),
    swaps: saved.swaps,
    adaptations: saved.adaptations.filter((a) => a.weekNumber === weekNumber),
  };
}

/**
 * Plans made on the free tier used to be stored as a summary after week 1. The engine rebuilds the whole plan from
 * its seed (the same exercises, ADR 010) the first time a paying reader opens one, and keeps it. A summary written
 * by an LLM has no seed and stays as it is.
 */
async function completed(db: Db, row: repo.PlanRow): Promise<repo.PlanRow> {
  if (row.detail === 'full' || row.plan.seed === null) return row;
  const plan = { ...generatePlan(row.input, { seed: row.plan.seed, locale: row.locale }), title: row.title };
  return (await repo.replacePlanDocument(db, row.userId, row.id, plan)) ?? row;
}
