import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '#server/adapters/rate-limit/memory';
import type { RateLimitStore } from '#server/adapters/rate-limit/port';
import { createRedisStore } from '#server/adapters/rate-limit/redis';

/** What a sign-in limit relies on: a request given back frees its place, and giving back never goes below zero. */
async function releaseGivesBackOne(store: RateLimitStore) {
  for (let i = 0; i < 3; i++) expect((await store.hit('r', 3, 60_000)).allowed).toBe(true);
  expect((await store.hit('r', 3, 60_000)).allowed).toBe(false);
  await store.release('r', 60_000);
  expect(await store.hit('r', 3, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
  expect((await store.hit('r', 3, 60_000)).allowed).toBe(false);

  for (let i = 0; i < 3; i++) await store.release('never-hit', 60_000);
  expect((await store.hit('never-hit', 3, 60_000)).remaining).toBe(2);
  await store.close();
}

/** What the plan generator shows as left: the count `hit` would find, and peeking counts nothing. */
async function peekCountsNothing(store: RateLimitStore) {
  expect(await store.peek('p', 3, 60_000)).toEqual({ remaining: 3, resetAt: null });
  const first = await store.hit('p', 3, 60_000);
  for (let i = 0; i < 5; i++) expect(await store.peek('p', 3, 60_000)).toEqual({ remaining: 2, resetAt: first.resetAt });
  await store.hit('p', 3, 60_000);
  const last = await store.hit('p', 3, 60_000);
  expect(last).toMatchObject({ allowed: true, remaining: 0 });
  expect(await store.peek('p', 3, 60_000)).toEqual({ remaining: 0, resetAt: last.resetAt });
  expect((await store.hit('p', 3, 60_000)).allowed).toBe(false);
  expect((await store.peek('p', 3, 60_000)).remaining).toBe(0);
  await store.close();
}

describe('in-memory fixed window', () => {
  it('allows max per window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await store.hit('k', 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3].resetAt.getTime()).toBe(1_060_000);
    now += 60_000;
    expect((await store.hit('k', 3, 60_000)).allowed).toBe(true);
    expect((await store.hit('other', 3, 60_000)).remaining).toBe(2);
    await store.close();
  });

  it('peeks at what is left without counting, the previous window weighed as a hit weighs it', async () => {
    await peekCountsNothing(createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:` }));
    let now = 6_000_000;
    const store = createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:`, now: () => now });
    for (let i = 0; i < 10; i++) await store.hit('k', 10, 60_000);
    now += 90_000; // half of the previous window's 10 still count
    expect(await store.peek('k', 10, 60_000)).toEqual({ remaining: 5, resetAt: new Date(6_000_000 + 120_000) });
    await store.close();
  });

  it('gives back a released request, never below zero', () => releaseGivesBackOne(createMemoryStore()));

  it('peeks at what is left without counting', () => peekCountsNothing(createMemoryStore()));
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis sliding window', () => {
  it('allows max per window and slides: the previous window weighs by its overlap', async () => {
    let now = 6_000_000; // the start of a 60 s window
    const store = createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:`, now: () => now });
    const first = [];
    for (let i = 0; i < 11; i++) first.push((await store.hit('k', 10, 60_000)).allowed);
    expect(first.filter(Boolean)).toHaveLength(10);
    expect(first[10]).toBe(false);

    // 30 s into the next window half of the previous 10 still count: 5 more fit, not 10.
    now += 90_000;
    const second = [];
    for (let i = 0; i < 10; i++) second.push((await store.hit('k', 10, 60_000)).allowed);
    expect(second.filter(Boolean)).toHaveLength(5);

    // A fixed window would have let all 10 through at the start of the window; sliding also frees up gradually.
    now += 60_000 * 2;
    expect((await store.hit('k', 10, 60_000)).remaining).toBe(9);
    await store.close();
  });

  it('does not let one more through when a burst crosses into the next window', async () => {
    let now = 6_000_000 + 60_000 - 5; // 5 ms before a window turns
    const store = createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:`, now: () => now });
    for (let i = 0; i < 100; i++) expect((await store.hit('k', 100, 60_000)).allowed).toBe(true);
    now += 10;
    expect((await store.hit('k', 100, 60_000)).allowed).toBe(false);
    await store.close();
  });

  it('gives back a released request, never below zero', () => releaseGivesBackOne(createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:` })));

  it('counts leased hits in process: 50 of them reach Redis as one, until the lease is renewed', async () => {
    const store = createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:` });
    for (let i = 0; i < 50; i++) expect(await store.hit('lease', 10_000, 60_000, 'lease')).toMatchObject({ allowed: true, remaining: 10_000 - 1 - i });
    // The first was counted exactly; the other 49 come from a lease of 249, reported once half of it is spent.
    expect((await store.peek('lease', 10_000, 60_000)).remaining).toBe(10_000 - 1);
    await store.close();
  });

  it('is atomic: 50 concurrent hits on a limit of 20 let exactly 20 through', async () => {
    const store = createRedisStore(process.env.TEST_REDIS_URL!, { prefix: `fitforge:test:${randomUUID()}:` });
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hit('burst', 20, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    await store.close();
  });
});
