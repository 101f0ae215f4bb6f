import { pageOf, type Page } from '#core/common/schemas';
import { futureEndDateError } from '#core/common/date-range';
import { addDays, localDateOf, startOfLocalDay, type ListWorkoutsQuery, type Workout } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';
import { toWorkout } from './present';

/**
 * The range's dates are the user's days: from the start of startDate to the end of endDate where they live. Without
 * dates (the history's pages) the time zone is not needed, nor read.
 */
export async function listWorkouts(db: Db, userId: string, query: ListWorkoutsQuery): Promise<Page<Workout>> {
  const range = query.startDate || query.endDate ? await rangeOf(db, userId, query) : { from: null, to: null };
  const { rows, total } = await repo.listWorkouts(db, userId, range, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return pageOf(
    rows.map((r) => toWorkout(r.row, r.exercises)),
    total,
    query,
  );
}

async function rangeOf(db: Db, userId: string, query: ListWorkoutsQuery) {
  const { timezone } = await repo.loadUserContext(db, userId);
  const future = futureEndDateError(query.endDate, localDateOf(Date.now(), timezone));
  if (future) throw AppError.validation([future]);
  return {
    from: query.startDate ? new Date(startOfLocalDay(query.startDate, timezone)) : null,
    to: query.endDate ? new Date(startOfLocalDay(addDays(query.endDate, 1), timezone)) : null,
  };
}
