import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';
import { refreshSummary } from './refresh-summary';

export async function deleteWorkout(db: Db, userId: string, id: string): Promise<void> {
  const ctx = await repo.loadUserContext(db, userId);
  await db.transaction(async (tx) => {
    await repo.lockSummary(tx, userId);
    if (!(await repo.deleteWorkout(tx, userId, id))) throw AppError.notFound('Workout', id);
    await refreshSummary(tx, userId, ctx.timezone);
  });
}
