import { exerciseById } from '#core/plans/exercises';
import type { ExerciseProgress } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';

/** What the logger shows beside each set: the user's own last session with this exercise, never anyone else's. */
export async function getExerciseProgress(db: Db, userId: string, exerciseId: string): Promise<ExerciseProgress> {
  if (!exerciseById(exerciseId)) throw AppError.notFound('Exercise', exerciseId);
  const last = await repo.lastSessionOf(db, userId, exerciseId);
  return {
    lastSession: last && { performedAt: last.performedAt.toISOString(), sets: last.sets.map((s) => ({ ...s, rpe: null })) },
    suggestion: null,
  };
}
