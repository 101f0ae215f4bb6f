import { z } from 'zod';
import type { FieldError } from '#core/errors/catalogue';
import { DATE_RANGE_MESSAGES } from './messages';

/** A real calendar date written 'YYYY-MM-DD' ('2026-02-30' is not). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Query fields `startDate` and `endDate`: calendar dates, both optional, both included in the range. */
export const dateRangeShape = {
  startDate: z.string({ message: DATE_RANGE_MESSAGES.start }).refine(isIsoDate, DATE_RANGE_MESSAGES.start).optional(),
  endDate: z.string({ message: DATE_RANGE_MESSAGES.end }).refine(isIsoDate, DATE_RANGE_MESSAGES.end).optional(),
};

/** For `.superRefine` on an object holding `dateRangeShape`. */
export function checkDateOrder(value: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx): void {
  if (value.startDate && value.endDate && isIsoDate(value.startDate) && isIsoDate(value.endDate) && value.startDate > value.endDate) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: DATE_RANGE_MESSAGES.order });
  }
}

/**
 * "In the future" depends on whose today it is: the caller passes the user's own date, so someone in Auckland may ask
 * for their today while it is still yesterday in UTC. That is why this is not part of the schema.
 */
export function futureEndDateError(endDate: string | undefined, today: string): FieldError | null {
  return endDate && endDate > today ? { field: 'endDate', message: DATE_RANGE_MESSAGES.future } : null;
}
