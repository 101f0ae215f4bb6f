import { describe, expect, it } from 'vitest';
import { prorationCents, prorationMoment } from './proration';

const periodStart = new Date('2026-04-01T00:00:00Z');
const periodEnd = new Date('2026-05-01T00:00:00Z'); // 30 days
const day = (n: number) => new Date(periodStart.getTime() + n * 86_400_000);

describe('proration preview (DESIGN decision 6)', () => {
  it('charges the price difference for the part of the period still ahead', () => {
    expect(prorationCents({ fromCents: 999, toCents: 1999, periodStart, periodEnd, at: day(0) })).toBe(1000);
    expect(prorationCents({ fromCents: 999, toCents: 1999, periodStart, periodEnd, at: day(15) })).toBe(500);
    expect(prorationCents({ fromCents: 999, toCents: 1999, periodStart, periodEnd, at: day(20) })).toBe(333);
  });

  it('credits a downgrade', () => {
    expect(prorationCents({ fromCents: 1999, toCents: 999, periodStart, periodEnd, at: day(15) })).toBe(-500);
  });

  it('is nothing at or after the period end, and the full difference before its start', () => {
    expect(prorationCents({ fromCents: 999, toCents: 1999, periodStart, periodEnd, at: day(30) })).toBe(0);
    expect(prorationCents({ fromCents: 1999, toCents: 999, periodStart, periodEnd, at: day(31) })).toBe(0);
    expect(prorationCents({ fromCents: 999, toCents: 1999, periodStart, periodEnd, at: day(-2) })).toBe(1000);
    expect(prorationCents({ fromCents: 999, toCents: 1999, periodStart, periodEnd: periodStart, at: day(0) })).toBe(0);
  });
});

describe('the moment a change is prorated to', () => {
  const now = new Date('2026-04-10T12:00:00.750Z');
  it('is the preview’s while it is recent, in whole seconds, so the charge is what was shown', () => {
    const previewed = new Date('2026-04-10T11:45:00.000Z');
    expect(prorationMoment(previewed, now)).toEqual(previewed);
    expect(prorationMoment(undefined, now)).toEqual(new Date('2026-04-10T12:00:00.000Z'));
  });

  it('refuses a preview too old or from the future: the price must be looked at again', () => {
    expect(prorationMoment(new Date(now.getTime() - 31 * 60_000), now)).toBeNull();
    expect(prorationMoment(new Date(now.getTime() + 5 * 60_000), now)).toBeNull();
  });
});
