import { randomUUID } from 'node:crypto';
import { checkAccess } from '#core/billing/entitlements';
import { BODY_PHOTOS_PER_DAY, type BodyEntry } from '#core/body/schemas';
import { BODY_MESSAGES } from '#core/body/messages';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import { prepareImage } from '#server/lib/images';
import { requireAccess } from '#server/lib/require-access';
import * as repo from '../body.repo';
import { isBlank, toBodyEntry } from './present';
import { notAfter, userToday } from './user-day';

const userFolder = (userId: string) => `body/${userId}`;

/** Progress photos are pro's (the Pro trial included); asked before the upload is read. */
export function admitPhoto(user: UserRow, now = new Date()): void {
  requireAccess(checkAccess({ tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt }, { feature: 'progress_photos' }, now));
}

/**
 * POST /api/body/entries/{date}/photos: the photo, turned upright, shrunk and stripped of its metadata, kept under the
 * day's entry (created when the day has none). The day's row is locked while its photos are counted, so two uploads
 * at once cannot pass the limit; the file is written before the transaction commits, so a failed write keeps no row.
 */
export async function addPhoto(db: Db, storage: PhotoStorage, user: UserRow, date: string, bytes: Uint8Array, now = new Date()): Promise<BodyEntry> {
  admitPhoto(user, now);
  const { today } = await userToday(db, user.id, now);
  notAfter(date, today);
  const image = await prepareImage(bytes);
  const id = randomUUID();
  const photoKey = `${userFolder(user.id)}/${id}.jpg`;
  return db.transaction(async (tx) => {
    await repo.upsertEntry(tx, user.id, date, {});
    const entry = (await repo.lockEntry(tx, user.id, date))!;
    if ((await repo.countPhotos(tx, user.id, date)) >= BODY_PHOTOS_PER_DAY) throw AppError.validation([{ field: 'image', message: BODY_MESSAGES.tooManyPhotos }]);
    await repo.insertPhoto(tx, { id, userId: user.id, date, photoKey });
    await storage.put(photoKey, image.jpeg, 'image/jpeg');
    return toBodyEntry(entry, await repo.photosBetween(tx, user.id, date, date));
  });
}

/** GET /api/body/photos/{id}: the owner's photo only; anyone else's is "not found". */
export async function photoBytes(db: Db, storage: PhotoStorage, userId: string, id: string): Promise<Buffer> {
  const row = await repo.findPhoto(db, userId, id);
  const bytes = row ? await storage.get(row.photoKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', BODY_MESSAGES.photoNotFound);
  return bytes;
}

/** DELETE /api/body/photos/{id}; a day left with nothing else goes with its last photo. */
export async function deletePhoto(db: Db, storage: PhotoStorage, userId: string, id: string): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const photo = await repo.deletePhoto(tx, userId, id);
    if (!photo) throw new AppError('NOT_FOUND', BODY_MESSAGES.photoNotFound);
    const entry = await repo.lockEntry(tx, userId, photo.date);
    if (entry && isBlank(entry) && (await repo.countPhotos(tx, userId, photo.date)) === 0) {
      await repo.deleteEntry(tx, userId, photo.date);
    }
    return photo;
  });
  await storage.delete(row.photoKey);
}

/** After the account is deleted (its rows go by cascade): every progress photo of the user. */
export async function deleteBodyPhotos(storage: PhotoStorage, userId: string): Promise<void> {
  await storage.deletePrefix(userFolder(userId));
}
