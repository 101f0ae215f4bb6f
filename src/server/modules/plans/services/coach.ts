import { alternativesFor, canReplace, COACH_MESSAGES, originalOf, type Alternatives, type PlanSwaps } from '#core/coach';
import type { Locale } from '#core/common/schemas';
import { exerciseItem } from '#core/plans/exercise-search';
import { exerciseById, type Equipment } from '#core/plans/exercises';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../plans.repo';

/** GET /api/exercises/{id}/alternatives: for the equipment given, else the equipment in the user's profile. */
export async function listAlternatives(db: Db, userId: string, exerciseId: string, equipment: Equipment[] | undefined, locale: Locale): Promise<Alternatives> {
  const exercise = exerciseById(exerciseId);
  if (!exercise) throw AppError.notFound('Exercise', exerciseId);
  const owned = equipment ?? [...(await repo.equipmentOf(db, userId))];
  return { exerciseId, equipment: owned, items: alternativesFor(exercise, owned).map((e) => exerciseItem(e, locale)) };
}

/**
 * Swaps an exercise of the user's plan for the rest of the plan (ADR 028). The exercise may be named by the plan's
 * own id or by what it was swapped for; swapping back to the plan's own exercise undoes the swap. Another user's plan,
 * or an exercise the plan does not have, answers 404; a replacement of another movement, 400.
 */
export async function swapExercise(db: Db, userId: string, planId: string, exerciseId: string, replacementId: string | null): Promise<PlanSwaps> {
  return db.transaction(async (tx) => {
    const plan = await repo.lockOwnPlan(tx, userId, planId);
    if (!plan) throw AppError.notFound('Plan', planId);
    const { swaps } = await repo.coachingOf(tx, planId);
    const original = originalOf(exerciseId, swaps);
    const inPlan = plan.plan.weeks.some((w) => w.days.some((d) => d.exercises.some((p) => p.exerciseId === original)));
    const exercise = exerciseById(original);
    if (!inPlan || !exercise) throw AppError.notFound('Exercise', exerciseId);
    if (replacementId === null || replacementId === original) await repo.deleteSwap(tx, planId, original);
    else {
      const replacement = exerciseById(replacementId);
      if (!replacement || !canReplace(exercise, replacement)) throw AppError.validation([{ field: 'replacementId', message: COACH_MESSAGES.replacement }]);
      await repo.saveSwap(tx, planId, original, replacementId);
    }
    return { planId, swaps: (await repo.coachingOf(tx, planId)).swaps };
  });
}
