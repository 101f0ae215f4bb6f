import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TARGET, type TestApp, type TestResponse } from '../support/test-app';

/**
 * The general API limit, counted in process from leases and in Redis in batches (ADR 031): what a client sees on one
 * instance, and what two instances on one Redis let one user do together.
 */
const LIMIT = 100;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: `${LIMIT}/1m` });
});
afterAll(() => t.close());

function expectRefused(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', statusCode: 429, message: 'Too many requests. Please slow down.' });
  expect(res.body.error.retryAfter).toBeGreaterThan(0);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
}

describe('the general API limit on one instance', () => {
  it('lets 100 signed-in reads through, remaining counting down by one, then answers 429 with its message and headers', async () => {
    const c = t.client();
    await c.signUp();
    let reset: string | null = null;
    for (let i = 0; i < LIMIT; i++) {
      const res = await c.get('/api/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1 - i));
      reset ??= res.headers.get('x-ratelimit-reset');
      expect(new Date(reset!).getTime()).toBeGreaterThan(Date.now());
    }
    expectRefused(await c.get('/api/me'));
    expectRefused(await c.get('/api/workouts'));
  });
});

describe.runIf(TARGET === 'postgres' && process.env.TEST_REDIS_URL)('two instances on one Redis', () => {
  it('one user sending to both at once gets at least 100 and at most 105 requests through, then 429 from both', async () => {
    const b = await t.secondInstance();
    try {
      const onA = t.client();
      await onA.signUp();
      const onB = b.client().copyCookiesOf(onA);
      let accepted = 0;
      let acceptedByFirstRefusal: number | null = null;
      let last: TestResponse[] = [];
      for (let round = 0; round < 40; round++) {
        // Two requests to each instance at once.
        last = await Promise.all([onA, onB, onA, onB].map((c) => c.get('/api/me')));
        for (const res of last) if (res.status === 200) accepted++;
        // Every request let through before the first refusal has answered by the end of its round.
        if (acceptedByFirstRefusal === null && last.some((res) => res.status === 429)) acceptedByFirstRefusal = accepted;
        for (const res of last) if (res.status !== 200) expectRefused(res);
      }
      expect(acceptedByFirstRefusal).toBeGreaterThanOrEqual(LIMIT);
      expect(accepted).toBeGreaterThanOrEqual(LIMIT);
      expect(accepted).toBeLessThanOrEqual(LIMIT * 1.05);
      for (const res of last) expectRefused(res);
    } finally {
      await b.close();
    }
  });
});
