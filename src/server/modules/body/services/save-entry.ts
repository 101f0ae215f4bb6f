import type { BodyEntry, ParsedBodyEntryInput } from '#core/body/schemas';
import { BODY_MESSAGES } from '#core/body/messages';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../body.repo';
import { isBlank, toBodyEntry } from './present';
import { notAfter, userToday } from './user-day';

/**
 * PUT /api/body/entries/{date}: the values sent change the day's entry (it is created when the day has none); the
 * latest weigh-in becomes the profile's weight. An entry left with nothing at all is refused, and nothing changes.
 */
export async function saveEntry(db: Db, userId: string, date: string, input: ParsedBodyEntryInput, now = new Date()): Promise<BodyEntry> {
  const { today } = await userToday(db, userId, now);
  notAfter(date, today);
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as repo.BodyValues;
  return db.transaction(async (tx) => {
    const row = await repo.upsertEntry(tx, userId, date, values);
    const photos = await repo.photosBetween(tx, userId, date, date);
    if (photos.length === 0 && isBlank(row)) throw AppError.validation([{ field: 'body', message: BODY_MESSAGES.empty }]);
    if (values.weightKg !== undefined) await repo.syncProfileWeight(tx, userId);
    return toBodyEntry(row, photos);
  });
}
