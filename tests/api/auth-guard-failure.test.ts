import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('answers 500 Authentication failed when the profile lookup itself fails, and reports it', async () => {
  const c = t.client();
  await c.signUp();
  // Break the profile table under the running app: the guard's lookup now throws.
  await t.db.execute(sql`ALTER TABLE users RENAME TO users_gone`);
  const res = await c.get('/api/me');
  expect(res.status).toBe(500);
  expect(res.body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Authentication failed', statusCode: 500 });
  expect(JSON.stringify(res.body)).not.toMatch(/users_gone|relation|select/i);
  const [reported] = t.reporter.recent();
  expect(reported.context).toMatchObject({ path: '/api/me', method: 'GET', requestId: res.body.error.requestId });
  expect(reported.error.message).toMatch(/users/);
});
