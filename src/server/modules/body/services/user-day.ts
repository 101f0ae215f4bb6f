import { BODY_MESSAGES } from '#core/body/messages';
import { localDateOf } from '#core/workouts/dates';
import { AppError } from '#server/lib/app-error';
import { type Tx, timezoneOf } from '../body.repo';

/** The user's zone and today there: a day after it is "in the future", wherever the server's clock is. */
export async function userToday(db: Tx, userId: string, now: Date): Promise<{ timezone: string; today: string }> {
  const timezone = await timezoneOf(db, userId);
  return { timezone, today: localDateOf(now, timezone) };
}

export function notAfter(date: string, today: string): void {
  if (date > today) throw AppError.validation([{ field: 'date', message: BODY_MESSAGES.dateInFuture }]);
}
