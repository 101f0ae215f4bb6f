import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('authentication rate limit (5 per 15 minutes)', () => {
  it('refuses the 6th attempt from one address with the spec body and headers', async () => {
    const c = t.client();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'Wr0ngPass' });
      statuses.push(res.status);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const blocked = await c.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'Wr0ngPass' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      statusCode: 429,
      message: 'Too many authentication attempts. Please try again later.',
    });
    expect(blocked.body.error.retryAfter).toBeGreaterThan(0);
    expect(blocked.body.error.retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(Number(blocked.headers.get('retry-after'))).toBe(blocked.body.error.retryAfter);
    expect(blocked.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = new Date(blocked.headers.get('x-ratelimit-reset')!);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
    expect(blocked.headers.get('x-ratelimit-reset')).toBe(reset.toISOString());
  });

  it('counts each address on its own and leaves reading the session alone', async () => {
    const other = t.client();
    expect((await other.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'Wr0ngPass' })).status).toBe(401);
    for (let i = 0; i < 10; i++) expect((await other.get('/api/auth/get-session')).status).toBe(200);
  });
});
