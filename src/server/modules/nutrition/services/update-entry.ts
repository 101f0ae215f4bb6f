import type { Entry, ParsedEntryPatch } from '#core/nutrition';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../nutrition.repo';
import { patchedEntryValues } from './entry-values';
import { toEntry } from './present';

export async function updateEntry(db: Db, userId: string, id: string, patch: ParsedEntryPatch): Promise<Entry> {
  const [saved, ctx] = await Promise.all([repo.findEntry(db, userId, id), repo.loadContext(db, userId)]);
  if (!saved) throw AppError.notFound('Nutrition entry', id);
  const row = await repo.updateEntry(db, userId, id, patchedEntryValues(saved, patch, ctx));
  // Deleted between the read and the write.
  if (!row) throw AppError.notFound('Nutrition entry', id);
  return toEntry(row, ctx.timezone);
}
