import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';

/**
 * A plan named by a workout or a schedule must be the user's own: another user's id answers 404, as everywhere. The
 * plan stays until the transaction ends, so the reference written in it cannot outlive a deletion racing it.
 */
export async function requireOwnPlan(tx: repo.Tx, userId: string, planId: string | null | undefined): Promise<void> {
  if (planId != null && !(await repo.lockOwnPlan(tx, userId, planId))) throw AppError.notFound('Plan', planId);
}
