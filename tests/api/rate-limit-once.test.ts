import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '#server/adapters/rate-limit/memory';
import type { RateLimitStore } from '#server/adapters/rate-limit/port';
import { claimListedAddress } from '../support/mail';
import { startTestApp, type TestApp } from '../support/test-app';

/** A real store whose every count is written down, so a test sees which limits one request moved. */
function recordingStore(): RateLimitStore & { counted: string[] } {
  const store = createMemoryStore();
  const counted: string[] = [];
  return {
    ...store,
    counted,
    hit: (key, max, windowMs) => {
      counted.push(key);
      return store.hit(key, max, windowMs);
    },
  };
}

let t: TestApp;
const MODERATOR = 'limits-moderator@example.com';
const store = recordingStore();
beforeAll(async () => {
  // The signed-in client is a moderator, so the moderation routes are served, not refused, and their limits move.
  // The general limit is raised above the number of operations, so the walk below is never refused by it.
  t = await startTestApp({ MODERATOR_EMAILS: MODERATOR, RATE_LIMIT_API: '1000/1m' }, { rateLimitStore: store });
});
afterAll(() => t.close());

type Operation = { method: string; path: string; signedIn: boolean };

/** Every operation of the published API; the ones that end the session or the account go last. */
async function operations(): Promise<Operation[]> {
  const doc = (await t.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, signedIn: (op.security?.length ?? 0) > 0 })),
  );
  const ending = (op: Operation) => (op.method === 'DELETE' && op.path === '/api/me') || op.path === '/api/auth/sign-out';
  return [...ops.filter((op) => !ending(op)), ...ops.filter(ending)];
}

describe('each request counts once against each limit that applies', () => {
  it('moves every limit a route has by exactly one, on every operation of the OpenAPI document', async () => {
    const c = t.client();
    await c.signUp(MODERATOR);
    await claimListedAddress(t, c, MODERATOR);
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(50);
    const userId = (await c.get('/api/me')).body.id as string;
    const wrong: string[] = [];
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, randomUUID());
      store.counted.length = 0;
      const res = await c.request(op.method, url, op.method === 'GET' ? {} : { json: {} });
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      const counts = new Map<string, number>();
      for (const key of store.counted) counts.set(key, (counts.get(key) ?? 0) + 1);
      // The general API limit applies to every signed-in route outside the auth library; profile writes have their own too.
      if (op.signedIn && !op.path.startsWith('/api/auth/')) counts.set(`api:user:${userId}`, counts.get(`api:user:${userId}`) ?? 0);
      if (op.path.startsWith('/api/me') && op.method !== 'GET') counts.set(`profile:user:${userId}`, counts.get(`profile:user:${userId}`) ?? 0);
      for (const [key, n] of counts) if (n !== 1) wrong.push(`${op.method} ${op.path}: ${key} × ${n}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('what a visitor without a session may call', () => {
  it('is the short public list; every other operation answers 401 (moderation: 404, as an unknown path)', async () => {
    const ops = (await operations()).filter((op) => !op.path.startsWith('/api/auth/'));
    expect(
      ops
        .filter((op) => !op.signedIn)
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    ).toEqual(['GET /api/billing/plans', 'GET /api/config', 'GET /api/csrf-token', 'GET /api/health', 'POST /api/webhooks/stripe']);
    const visitor = t.client();
    const answered: string[] = [];
    for (const op of ops.filter((o) => o.signedIn)) {
      const res = await visitor.request(op.method, op.path.replace(/\{[^}]+\}/g, randomUUID()), op.method === 'GET' ? {} : { json: {} });
      if (res.status !== (op.path.startsWith('/api/moderation/') ? 404 : 401)) answered.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(answered).toEqual([]);
  });
});
