import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, parseLimit, parseWindow } from './limits';

describe('parseWindow', () => {
  it.each([
    ['10s', 10_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['1d', 86_400_000],
    ['15m', 900_000],
  ])('%s is %d ms', (w, ms) => expect(parseWindow(w)).toBe(ms));

  it.each(['', '10', 'm', '1w', '1.5h', '-1m', '0s', 'ten s', '1 h x'])('rejects %j', (w) => {
    expect(() => parseWindow(w)).toThrow('Invalid window format');
  });
});

describe('parseLimit', () => {
  it('reads N/window', () => expect(parseLimit('5/15m')).toEqual({ max: 5, windowMs: 900_000 }));
  it('rejects a bad window with the spec message', () => expect(() => parseLimit('5/15x')).toThrow('Invalid window format'));
  it('rejects a bad count', () => {
    expect(() => parseLimit('0/1m')).toThrow();
    expect(() => parseLimit('x/1m')).toThrow();
    expect(() => parseLimit('5')).toThrow();
  });
});

describe('the spec table', () => {
  it('has free and paid limits per kind', () => {
    expect(DEFAULT_RATE_LIMITS.ai.free).toEqual({ max: 3, windowMs: 3_600_000 });
    expect(DEFAULT_RATE_LIMITS.ai.paid).toEqual({ max: 20, windowMs: 3_600_000 });
    expect(DEFAULT_RATE_LIMITS.food.free).toEqual({ max: 5, windowMs: 3_600_000 });
    expect(DEFAULT_RATE_LIMITS.food.paid).toEqual({ max: 30, windowMs: 3_600_000 });
    expect(DEFAULT_RATE_LIMITS.api.free).toEqual({ max: 100, windowMs: 60_000 });
    expect(DEFAULT_RATE_LIMITS.auth.free).toEqual({ max: 5, windowMs: 900_000 });
    expect(DEFAULT_RATE_LIMITS.signup.free).toEqual({ max: 20, windowMs: 3_600_000 });
    expect(DEFAULT_RATE_LIMITS.reset.free).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(DEFAULT_RATE_LIMITS.profile.free).toEqual({ max: 10, windowMs: 300_000 });
    expect(DEFAULT_RATE_LIMITS.webhook.paid).toEqual({ max: 100, windowMs: 60_000 });
  });
});
