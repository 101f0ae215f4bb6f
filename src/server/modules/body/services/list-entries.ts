import { checkAccess } from '#core/billing/entitlements';
import type { BodyEntries, BodyEntriesQuery } from '#core/body/schemas';
import { TREND_WARM_UP_DAYS, weightTrend } from '#core/body/trend';
import { futureEndDateError } from '#core/common/date-range';
import { DATE_RANGE_MESSAGES } from '#core/common/messages';
import { addDays } from '#core/workouts/dates';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import * as repo from '../body.repo';
import { toBodyEntry } from './present';
import { userToday } from './user-day';

/**
 * GET /api/body/entries: the days of a range (from the first entry, up to today, by default) and the trend weight on
 * each day with a weigh-in, warmed up on the weigh-ins before the range. A day holds at most one entry, so a range
 * holds at most one row per day since 2000: no paging.
 */
export async function listEntries(db: Db, user: UserRow, query: BodyEntriesQuery, now = new Date()): Promise<BodyEntries> {
  const { timezone, today } = await userToday(db, user.id, now);
  const future = futureEndDateError(query.endDate, today);
  if (future) throw AppError.validation([future]);
  const endDate = query.endDate ?? today;
  const startDate = query.startDate ?? null;
  if (startDate !== null && startDate > endDate) throw AppError.validation([{ field: 'startDate', message: DATE_RANGE_MESSAGES.order }]);
  const [rows, weighIns, photos] = await Promise.all([
    repo.entriesBetween(db, user.id, startDate, endDate),
    repo.weighInsBetween(db, user.id, startDate && addDays(startDate, -TREND_WARM_UP_DAYS), endDate),
    repo.photosBetween(db, user.id, startDate, endDate),
  ]);
  return {
    startDate,
    endDate,
    timezone,
    items: rows.map((row) => toBodyEntry(row, photos)),
    trend: weightTrend(weighIns).filter((p) => startDate === null || p.date >= startDate),
    photosAllowed: checkAccess({ tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt }, { feature: 'progress_photos' }, now).allowed,
  };
}
