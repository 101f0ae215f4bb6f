import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '5/1m' });
});
afterAll(() => t.close());

const ID = '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001';
const ROUTES: [string, string][] = [
  ['POST', '/api/workouts'],
  ['GET', '/api/workouts'],
  ['GET', `/api/workouts/${ID}`],
  ['PATCH', `/api/workouts/${ID}`],
  ['DELETE', `/api/workouts/${ID}`],
  ['GET', '/api/stats'],
  ['GET', '/api/stats/streak'],
  ['GET', '/api/training-schedule'],
  ['PUT', '/api/training-schedule'],
  ['DELETE', '/api/training-schedule'],
];

describe('workout, stats and schedule routes', () => {
  it('need a session', async () => {
    const c = t.client();
    for (const [method, path] of ROUTES) {
      const res = await c.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    }
  });

  it('need the anti-forgery token for writes', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.request('POST', '/api/workouts', { json: { performedAt: new Date().toISOString(), durationMinutes: 10, exercises: [] }, headers: { 'x-csrf-token': 'wrong' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'Invalid CSRF token' });
  });

  it('share the general API limit per user, with its message and headers', async () => {
    const c = t.client();
    await c.signUp();
    const paths = ['/api/workouts', '/api/stats', '/api/stats/streak', '/api/training-schedule', '/api/workouts'];
    for (const path of paths) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
    }
    const res = await c.get('/api/stats');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Too many requests. Please slow down.' });
    expect(res.body.error.retryAfter).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    // Another user has a limit of their own.
    const other = t.client();
    await other.signUp();
    expect((await other.get('/api/stats')).status).toBe(200);
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    for (const path of ['/api/workouts', '/api/workouts/{id}', '/api/stats', '/api/stats/streak', '/api/training-schedule']) expect(doc.paths[path], path).toBeDefined();
    expect(Object.keys(doc.paths['/api/workouts/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
  });
});
