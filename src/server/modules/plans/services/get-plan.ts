import type { Locale } from '#core/common/schemas';
import type { FitnessPlanOutline, FitnessPlanWeekAnswer, SavedFitnessPlan } from '#core/plans/api-schemas';
import { generatePlan } from '#core/plans/engine';
import { exercisesOf } from '#core/plans/exercise-search';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../plans.repo';
import { readerDetail } from './plan-access';
import { toOutline, toShownPlan, withExercises, type ShownPlan } from './present';

/** Another user's plan is not found, exactly like one that never existed. */
export async function getPlan(db: Db, user: UserRow, id: string, locale?: Locale, now: Date = new Date()): Promise<SavedFitnessPlan> {
  return withExercises(await shownPlan(db, user, id, locale, now));
}

/** What a plan page shows above the weeks and each week's days, without exercises (ADR 038). */
export async function getPlanOutline(db: Db, user: UserRow, id: string, locale?: Locale, now: Date = new Date()): Promise<FitnessPlanOutline> {
  return toOutline(await shownPlan(db, user, id, locale, now));
}

/**
 * One week of the plan exactly as the whole plan shows it to this reader: a week their tier shows as a summary comes
 * as one (DESIGN decision 2). A week the plan does not have is not found.
 */
export async function getPlanWeek(db: Db, user: UserRow, id: string, weekNumber: number, locale?: Locale, now: Date = new Date()): Promise<FitnessPlanWeekAnswer> {
  const shown = await shownPlan(db, user, id, locale, now, weekNumber);
  const week = shown.plan.weeks.find((w) => w.weekNumber === weekNumber);
  if (!week) throw AppError.notFound('Week', String(weekNumber));
  return {
    planId: shown.id,
    detail: shown.detail,
    locale: shown.locale,
    week,
    exercises: exercisesOf([week], shown.locale),
    swaps: shown.swaps,
    adaptations: shown.adaptations.filter((a) => a.weekNumber === weekNumber),
  };
}

/**
 * The plan as its reader sees it (with `week`, read for that week: the other weeks may be left out); another user's
 * plan is not found, exactly like one that never existed.
 */
async function shownPlan(db: Db, user: UserRow, id: string, locale: Locale | undefined, now: Date, week?: number): Promise<ShownPlan> {
  const found = await repo.findPlanWithCoaching(db, user.id, id, week);
  if (!found) throw AppError.notFound('Plan', id);
  const detail = readerDetail(user, now);
  return toShownPlan(detail === 'full' ? await completed(db, found.row) : found.row, detail, locale, found.coaching);
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
