import { pageOf, type Locale, type Page, type Pagination } from '#core/common/schemas';
import type { NutritionPlanSummary, SavedNutritionPlan } from '#core/nutrition/plans/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../nutrition-plans.repo';
import { toSaved, toSummary } from './present';

/** With `locale`, each plan reads in that language (ADR 014); without, in the one it was made in. */
export async function listNutritionPlans(db: Db, userId: string, query: Pagination & { locale?: Locale }): Promise<Page<NutritionPlanSummary>> {
  const { rows, total } = await repo.listPlans(db, userId, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(
    rows.map((row) => toSummary(row, query.locale)),
    total,
    query,
  );
}

/** Another user's plan is not found, like a missing one. */
export async function getNutritionPlan(db: Db, userId: string, id: string, locale?: Locale): Promise<SavedNutritionPlan> {
  const row = await repo.findPlan(db, userId, id);
  if (!row) throw AppError.notFound('Nutrition plan', id);
  return toSaved(row, locale);
}

export async function deleteNutritionPlan(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deletePlan(db, userId, id))) throw AppError.notFound('Nutrition plan', id);
}
