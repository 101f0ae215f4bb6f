import type { Workout } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';
import { toWorkout } from './present';

/** Another user's workout is "not found", the same as one that never existed. */
export async function getWorkout(db: Db, userId: string, id: string): Promise<Workout> {
  const found = await repo.findWorkout(db, userId, id);
  if (!found) throw AppError.notFound('Workout', id);
  return toWorkout(found.row, found.exercises);
}
