import type { SavedPlan } from '../../../../core/plans/api-schemas';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import * as repo from '../plans.repo';
import { toSavedPlan } from './present';

/** Another user's plan is not found, exactly like one that never existed. */
export async function getPlan(db: Db, userId: string, id: string): Promise<SavedPlan> {
  const row = await repo.findPlan(db, userId, id);
  if (!row) throw AppError.notFound('Plan', id);
  return toSavedPlan(row);
}
