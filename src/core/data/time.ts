/** Wall-clock times written without a zone (Strong, Hevy, MyFitnessPal) read in the user's time zone. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(instant)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant a wall-clock time (given as if it were UTC) happens in a zone; a time a DST change skips moves forward. */
export function zonedInstant(wallAsUtc: number, timeZone: string): number {
  const whole = Math.floor(wallAsUtc / 1000) * 1000;
  let guess = wallAsUtc - (wallClock(whole, timeZone) - whole);
  guess = wallAsUtc - (wallClock(Math.floor(guess / 1000) * 1000, timeZone) - Math.floor(guess / 1000) * 1000);
  return guess;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * "2023-01-15 08:30:00", "2023-01-15T08:30", "2023-01-15" (midnight), "15 Jan 2023, 08:30" (Hevy), or an ISO time
 * with its zone. Wall-clock times are in `timeZone`. NaN when unreadable.
 */
export function readDateTime(raw: string, timeZone: string): number {
  const v = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (m) {
    const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
    if (!validWall(wall, +m[1], +m[2], +m[3], +(m[4] ?? 0), +(m[5] ?? 0))) return Number.NaN;
    return m[7] ? Date.parse(v.replace(' ', 'T')) : zonedInstant(wall, timeZone);
  }
  m = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (m) {
    const month = MONTHS.indexOf(m[2].toLowerCase()) + 1;
    if (month === 0) return Number.NaN;
    const wall = Date.UTC(+m[3], month - 1, +m[1], +m[4], +m[5], +(m[6] ?? 0));
    if (!validWall(wall, +m[3], month, +m[1], +m[4], +m[5])) return Number.NaN;
    return zonedInstant(wall, timeZone);
  }
  return Number.NaN;
}

function validWall(wall: number, y: number, mo: number, d: number, h: number, mi: number): boolean {
  const t = new Date(wall);
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60;
}

/** "2023-01-15" (or a date and time, of which the day is kept) as a calendar date; null when unreadable. */
export function readDate(raw: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw.trim());
  if (!m) return null;
  const t = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return t.getUTCDate() === +m[3] && t.getUTCMonth() === +m[2] - 1 ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
