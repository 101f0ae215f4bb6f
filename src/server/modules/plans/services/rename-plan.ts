import { checkAccess } from '#core/billing/entitlements';
import type { SavedFitnessPlan } from '#core/plans/api-schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import { requireAccess } from '#server/lib/require-access';
import * as repo from '../plans.repo';
import { readerDetail, subscriptionOf } from './plan-access';
import { toSavedPlan } from './present';

/**
 * Renaming needs basic or pro (DESIGN decision 2). The plan is looked up first: another user's plan is a 404 for
 * every tier, never a 403 that would tell it exists.
 */
export async function renamePlan(db: Db, user: UserRow, id: string, planName: string, now: Date = new Date()): Promise<SavedFitnessPlan> {
  if (!(await repo.planExists(db, user.id, id))) throw AppError.notFound('Plan', id);
  requireAccess(checkAccess(subscriptionOf(user), { feature: 'plan_rename' }, now));
  const row = await repo.renamePlan(db, user.id, id, planName);
  if (!row) throw AppError.notFound('Plan', id);
  return toSavedPlan(row, readerDetail(user, now));
}
