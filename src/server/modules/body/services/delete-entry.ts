import { BODY_MESSAGES } from '#core/body/messages';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../body.repo';

/** DELETE /api/body/entries/{date}: the day and its photos; the profile's weight goes back to the latest weigh-in left. */
export async function deleteEntry(db: Db, storage: PhotoStorage, userId: string, date: string): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const found = await repo.deleteEntry(tx, userId, date);
    if (!found) throw new AppError('NOT_FOUND', BODY_MESSAGES.entryNotFound);
    if (found.entry.weightKg !== null) await repo.syncProfileWeight(tx, userId);
    return found;
  });
  for (const key of deleted.photoKeys) await storage.delete(key);
}
