import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, emailOutbox, users } from '#server/db/schema';
import { quietAuthContexts } from '#server/modules/auth/quiet-contexts';
import { startTestApp, type TestApp } from '../support/test-app';
import { totpFromUri } from '../support/totp';
import { sentMail } from '../support/mail';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m' });
});
afterAll(() => t.close());

const messages = (res: { body: any }) => res.body.error.details.map((d: any) => d.message);

describe('sign-up', () => {
  it('gives every password rule its own message', async () => {
    const c = t.client();
    const cases: [string, string][] = [
      ['Ab1', 'Password must be at least 8 characters'],
      ['abcdefg1', 'Password must contain at least one uppercase letter'],
      ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
    ];
    for (const [password, message] of cases) {
      const res = await c.post('/api/auth/sign-up/email', { email: 'rules@example.com', password });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toBe('Validation failed');
      expect(messages(res)).toContain(message);
      expect(res.body.error.details.every((d: any) => d.field === 'password')).toBe(true);
    }
    expect(await t.db.select().from(authUser).where(eq(authUser.email, 'rules@example.com'))).toHaveLength(0);
  });

  it('refuses the most common passwords whatever their case, on sign-up, reset and change', async () => {
    const c = t.client();
    for (const password of ['Password1', 'qWERTY123', 'Iloveyou1']) {
      const res = await c.post('/api/auth/sign-up/email', { email: 'common@example.com', password });
      expect(res.status, password).toBe(400);
      expect(res.body.error.details).toContainEqual({ field: 'password', message: 'This password is too common', messageKey: 'password.common' });
    }
    expect(await t.db.select().from(authUser).where(eq(authUser.email, 'common@example.com'))).toHaveLength(0);

    const reset = await c.post('/api/auth/reset-password', { token: 'any-token', newPassword: 'Password1' });
    expect(reset.body.error.details).toContainEqual({ field: 'newPassword', message: 'This password is too common', messageKey: 'password.common' });
    const user = t.client();
    const { password } = await user.signUp();
    const change = await user.post('/api/auth/change-password', { currentPassword: password, newPassword: 'Password1' });
    expect(change.body.error.details).toContainEqual({ field: 'newPassword', message: 'This password is too common', messageKey: 'password.common' });
    expect((await t.client().post('/api/auth/sign-in/email', { email: (await user.get('/api/me')).body.email, password })).status).toBe(200);
  });

  it('counts upper- and lower-case letters of any script', async () => {
    const c = t.client();
    await c.signUp(undefined, 'Ünïcödé1a');
    const res = await t.client().post('/api/auth/sign-up/email', { email: 'greek@example.com', password: 'σσσσσσσ1' });
    expect(messages(res)).toEqual(['Password must contain at least one uppercase letter']);
  });

  it('refuses a password or token it could not store or compare as sent', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/sign-up/email', { email: 'nul@example.com', password: 'Str0ng\u0000Pass' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ field: 'password', message: 'Contains characters that are not allowed', messageKey: 'text.invalid' });
    const reset = await c.post('/api/auth/reset-password', { token: 'abc\ud800', newPassword: 'N3wStr0ngPass' });
    expect(reset.status).toBe(400);
    expect(reset.body.error.details).toContainEqual({ field: 'token', message: 'Contains characters that are not allowed', messageKey: 'text.invalid' });
    const junk = await c.post('/api/auth/reset-password', { token: 'junk', newPassword: 'N3wStr0ngPass' });
    expect(junk.status).toBe(400);
    expect(junk.body.error).toMatchObject({ code: 'TOKEN_EXPIRED', statusCode: 400, path: '/api/auth/reset-password' });
  });

  it('rejects an invalid email', async () => {
    const res = await t.client().post('/api/auth/sign-up/email', { email: 'not-an-email', password: 'Str0ngPass' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ field: 'email', message: 'Invalid email format', messageKey: 'auth.email' });
  });

  it('creates the profile with the account: tier free, status active, name from the email', async () => {
    const c = t.client();
    await c.signUp('Jo.Smith@Example.com');
    const [profile] = await t.db.select().from(users).where(eq(users.email, 'jo.smith@example.com'));
    expect(profile).toMatchObject({ name: 'Jo.Smith', subscriptionTier: 'free', subscriptionStatus: 'active', stripeSubscriptionId: null });
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'jo.smith@example.com', name: 'Jo.Smith', subscription: { tier: 'free', status: 'active' } });
  });

  it('keeps the full name given at sign-up on the account and the profile', async () => {
    const c = t.client();
    const { email } = await c.signUp(undefined, 'Str0ngPass', 'Li Wei');
    const [account] = await t.db.select().from(authUser).where(eq(authUser.email, email));
    expect(account.name).toBe('Li Wei');
    expect((await c.get('/api/me')).body.name).toBe('Li Wei');
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const { email } = await t.client().signUp();
    const res = await t.client().post('/api/auth/sign-up/email', { email: email.toUpperCase(), password: 'Str0ngPass' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'ALREADY_EXISTS', message: 'An account with this email already exists' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and not with a wrong one', async () => {
    const { email, password } = await t.client().signUp();
    const bad = await t.client().post('/api/auth/sign-in/email', { email, password: 'Wr0ngPass' });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password', statusCode: 401 });
    const unknown = await t.client().post('/api/auth/sign-in/email', { email: 'nobody@example.com', password });
    expect(unknown.status).toBe(401);

    const c = t.client();
    const ok = await c.post('/api/auth/sign-in/email', { email, password });
    expect(ok.status).toBe(200);
    expect((await c.get('/api/me')).body.email).toBe(email);
    const session = await c.get('/api/auth/get-session');
    expect(session.body.user.email).toBe(email);

    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    const after = await c.get('/api/me');
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  });

  it('leaves the auth library call contexts switched off once no call is under way, even after calls that overlapped', async () => {
    const storages = await quietAuthContexts();
    const accounts = await Promise.all([t.client().signUp(), t.client().signUp()]);
    const clients = accounts.map(() => t.client());
    await Promise.all(clients.map((c, i) => c.post('/api/auth/sign-in/email', { email: accounts[i]!.email, password: accounts[i]!.password })));
    const sessions = await Promise.all(clients.map((c) => c.get('/api/auth/get-session')));
    expect(sessions.map((s) => s.body.user.email)).toEqual(accounts.map((a) => a.email));
    // Node 20's AsyncLocalStorage: while `enabled`, every promise of the process carries its context.
    expect(storages.map((s) => (s as unknown as { enabled: boolean }).enabled)).toEqual([false, false, false]);
  });

  it('answers endpoints the product does not use with 404', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.post('/api/auth/update-user', { name: 'sneaky' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('password reset by email', () => {
  it('sends a link through the outbox that sets a new password once', async () => {
    const { email, password } = await t.client().signUp();
    const c = t.client();
    const req = await c.post('/api/auth/request-password-reset', { email, redirectTo: '/zh/reset-password' });
    expect(req.status).toBe(200);
    const mail = await sentMail(t, email);
    expect(mail.subject).toBe('重置你的 FitForge 密码');
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    const url = new URL(link);
    expect(url.pathname).toBe('/zh/reset-password');
    const token = url.searchParams.get('token')!;

    const weak = await c.post('/api/auth/reset-password', { token, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(messages(weak)).toContain('Password must be at least 8 characters');

    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'N3wPassword' })).status).toBe(200);
    const again = await c.post('/api/auth/reset-password', { token, newPassword: 'Other1Pass' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'The reset link is invalid or has expired' });

    expect((await t.client().post('/api/auth/sign-in/email', { email, password })).status).toBe(401);
    expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'N3wPassword' })).status).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await t.client().post('/api/auth/request-password-reset', { email: 'ghost@example.com', redirectTo: '/en/reset-password' });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ghost@example.com'))).toHaveLength(0);
  });

  it('writes English mail for an English page', async () => {
    const { email } = await t.client().signUp();
    await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/en/reset-password' });
    const mail = await sentMail(t, email);
    expect(mail.subject).toBe('Reset your FitForge password');
    expect(mail.text).toMatch(/\/en\/reset-password\?token=/);
  });

  it("writes in the account's saved language, whatever page asked for the reset", async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.put('/api/me/preferences', { locale: 'zh' })).status).toBe(200);
    await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/en/reset-password' });
    const mail = await sentMail(t, email);
    expect(mail.subject).toBe('重置你的 FitForge 密码');
    expect(mail.text).toMatch(/\/zh\/reset-password\?token=/);
  });
});

describe('two-factor (TOTP)', () => {
  it('is enabled with a verified code, then asked for at sign-in; backup codes work once', async () => {
    const c = t.client();
    const { email, password } = await c.signUp();
    const enable = await c.post('/api/auth/two-factor/enable', { password });
    expect(enable.status).toBe(200);
    expect(enable.body.totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(enable.body.backupCodes.length).toBeGreaterThanOrEqual(8);
    expect((await c.get('/api/me')).body.twoFactorEnabled).toBe(false);

    const wrong = await c.post('/api/auth/two-factor/verify-totp', { code: '000000' === totpFromUri(enable.body.totpURI) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');

    expect((await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(enable.body.totpURI) })).status).toBe(200);
    expect((await c.get('/api/me')).body.twoFactorEnabled).toBe(true);

    // Signing in now needs the second factor.
    const d = t.client();
    const first = await d.post('/api/auth/sign-in/email', { email, password });
    expect(first.status).toBe(200);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await d.get('/api/me')).status).toBe(401);
    expect((await d.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(enable.body.totpURI) })).status).toBe(200);
    expect((await d.get('/api/me')).status).toBe(200);

    // A backup code instead of the app, once.
    const backup = enable.body.backupCodes[0];
    const e = t.client();
    await e.post('/api/auth/sign-in/email', { email, password });
    expect((await e.post('/api/auth/two-factor/verify-backup-code', { code: backup })).status).toBe(200);
    expect((await e.get('/api/me')).status).toBe(200);
    const f = t.client();
    await f.post('/api/auth/sign-in/email', { email, password });
    expect((await f.post('/api/auth/two-factor/verify-backup-code', { code: backup })).status).toBe(401);

    // Turned off with the password.
    expect((await c.post('/api/auth/two-factor/disable', { password })).status).toBe(200);
    expect((await c.get('/api/me')).body.twoFactorEnabled).toBe(false);
  });
});
