import { pageOf, type Page } from '../../../../core/common/schemas';
import type { ListPlansQuery, SavedPlanSummary } from '../../../../core/plans/api-schemas';
import type { Db } from '../../../db/client';
import * as repo from '../plans.repo';
import { toSummary } from './present';

export async function listPlans(db: Db, userId: string, query: ListPlansQuery): Promise<Page<SavedPlanSummary>> {
  const { rows, total } = await repo.listPlans(db, userId, query, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(rows.map(toSummary), total, query);
}
