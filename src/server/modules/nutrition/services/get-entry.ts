import type { Entry } from '#core/nutrition';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../nutrition.repo';
import { toEntry } from './present';

/** Another user's entry is "not found", the same as one that never existed. */
export async function getEntry(db: Db, userId: string, id: string): Promise<Entry> {
  const [row, ctx] = await Promise.all([repo.findEntry(db, userId, id), repo.loadContext(db, userId)]);
  if (!row) throw AppError.notFound('Nutrition entry', id);
  return toEntry(row, ctx.timezone);
}
