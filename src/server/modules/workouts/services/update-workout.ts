import { applyWorkoutPatch, caloriesBurned, draftToInput, toWorkoutDraft, workoutInputSchema, type Workout, type WorkoutPatch } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError, fieldErrors } from '#server/lib/app-error';
import * as repo from '../workouts.repo';
import { metOf, unknownExerciseErrors } from './exercise-library';
import { toDraft, toWorkout } from './present';
import { adaptPlanAfter } from './adapt-plan';
import { requireOwnPlan } from './require-own-plan';
import { updateSummary } from './summary';

export async function updateWorkout(db: Db, userId: string, id: string, patch: WorkoutPatch): Promise<Workout> {
  const [saved, ctx] = await Promise.all([repo.findWorkout(db, userId, id), repo.loadUserContext(db, userId)]);
  if (!saved) throw AppError.notFound('Workout', id);
  // The patched workout must be valid as a whole: a new start may not contradict the saved end, and so on.
  const parsed = workoutInputSchema.safeParse(applyWorkoutPatch(draftToInput(toDraft(saved.row, saved.exercises)), patch));
  if (!parsed.success) throw AppError.validation(fieldErrors(parsed.error.issues));
  // Saved exercises were checked when logged; only a new list is checked against the library.
  const unknown = patch.exercises ? unknownExerciseErrors(parsed.data.exercises) : [];
  if (unknown.length) throw AppError.validation(unknown);
  const draft = toWorkoutDraft(parsed.data);
  // The body weight of the day it was logged, so editing a note does not rewrite history with today's weight.
  const calories = caloriesBurned({ ...draft, bodyWeightKg: saved.row.bodyWeightKg }, metOf);
  const row = await db.transaction(async (tx) => {
    await requireOwnPlan(tx, userId, draft.planId);
    const summary = await repo.lockSummary(tx, userId);
    const replaced = await repo.replaceWorkout(tx, userId, id, draft, calories);
    if (!replaced) throw AppError.notFound('Workout', id);
    await adaptPlanAfter(tx, userId, draft);
    await updateSummary(tx, userId, ctx.timezone, summary, { before: replaced.before, after: replaced.row });
    return replaced.row;
  });
  return toWorkout(row, draft.exercises);
}
