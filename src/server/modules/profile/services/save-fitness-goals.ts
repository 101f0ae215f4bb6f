import { checkAccess, type SubscriptionSnapshot } from '#core/billing/entitlements';
import { LOCKED_CHOICE_MESSAGE } from '#core/billing/messages';
import type { FieldError } from '#core/errors/catalogue';
import type { FitnessGoals } from '#core/profile/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../profile.repo';
import { toFitnessGoals } from './get-profile';

/**
 * PUT /api/me/fitness-goals. The profile keeps only goals and equipment the tier may choose, as the plan generator
 * does (DESIGN decision 2): a locked value is a 403 SUBSCRIPTION_REQUIRED naming it (`goals.1`), and nothing is saved.
 */
export async function saveFitnessGoals(db: Db, user: UserRow, input: Partial<FitnessGoals>, now: Date = new Date()): Promise<FitnessGoals> {
  const sub: SubscriptionSnapshot = { tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt };
  const details: FieldError[] = [];
  const mark = (field: 'goals' | 'equipment', values: readonly string[], notAllowed: readonly string[] = []) =>
    values.forEach((v, i) => {
      if (notAllowed.includes(v)) details.push({ field: `${field}.${i}`, message: LOCKED_CHOICE_MESSAGE });
    });
  if (input.goals) {
    const access = checkAccess(sub, { feature: 'plan_goals', goals: input.goals }, now);
    if (!access.allowed) mark('goals', input.goals, access.notAllowed);
  }
  if (input.equipment) {
    const access = checkAccess(sub, { feature: 'plan_equipment', equipment: input.equipment }, now);
    if (!access.allowed) mark('equipment', input.equipment, access.notAllowed);
  }
  if (details.length > 0) throw new AppError('SUBSCRIPTION_REQUIRED', undefined, { details });
  return toFitnessGoals(await repo.upsertFitnessGoals(db, user.id, input));
}
