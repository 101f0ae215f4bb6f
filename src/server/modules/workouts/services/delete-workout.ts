import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';
import { updateSummary } from './summary';

export async function deleteWorkout(db: Db, userId: string, id: string): Promise<void> {
  const ctx = await repo.loadUserContext(db, userId);
  await db.transaction(async (tx) => {
    const summary = await repo.lockSummary(tx, userId);
    const deleted = await repo.deleteWorkout(tx, userId, id);
    if (!deleted) throw AppError.notFound('Workout', id);
    await updateSummary(tx, userId, ctx.timezone, summary, { before: deleted });
  });
}
