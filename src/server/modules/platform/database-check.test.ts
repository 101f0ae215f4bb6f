import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECK_FRESH_MS, databaseCheck } from './database-check';

beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
afterEach(() => vi.useRealTimers());

describe('the health check of the database', () => {
  it('asks the database once a second however often it is asked, and never twice at once', async () => {
    let down = false;
    const ping = vi.fn(async () => {
      if (down) throw new Error('connection refused');
    });
    const up = databaseCheck({ ping });
    expect(await Promise.all([up(), up(), up()])).toEqual([true, true, true]);
    expect(ping).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) expect(await up()).toBe(true);
    expect(ping).toHaveBeenCalledTimes(1);

    down = true;
    vi.advanceTimersByTime(CHECK_FRESH_MS - 1);
    expect(await up()).toBe(true); // the answer of the last second
    vi.advanceTimersByTime(1);
    expect(await up()).toBe(false);
    expect(ping).toHaveBeenCalledTimes(2);

    down = false;
    vi.advanceTimersByTime(CHECK_FRESH_MS);
    expect(await up()).toBe(true);
    expect(ping).toHaveBeenCalledTimes(3);
  });
});
