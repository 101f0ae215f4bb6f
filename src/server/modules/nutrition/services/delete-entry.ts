import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../nutrition.repo';

/** Returns the deleted row, so what hangs off it (a meal photo) can go too. */
export async function deleteEntry(db: Db, userId: string, id: string): Promise<repo.EntryRow> {
  const row = await repo.deleteEntry(db, userId, id);
  if (!row) throw AppError.notFound('Nutrition entry', id);
  return row;
}
