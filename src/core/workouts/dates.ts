import { isIsoDate } from '#core/common/date-range';

/**
 * Calendar days in a user's own time zone. A workout belongs to the day its start falls on where the user lives
 * (preferences.timezone), so "did I train today" flips at the user's midnight, not at UTC's.
 *
 * Day arithmetic works on 'YYYY-MM-DD' strings through UTC day numbers, never on local clock times: adding a day
 * across a DST change must not land on 23:00 of the same day. Only the step from an instant to a day (and back)
 * needs the zone, and that goes through Intl, so the rules are the runtime's tz database.
 */

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;

const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl.DateTimeFormat costs far more than using one; a stats request converts hundreds of instants.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const EN_US = /^(\d{2})\/(\d{2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/;

function wallClock(instant: number, timeZone: string): WallClock {
  const f = formatter(timeZone);
  // format() is about three times faster than formatToParts(), and a stats request converts every workout.
  const m = EN_US.exec(f.format(instant));
  if (m) return { month: Number(m[1]), day: Number(m[2]), year: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6]) };
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of f.formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof WallClock] = Number(part.value);
  }
  return out;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** True for a real calendar date written 'YYYY-MM-DD' (so '2026-02-30' is false). */
export const isLocalDate = isIsoDate;

function toInstant(instant: Date | number | string): number {
  return typeof instant === 'number' ? instant : new Date(instant).getTime();
}

/** The calendar date an instant falls on in a time zone. */
export function localDateOf(instant: Date | number | string, timeZone: string): LocalDate {
  const c = wallClock(toInstant(instant), timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (+08:00 → 28 800 000). */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a calendar day in a time zone. Usually local midnight; where a DST change skips midnight
 * (clocks jump from 23:59:59 to 01:00) it is the first instant that exists, and where midnight happens twice it is
 * the earlier one.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const utcMidnight = dayNumber(date) * DAY_MS;
  let guess = utcMidnight - offsetAt(utcMidnight, timeZone);
  guess = utcMidnight - offsetAt(guess, timeZone);
  if (localDateOf(guess, timeZone) === date && localDateOf(guess - 1, timeZone) < date) return guess;
  // Offsets never exceed ±14 h (±15 h with historical local mean times), so the day starts inside this window.
  let lo = utcMidnight - 16 * 3_600_000;
  let hi = utcMidnight + 16 * 3_600_000;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDateOf(mid, timeZone) >= date) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Days since 1970-01-01 (negative before). */
export function dayNumber(date: LocalDate): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

export function fromDayNumber(n: number): LocalDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  const utcDay = new Date(dayNumber(date) * DAY_MS).getUTCDay();
  return utcDay === 0 ? 7 : utcDay;
}

/** The Monday of the ISO week a date is in. */
export function weekStart(date: LocalDate): LocalDate {
  return addDays(date, 1 - isoWeekday(date));
}

/** 'YYYY-MM'. */
export function monthOf(date: LocalDate): string {
  return date.slice(0, 7);
}

/** The month before or after: addMonths('2026-01', -1) = '2025-12'. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** Every date from `from` to `to`, both included (empty when `to` is earlier). */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const out: LocalDate[] = [];
  for (let n = dayNumber(from), end = dayNumber(to); n <= end; n++) out.push(fromDayNumber(n));
  return out;
}
