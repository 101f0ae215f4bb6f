import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../plans.repo';

/** The month's generation count is kept: deleting a plan does not give a generation back. */
export async function deletePlan(db: Db, userId: string, id: string): Promise<void> {
  if (!(await repo.deletePlan(db, userId, id))) throw AppError.notFound('Plan', id);
}
