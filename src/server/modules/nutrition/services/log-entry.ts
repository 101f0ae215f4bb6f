import type { Entry, ParsedEntryInput } from '#core/nutrition';
import type { Db } from '#server/db/client';
import * as repo from '../nutrition.repo';
import { newEntryValues } from './entry-values';
import { toEntry } from './present';

export async function logEntry(db: Db, userId: string, input: ParsedEntryInput): Promise<Entry> {
  const ctx = await repo.loadContext(db, userId);
  const [row] = await repo.insertEntries(db, userId, [newEntryValues(input, ctx)]);
  return toEntry(row, ctx.timezone);
}
