import { addDays, startOfLocalDay } from '#core/workouts';

/** The instants of a user's calendar day (or days, both included): from its first instant to the next day's. */
export function dayRange(from: string, to: string, timezone: string): { from: Date; to: Date } {
  return { from: new Date(startOfLocalDay(from, timezone)), to: new Date(startOfLocalDay(addDays(to, 1), timezone)) };
}
