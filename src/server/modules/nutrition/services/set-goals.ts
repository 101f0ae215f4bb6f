import { checkAccess } from '#core/billing/entitlements';
import type { Goals, GoalsInput } from '#core/nutrition';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../nutrition.repo';
import { getGoals } from './get-goals';

/** "Customizable nutrition goals" are a basic and pro feature (spec section 6). */
export async function setGoals(db: Db, user: UserRow, input: GoalsInput): Promise<Goals> {
  const access = checkAccess({ tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt }, { feature: 'nutrition_goals' });
  if (!access.allowed) throw new AppError(access.code);
  await repo.upsertGoals(db, user.id, { calories: input.calories, protein: input.protein, carbs: input.carbs, fat: input.fat, fibre: input.fibre ?? null });
  return getGoals(db, user);
}

/** Back to the computed targets. Open to every tier: it only removes what a paid tier once saved. */
export async function resetGoals(db: Db, user: UserRow): Promise<Goals> {
  await repo.deleteGoals(db, user.id);
  return getGoals(db, user);
}
