import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../scans.repo';

/** A draft never logged keeps its photo this long, in case the user comes back to it. */
export const UNLOGGED_PHOTO_TTL_MS = 24 * 3_600_000;

const userFolder = (userId: string) => `scans/${userId}`;
export const photoKeyFor = (userId: string, scanId: string) => `${userFolder(userId)}/${scanId}.jpg`;

/** GET /api/nutrition/entries/:id/photo: the owner's own photo only; anyone else's entry is "not found". */
export async function entryPhoto(db: Db, storage: PhotoStorage, userId: string, entryId: string): Promise<Buffer> {
  const key = await repo.entryPhotoKey(db, userId, entryId);
  const bytes = key ? await storage.get(key) : null;
  if (!bytes) throw AppError.notFound('Photo');
  return bytes;
}

/** After entries are deleted: their photos go too, unless another entry of the same meal still shows them. */
export async function releasePhotos(db: Db, storage: PhotoStorage, keys: readonly (string | null | undefined)[]): Promise<void> {
  const unused = await repo.unusedPhotoKeys(db, [...new Set(keys.filter((k): k is string => Boolean(k)))]);
  for (const key of unused) await storage.delete(key);
  await repo.forgetPhotos(db, unused);
}

/** After the account is deleted (its rows go by cascade): every photo of the user. */
export async function deleteUserPhotos(storage: PhotoStorage, userId: string): Promise<void> {
  await storage.deletePrefix(userFolder(userId));
}

/** The scheduled clean-up: photos of drafts left unlogged, and of meals whose entries are all gone. */
export async function sweepOrphanPhotos(db: Db, storage: PhotoStorage, now: Date = new Date()): Promise<{ removed: number }> {
  const keys = await repo.orphanPhotoKeys(db, new Date(now.getTime() - UNLOGGED_PHOTO_TTL_MS), 500);
  for (const key of keys) await storage.delete(key);
  await repo.forgetPhotos(db, keys);
  return { removed: keys.length };
}
