import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLeases, LEASE_SHARE, type Reconcile } from './lease';

const WINDOW = 60_000;

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

/**
 * A shared store as the Redis script answers, one fixed window at a time (the sliding weight is Redis's; these tests
 * stay within a window or check what reaches the window's count). Calls wait until the test answers them, in the
 * order they were made, as one connection does.
 */
function sharedStore() {
  const counts = new Map<number, number>();
  const store = {
    counts,
    calls: 0,
    /** One instance's connection: its calls, answered in order. */
    connection() {
      const pending: (() => void)[] = [];
      const reconcile: Reconcile = (_key, max, windowMs, now, batch, count) => {
        store.calls++;
        return new Promise((resolve) => {
          pending.push(() => {
            const index = Math.floor(now / windowMs);
            if (batch) counts.set(batch.index, (counts.get(batch.index) ?? 0) + batch.n);
            const used = counts.get(index) ?? 0;
            const resetAt = (index + 1) * windowMs;
            if (!count) return resolve({ allowed: true, left: Math.max(0, max - used), resetAt });
            if (used >= max) return resolve({ allowed: false, left: 0, resetAt });
            counts.set(index, used + 1);
            resolve({ allowed: true, left: max - used - 1, resetAt });
          });
        });
      };
      const answerOne = () => pending.shift()?.();
      /** Answers every call, each answer's callbacks run before the next (a renewal may make a call). */
      const answerAll = async () => {
        while (pending.length) {
          answerOne();
          await settle();
        }
      };
      return { reconcile, answerOne, answerAll };
    },
  };
  return store;
}

describe('leases of a limit shared by instances', () => {
  it('on one instance: exactly max let through, remaining counting down by one, fewer calls than requests', async () => {
    const store = sharedStore();
    const conn = store.connection();
    const now = 6_000_000;
    const leases = createLeases(conn.reconcile, () => now);
    const max = 400;
    const results = [];
    for (let i = 0; i < max + 5; i++) {
      const hit = leases.hit('k', max, WINDOW);
      await settle();
      await conn.answerAll();
      results.push(await hit);
    }
    expect(results.filter((r) => r.allowed)).toHaveLength(max);
    expect(results.slice(max).every((r) => !r.allowed && r.remaining === 0)).toBe(true);
    expect(results.slice(0, max).map((r) => r.remaining)).toEqual(Array.from({ length: max }, (_, i) => max - 1 - i));
    expect(results.every((r) => r.resetAt.getTime() === 6_060_000)).toBe(true);
    // One call per half lease (a fortieth of what is left) while 40 or more are left, then one per request.
    expect(store.calls).toBeLessThan(max * 0.6);
    leases.close();
  });

  it('a lease taken under a higher limit is not spent under a lower one (a tier dropped mid-window)', async () => {
    const store = sharedStore();
    const conn = store.connection();
    const leases = createLeases(conn.reconcile, () => 6_000_000);
    const run = async (max: number) => {
      const hit = leases.hit('k', max, WINDOW);
      await settle();
      await conn.answerAll();
      return hit;
    };
    // Under 4,000 the lease lets up to 100 through without asking.
    for (let i = 0; i < 10; i++) expect((await run(4000)).allowed).toBe(true);
    // Now the limit is 20: exactly 10 more, whatever the lease had left.
    const after = [];
    for (let i = 0; i < 15; i++) after.push(await run(20));
    expect(after.filter((r) => r.allowed)).toHaveLength(10);
    expect(after.at(-1)).toMatchObject({ allowed: false, remaining: 0 });
    leases.close();
  });

  it('adds what a lease let through to the window it was let through in, when the next window starts', async () => {
    const store = sharedStore();
    const conn = store.connection();
    let now = 6_000_000;
    const leases = createLeases(conn.reconcile, () => now);
    const run = async () => {
      const hit = leases.hit('k', 1000, WINDOW);
      await settle();
      await conn.answerAll();
      return hit;
    };
    for (let i = 0; i < 10; i++) expect((await run()).allowed).toBe(true);
    expect(store.counts.get(100)).toBeLessThan(10);
    now += WINDOW;
    expect((await run()).remaining).toBe(999);
    expect(store.counts.get(100)).toBe(10);
    expect(store.counts.get(101)).toBe(1);
    leases.close();
  });

  it('two instances, requests and answers in any order: never past max by more than their two leases, and all counted but what the leases hold', async () => {
    await fc.assert(
      // Steps in runs: a burst of requests to one instance while the store answers nothing, or a run of answers.
      fc.asyncProperty(
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 40 })), { minLength: 20, maxLength: 200, size: 'max' }),
        async (max, runs) => {
          const store = sharedStore();
          const now = 6_000_000;
          const instances = [0, 1].map(() => {
            const conn = store.connection();
            return { conn, leases: createLeases(conn.reconcile, () => now), allowed: 0 };
          });
          const hits: Promise<unknown>[] = [];
          for (const [step, times] of runs) {
            const one = instances[step % 2];
            for (let i = 0; i < times; i++) {
              // 0, 1: a request to instance 0 or 1; 2, 3: the store answers instance 0's or 1's oldest call.
              if (step < 2) hits.push(one.leases.hit('k', max, WINDOW).then((r) => r.allowed && one.allowed++));
              else one.conn.answerOne();
              await settle();
            }
          }
          for (const { conn } of instances) await conn.answerAll();
          await Promise.all(hits);
          const allowed = instances[0].allowed + instances[1].allowed;
          const counted = store.counts.get(100) ?? 0;
          const lease = Math.floor(max * LEASE_SHARE);
          expect(allowed).toBeLessThanOrEqual(max + 2 * lease);
          expect(counted).toBeLessThanOrEqual(allowed);
          expect(allowed - counted).toBeLessThanOrEqual(2 * lease);
          for (const { leases } of instances) leases.close();
        },
      ),
      { numRuns: 200 },
    );
  });
});
