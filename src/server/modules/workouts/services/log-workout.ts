import { caloriesBurned, DEFAULT_BODY_WEIGHT_KG, toWorkoutDraft, type ParsedWorkoutInput, type Workout } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';
import { metOf, unknownExerciseErrors } from './exercise-library';
import { toWorkout } from './present';
import { adaptPlanAfter } from './adapt-plan';
import { requireOwnPlan } from './require-own-plan';
import { updateSummary } from './summary';

export async function logWorkout(db: Db, userId: string, input: ParsedWorkoutInput): Promise<Workout> {
  const unknown = unknownExerciseErrors(input.exercises);
  if (unknown.length) throw AppError.validation(unknown);
  const ctx = await repo.loadUserContext(db, userId);
  const draft = toWorkoutDraft(input);
  const bodyWeightKg = ctx.weightKg ?? DEFAULT_BODY_WEIGHT_KG;
  const calories = caloriesBurned({ ...draft, bodyWeightKg }, metOf);
  const row = await db.transaction(async (tx) => {
    await requireOwnPlan(tx, userId, draft.planId);
    const summary = await repo.lockSummary(tx, userId);
    const inserted = await repo.insertWorkout(tx, userId, draft, { caloriesBurned: calories, bodyWeightKg });
    await adaptPlanAfter(tx, userId, draft);
    await updateSummary(tx, userId, ctx.timezone, summary, { after: inserted });
    return inserted;
  });
  return toWorkout(row, draft.exercises);
}
