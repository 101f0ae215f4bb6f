import { pageOf, type Page } from '#core/common/schemas';
import type { FitnessPlanSummary, ListFitnessPlansQuery } from '#core/plans/api-schemas';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import * as repo from '../plans.repo';
import { readerDetail } from './plan-access';
import { toSummary } from './present';

export async function listPlans(db: Db, user: UserRow, query: ListFitnessPlansQuery, now: Date = new Date()): Promise<Page<FitnessPlanSummary>> {
  const { rows, total } = await repo.listPlans(db, user.id, query, { limit: query.limit, offset: (query.page - 1) * query.limit });
  const detail = readerDetail(user, now);
  return pageOf(
    rows.map((row) => toSummary(row, detail, query.locale)),
    total,
    query,
  );
}
