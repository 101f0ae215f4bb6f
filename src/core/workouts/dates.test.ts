import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, datesBetween, daysBetween, isLocalDate, isoWeekday, localDateOf, monthOf, startOfLocalDay, weekStart } from './dates';

/** Zones with DST in either hemisphere, at midnight, with half- and quarter-hour offsets, and at the date line. */
const ZONES = [
  'UTC',
  'America/New_York',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Berlin',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Shanghai',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Pacific/Auckland',
] as const;

const iso = (ms: number) => new Date(ms).toISOString();

describe('localDateOf', () => {
  it('takes the day where the user is, not in UTC', () => {
    const instant = '2026-03-01T23:30:00Z';
    expect(localDateOf(instant, 'UTC')).toBe('2026-03-01');
    expect(localDateOf(instant, 'Asia/Shanghai')).toBe('2026-03-02');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2026-03-02');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(localDateOf('2026-03-02T07:59:59Z', 'America/Los_Angeles')).toBe('2026-03-01');
    expect(localDateOf('2026-03-02T08:00:00Z', 'America/Los_Angeles')).toBe('2026-03-02');
  });

  it('handles quarter-hour offsets', () => {
    expect(localDateOf('2026-01-01T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-01-01');
    expect(localDateOf('2026-01-01T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-01-02');
  });
});

describe('startOfLocalDay', () => {
  it('is local midnight on ordinary days', () => {
    expect(iso(startOfLocalDay('2026-06-15', 'UTC'))).toBe('2026-06-15T00:00:00.000Z');
    expect(iso(startOfLocalDay('2026-06-15', 'Asia/Shanghai'))).toBe('2026-06-14T16:00:00.000Z');
    expect(iso(startOfLocalDay('2026-06-15', 'America/New_York'))).toBe('2026-06-15T04:00:00.000Z');
  });

  it('uses the offset in force at that midnight on DST change days', () => {
    // New York springs forward at 02:00 on 8 March 2026 and falls back on 1 November: midnight is still EST / EDT.
    expect(iso(startOfLocalDay('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(startOfLocalDay('2026-11-01', 'America/New_York'))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(startOfLocalDay('2026-11-02', 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z');
    // Sydney, southern hemisphere: DST ends 5 April 2026, starts 4 October 2026.
    expect(iso(startOfLocalDay('2026-04-05', 'Australia/Sydney'))).toBe('2026-04-04T13:00:00.000Z');
    expect(iso(startOfLocalDay('2026-04-06', 'Australia/Sydney'))).toBe('2026-04-05T14:00:00.000Z');
  });

  it('is the first instant that exists when DST skips midnight', () => {
    // Chile moves clocks from 24:00 to 01:00 on 6 September 2026: that day begins at 01:00 local.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(localDateOf(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('is the earlier midnight when midnight happens twice', () => {
    // Havana falls back from 01:00 to 00:00 on 1 November 2026.
    const start = startOfLocalDay('2026-11-01', 'America/Havana');
    expect(iso(start)).toBe('2026-11-01T04:00:00.000Z');
    expect(localDateOf(start - 1, 'America/Havana')).toBe('2026-10-31');
  });

  it('property: the day begins exactly at the returned instant, in every zone, on any date', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: dayIndex('2000-01-01'), max: dayIndex('2040-12-31') }), (zone, n) => {
        const date = new Date(n * 86_400_000).toISOString().slice(0, 10);
        const start = startOfLocalDay(date, zone);
        expect(localDateOf(start, zone)).toBe(date);
        expect(localDateOf(start - 1, zone) < date).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('property: every instant lies between the start of its own day and the start of the next', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2040-01-01') }), (zone, t) => {
        const day = localDateOf(t, zone);
        expect(startOfLocalDay(day, zone)).toBeLessThanOrEqual(t);
        expect(startOfLocalDay(addDays(day, 1), zone)).toBeGreaterThan(t);
      }),
      { numRuns: 400 },
    );
  });
});

function dayIndex(date: string) {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

describe('calendar arithmetic', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // DST weekends are ordinary days here: no 23-hour drift.
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-03-09', '2026-03-07')).toBe(-2);
  });

  it('knows weekdays, week starts and months', () => {
    expect(isoWeekday('2026-03-02')).toBe(1); // a Monday
    expect(isoWeekday('2026-03-08')).toBe(7);
    expect(weekStart('2026-03-08')).toBe('2026-03-02');
    expect(weekStart('2026-03-02')).toBe('2026-03-02');
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    expect(monthOf('2026-03-08')).toBe('2026-03');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });

  it('lists the dates of a range', () => {
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('accepts only real dates', () => {
    expect(isLocalDate('2026-02-28')).toBe(true);
    expect(isLocalDate('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '20260101', '2026-01-01T00:00:00Z', '']) expect(isLocalDate(bad), bad).toBe(false);
  });
});
