import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, authUser, knownSignIns } from '#server/db/schema';
import { totpFromUri } from '../support/totp';
import { startTestApp, TestClient, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;
const signIn = (c: TestClient, email: string, password: string, headers?: Record<string, string>) => c.request('POST', '/api/auth/sign-in/email', { json: { email, password }, headers });
const wrongCode = (uri: string) => (totpFromUri(uri) === '000000' ? '111111' : '000000');

/** Signs up and turns two-factor sign-in on; returns the authenticator's URI. */
async function withTwoFactor(c: TestClient) {
  const { email, password } = await c.signUp();
  const enable = await c.post('/api/auth/two-factor/enable', { password });
  expect(enable.status).toBe(200);
  expect((await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(enable.body.totpURI) })).status).toBe(200);
  return { email, password, uri: enable.body.totpURI as string };
}

describe('authentication rate limit (5 failed checks per 15 minutes)', () => {
  it('refuses the 6th attempt from one address with the spec body and headers', async () => {
    const c = t.client();
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await signIn(c, 'x@example.com', 'Wr0ngPass');
      statuses.push(res.status);
      expect(res.headers.get('x-ratelimit-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);

    const blocked = await signIn(c, 'x@example.com', 'Wr0ngPass');
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

  it('refuses a caller over the limit before checking the password, even the right one', async () => {
    const owner = t.client();
    const { email, password } = await owner.signUp();
    await owner.post('/api/auth/sign-out');
    const attacker = t.client();
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, newEmail(), 'Wr0ngPass')).status).toBe(401);
    // The address is spent: another account's right password from it is not even checked.
    expect((await signIn(attacker, email, password)).status).toBe(429);
    // The owner, elsewhere, is not held back by it; nor is reading the session.
    expect((await signIn(owner, email, password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await attacker.get('/api/auth/get-session')).status).toBe(200);
  });

  it('locks one account against guesses from any number of addresses, and only that account', async () => {
    const owner = t.client();
    const { email, password } = await owner.signUp();
    await owner.post('/api/auth/sign-out');
    for (let i = 0; i < 5; i++) expect((await signIn(t.client(), email.toUpperCase(), 'Wr0ngPass')).status).toBe(401);
    expect((await signIn(t.client(), email, 'Wr0ngPass')).status).toBe(429);
    // The right password from an address the account never signed in from is not even checked.
    expect((await signIn(t.client(), email, password)).status).toBe(429);
    // An unknown account is counted the same way: guessing which emails exist gains nothing.
    const ghost = newEmail();
    for (let i = 0; i < 5; i++) expect((await signIn(t.client(), ghost, 'Wr0ngPass')).status).toBe(401);
    expect((await signIn(t.client(), ghost, 'Wr0ngPass')).status).toBe(429);
    // Another account from those same addresses is untouched.
    const other = t.client();
    const second = await other.signUp();
    await other.post('/api/auth/sign-out');
    expect((await signIn(other, second.email, second.password)).status).toBe(200);
  });

  it('never counts successful sign-ins, sign-outs or two-factor set-up', async () => {
    const c = t.client();
    const { email, password } = await c.signUp();
    for (let i = 0; i < 8; i++) {
      expect((await c.post('/api/auth/sign-out')).status).toBe(200);
      const res = await signIn(c, email, password);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('5');
    }
    const enable = await c.post('/api/auth/two-factor/enable', { password });
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(enable.body.totpURI) })).status).toBe(200);
    expect((await c.post('/api/auth/two-factor/generate-backup-codes', { password })).status).toBe(200);
  });

  it('lets a person who signs up, turns on two-factor and mistypes a code once sign in again and again', async () => {
    const c = t.client();
    const { email, password, uri } = await withTwoFactor(c);
    await c.post('/api/auth/sign-out');
    expect((await signIn(c, email, password)).body.twoFactorRedirect).toBe(true);
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: wrongCode(uri) })).status).toBe(401);
    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      await c.post('/api/auth/sign-out');
      expect((await signIn(c, email, password)).status).toBe(200);
      expect((await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) })).status).toBe(200);
    }
    expect((await c.get('/api/me')).status).toBe(200);
  });

  it('counts wrong second-factor codes against the account whose sign-in waits for them', async () => {
    const owner = t.client();
    const { email, password, uri } = await withTwoFactor(owner);
    // Someone who has the password guesses codes from two addresses, starting a new sign-in at each.
    for (const guesses of [2, 3]) {
      const c = t.client();
      expect((await signIn(c, email, password)).body.twoFactorRedirect).toBe(true);
      for (let i = 0; i < guesses; i++) expect((await c.post('/api/auth/two-factor/verify-totp', { code: wrongCode(uri) })).status).toBe(401);
    }
    // The account is spent: a third address is refused before its password is checked.
    expect((await signIn(t.client(), email, password)).status).toBe(429);
  });
});

describe('no lockout of the owner (ADR 005)', () => {
  const DEVICE = 'fitforge.device';

  it('lets the owner in with the right password from an address or a device it signed in from within 30 days, while the account is locked to others', async () => {
    const owner = t.client();
    const { email, password } = await owner.signUp();
    expect(owner.cookies.get(DEVICE)).toMatch(/^[\w-]{32}$/);
    await owner.post('/api/auth/sign-out');
    for (let i = 0; i < 5; i++) expect((await signIn(t.client(), email, 'Wr0ngPass')).status).toBe(401);
    expect((await signIn(t.client(), email, password)).status).toBe(429);

    // From the address the account signed up from.
    expect((await signIn(owner, email, password)).status).toBe(200);
    expect((await owner.get('/api/me')).status).toBe(200);
    // From the same browser on another network: its device cookie.
    const travelling = t.client();
    travelling.cookies.set(DEVICE, owner.cookies.get(DEVICE)!);
    expect((await signIn(travelling, email, password)).status).toBe(200);
    // A made-up device identifier is no device the account knows.
    const forged = t.client();
    forged.cookies.set(DEVICE, 'A'.repeat(32));
    expect((await signIn(forged, email, password)).status).toBe(429);

    // A known address is still limited per address: wrong passwords from it are refused after five.
    const sameHouse = new TestClient(t.app, t.env.appUrl, owner.ip);
    for (let i = 0; i < 5; i++) expect((await signIn(sameHouse, email, 'Wr0ngPass')).status).toBe(401);
    expect((await signIn(sameHouse, email, password)).status).toBe(429);
  });

  it('forgets a place after 30 days', async () => {
    const owner = t.client();
    const { email, password } = await owner.signUp();
    await owner.post('/api/auth/sign-out');
    const [user] = await t.db.select().from(authUser).where(eq(authUser.email, email));
    await t.db.update(knownSignIns).set({ lastAt: sql`now() - interval '31 days'` }).where(eq(knownSignIns.userId, user!.id));
    for (let i = 0; i < 5; i++) expect((await signIn(t.client(), email, 'Wr0ngPass')).status).toBe(401);
    expect((await signIn(owner, email, password)).status).toBe(429);
  });

  it("a signed-in user's wrong current passwords are limited on their own and never lock their sign-in", async () => {
    const c = t.client();
    const { email, password } = await c.signUp();
    for (let i = 0; i < 3; i++) {
      expect((await c.post('/api/auth/change-password', { currentPassword: 'Wr0ngPass', newPassword: 'N3wPassword' })).status).toBe(401);
    }
    expect((await c.post('/api/auth/two-factor/enable', { password: 'Wr0ngPass' })).status).toBe(401);
    expect((await c.delete('/api/me', { password: 'Wr0ngPass' })).status).toBe(401);
    // Five wrong confirmations, whichever action: the next is refused, even with the right password.
    const refused = await c.post('/api/auth/change-password', { currentPassword: password, newPassword: 'N3wPassword' });
    expect(refused.status).toBe(429);
    expect((await c.delete('/api/me', { password })).status).toBe(429);
    expect((await c.post('/api/auth/two-factor/enable', { password })).status).toBe(429);
    // Signing in is untouched, from this address and from any other.
    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    expect((await signIn(c, email, password)).status).toBe(200);
    const elsewhere = t.client();
    const res = await signIn(elsewhere, email, password);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('5');
    // Another signed-in account at the same address confirms its own password freely.
    const neighbour = new TestClient(t.app, t.env.appUrl, c.ip);
    const second = await neighbour.signUp();
    expect((await neighbour.post('/api/auth/two-factor/enable', { password: second.password })).status).toBe(200);
  });
});

describe('sign-up and password reset limits (per address)', () => {
  it('lets a household sign up twenty accounts in an hour, then refuses with its message', async () => {
    const c = t.client();
    for (let i = 0; i < 20; i++) {
      expect((await c.post('/api/auth/sign-up/email', { email: newEmail(), password: 'Str0ngPass' })).status).toBe(200);
    }
    const refused = await c.post('/api/auth/sign-up/email', { email: newEmail(), password: 'Str0ngPass' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many sign-ups from this network. Please try again later.');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Signing in from that address is not affected.
    const other = t.client();
    const { email, password } = await other.signUp();
    expect((await signIn(c, email, password)).status).toBe(200);
  });

  it('sends at most ten reset emails an hour for one address', async () => {
    const c = t.client();
    const { email } = await t.client().signUp();
    for (let i = 0; i < 10; i++) expect((await c.post('/api/auth/request-password-reset', { email, redirectTo: '/en/reset-password' })).status).toBe(200);
    const refused = await c.post('/api/auth/request-password-reset', { email, redirectTo: '/en/reset-password' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe('Too many password reset requests. Please try again later.');
  });
});

describe.each(['1', '2'])('behind TRUST_PROXY=%s', (proxies) => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ TRUST_PROXY: proxies });
  });
  afterAll(() => p.close());

  /** What the trusted proxies append to whatever the client wrote: the client's address, then each inner proxy's. */
  const appended = (client: string) => (proxies === '1' ? client : `${client}, 172.16.0.2`);

  it('refuses a brute force that rotates the x-forwarded-for hops it writes after 5 failures', async () => {
    const c = p.client();
    const statuses: number[] = [];
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      const xff = `203.0.113.${i}, 198.51.100.${i}, ${appended('192.0.2.7')}`;
      statuses.push((await signIn(c, newEmail(), 'Wr0ngPass', { 'x-forwarded-for': xff })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client behind the same proxies is its own address.
    expect((await signIn(c, newEmail(), 'Wr0ngPass', { 'x-forwarded-for': appended('192.0.2.8') })).status).toBe(401);
  });

  it('records the same address on the session as the limits use', async () => {
    const c = p.client();
    const { email, password } = await c.signUp();
    await c.post('/api/auth/sign-out');
    expect((await signIn(c, email, password, { 'x-forwarded-for': `6.6.6.6, ${appended('192.0.2.9')}` })).status).toBe(200);
    const [user] = await p.db.select().from(authUser).where(eq(authUser.email, email));
    const sessions = await p.db.select().from(authSession).where(eq(authSession.userId, user.id));
    expect(sessions.map((s) => s.ipAddress)).toEqual(['192.0.2.9']);
  });
});
