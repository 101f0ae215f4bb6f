import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client';
import { createErrorReporter } from '#server/lib/error-reporter';
import { createLogger } from '#server/lib/logger';
import { startScheduler } from './scheduler';

const logger = createLogger('silent');
const reporter = createErrorReporter({ logger });
const lockFree = { withAdvisoryLock: (_key: number, fn: () => Promise<unknown>) => fn() } as unknown as Database;
const lockHeld = { withAdvisoryLock: async () => undefined } as unknown as Database;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scheduler', () => {
  it('runs a job first after its delay, then on its interval, and stops', async () => {
    const run = vi.fn(async () => ({ updated: 0, errors: [] }));
    const stop = startScheduler([{ name: 'j', everyMs: 1000, firstAfterMs: 500, lockKey: 1, run }], { database: lockFree, logger, reporter });
    await vi.advanceTimersByTimeAsync(499);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(3);
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('skips a run while another instance holds the lock, and never overlaps itself', async () => {
    const held = vi.fn(async () => 1);
    const stopHeld = startScheduler([{ name: 'h', everyMs: 100, firstAfterMs: 0, lockKey: 1, run: held }], { database: lockHeld, logger, reporter });
    await vi.advanceTimersByTimeAsync(350);
    expect(held).not.toHaveBeenCalled();
    await stopHeld();

    let release!: () => void;
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const stop = startScheduler([{ name: 's', everyMs: 100, firstAfterMs: 0, lockKey: 2, run: slow }], { database: lockFree, logger, reporter });
    await vi.advanceTimersByTimeAsync(550);
    expect(slow).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(slow).toHaveBeenCalledTimes(2);
    release();
    await stop();
  });

  it('reports a failing run and keeps going', async () => {
    const report = vi.fn();
    const run = vi.fn(async () => {
      throw new Error('boom');
    });
    const stop = startScheduler([{ name: 'f', everyMs: 100, firstAfterMs: 0, lockKey: 3, run }], { database: lockFree, logger, reporter: { ...reporter, report } });
    await vi.advanceTimersByTimeAsync(250);
    expect(report).toHaveBeenCalled();
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(2);
    await stop();
  });
});
