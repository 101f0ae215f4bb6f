import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TARGET, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Asks until `done` holds or `ms` pass; answers the last response and how long it took. */
async function until(client: TestClient, done: (body: any, status: number) => boolean, ms = 1000) {
  const started = performance.now();
  let res = await client.get('/api/me');
  while (!done(res.body, res.status) && performance.now() - started < ms) res = await client.get('/api/me');
  return { res, took: performance.now() - started };
}

describe('a signed-in read from memory', () => {
  it('GET /api/me on a warm cache runs no statement on the database, and no route reads the session again', async () => {
    const queries: string[] = [];
    const app = await startTestApp({}, { onQuery: (q) => queries.push(q) });
    try {
      const user = app.client();
      await user.signUp();
      expect((await user.get('/api/me')).status).toBe(200);
      queries.length = 0;
      for (let i = 0; i < 20; i++) expect((await user.get('/api/me')).status).toBe(200);
      expect(queries).toEqual([]);
      // A route with reads of its own makes those: the session is not read again.
      expect((await user.get('/api/workouts')).status).toBe(200);
      expect(queries.length).toBeGreaterThan(0);
      expect(queries.filter((q) => q.includes('"auth_session"'))).toEqual([]);

      // A session cookie whose signature is not ours is refused before any read, however often it is sent.
      const forger = app.client().copyCookiesOf(user);
      const name = [...forger.cookies.keys()].find((k) => k.includes('session_token'))!;
      const [token] = decodeURIComponent(forger.cookies.get(name)!).split('.');
      forger.cookies.set(name, encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`));
      queries.length = 0;
      for (let i = 0; i < 3; i++) expect((await forger.get('/api/me')).status).toBe(401);
      expect(queries).toEqual([]);
      // The real one still works.
      expect((await user.get('/api/me')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the profile kept in memory follows every change', () => {
  it('a change by hand in the database reaches GET /api/me of a cached profile', async () => {
    const user = t.client();
    const { email } = await user.signUp();
    expect((await user.get('/api/me')).body.name).not.toBe('Edited By Hand');
    expect((await user.get('/api/me')).status).toBe(200);
    await t.db.execute(sql`UPDATE users SET name = 'Edited By Hand', subscription_tier = 'pro' WHERE email = ${email}`);
    const { res } = await until(user, (me) => me.name === 'Edited By Hand');
    expect(res.body).toMatchObject({ name: 'Edited By Hand', subscription: { tier: 'pro' } });
  });

  it("the user's own change shows on the very next request", async () => {
    const user = t.client();
    await user.signUp();
    expect((await user.get('/api/me')).status).toBe(200);
    expect((await user.put('/api/me/preferences', { units: 'imperial' })).status).toBe(200);
    expect((await user.get('/api/me')).body.preferences.units).toBe('imperial');
    expect((await user.patch('/api/me', { name: 'Renamed' })).status).toBe(200);
    expect((await user.get('/api/me')).body.name).toBe('Renamed');
  });
});

describe.runIf(TARGET === 'postgres')('two instances on one database', () => {
  it('a change made on one instance shows on the other within a second, though the other had the profile cached', async () => {
    const b = await t.secondInstance();
    try {
      const onA = t.client();
      await onA.signUp();
      const onB = b.client().copyCookiesOf(onA);
      expect((await onB.get('/api/me')).status).toBe(200);
      expect((await onB.get('/api/me')).body.preferences.units).toBe('metric');

      expect((await onA.patch('/api/me', { name: 'Changed On A' })).status).toBe(200);
      const renamed = await until(onB, (me) => me.name === 'Changed On A');
      console.log(`a name changed on another instance showed here after ${renamed.took.toFixed(1)} ms`);
      expect(renamed.res.body.name).toBe('Changed On A');
      expect(renamed.took).toBeLessThan(1000);

      expect((await onA.put('/api/me/preferences', { units: 'imperial' })).status).toBe(200);
      const units = await until(onB, (me) => me.preferences.units === 'imperial');
      expect(units.res.body.preferences.units).toBe('imperial');
      expect(units.took).toBeLessThan(1000);

      expect((await onA.post('/api/auth/sign-out')).status).toBe(200);
      const revoked = await until(onB, (_me, status) => status === 401);
      expect(revoked.res.status).toBe(401);
      expect(revoked.took).toBeLessThan(1000);
    } finally {
      await b.close();
    }
  });
});
