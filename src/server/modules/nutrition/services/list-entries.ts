import { futureEndDateError } from '#core/common/date-range';
import { pageOf, type Page } from '#core/common/schemas';
import type { Entry, ListEntriesQuery } from '#core/nutrition';
import { addDays, localDateOf, startOfLocalDay } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../nutrition.repo';
import { toEntry } from './present';

/** The range's dates are the user's days: from the start of startDate to the end of endDate where they live. */
export async function listEntries(db: Db, userId: string, query: ListEntriesQuery): Promise<Page<Entry>> {
  const { timezone } = await repo.loadContext(db, userId);
  const future = futureEndDateError(query.endDate, localDateOf(Date.now(), timezone));
  if (future) throw AppError.validation([future]);
  const range = {
    from: query.startDate ? new Date(startOfLocalDay(query.startDate, timezone)) : null,
    to: query.endDate ? new Date(startOfLocalDay(addDays(query.endDate, 1), timezone)) : null,
  };
  const { rows, total } = await repo.listEntries(db, userId, range, query.mealType, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(
    rows.map((r) => toEntry(r, timezone)),
    total,
    query,
  );
}
