import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TARGET, type TestApp } from '../support/test-app';
import { sentMail } from '../support/mail';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A signed-up user, and a thief holding a copy of the cookies whose session this instance has cached. */
async function victimAndThief() {
  const victim = t.client();
  const { email, password } = await victim.signUp();
  const thief = t.client().copyCookiesOf(victim);
  expect((await thief.get('/api/me')).status).toBe(200);
  expect((await thief.get('/api/me')).status).toBe(200);
  return { victim, thief, email, password };
}

describe('a copied session cookie stops working on the very next request', () => {
  it('after sign-out', async () => {
    const { victim, thief } = await victimAndThief();
    expect((await victim.post('/api/auth/sign-out')).status).toBe(200);
    const res = await thief.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    expect((await thief.get('/api/fitness-plans')).status).toBe(401);
  });

  it('after a password change that signs out the other devices', async () => {
    const { victim, thief, email, password } = await victimAndThief();
    const laptop = t.client();
    expect((await laptop.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const change = await laptop.post('/api/auth/change-password', { currentPassword: password, newPassword: 'N3wPassword', revokeOtherSessions: true });
    expect(change.status).toBe(200);
    expect((await thief.get('/api/me')).status).toBe(401);
    expect((await victim.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
  });

  it('after a password reset', async () => {
    const { thief, email } = await victimAndThief();
    await t.client().post('/api/auth/request-password-reset', { email, redirectTo: '/en/reset-password' });
    const mail = await sentMail(t, email);
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    expect((await t.client().post('/api/auth/reset-password', { token, newPassword: 'N3wPassword' })).status).toBe(200);
    expect((await thief.get('/api/me')).status).toBe(401);
  });

  it('after the account is deleted', async () => {
    const { victim, thief, password } = await victimAndThief();
    expect((await victim.delete('/api/me', { password })).status).toBe(200);
    expect((await thief.get('/api/me')).status).toBe(401);
  });

  it('while the holder of another session of the same account stays signed in', async () => {
    const { victim, thief, email, password } = await victimAndThief();
    const phone = t.client();
    expect((await phone.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await victim.post('/api/auth/sign-out')).status).toBe(200);
    expect((await thief.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(200);
  });
});

describe.runIf(TARGET === 'postgres')('two instances on one database', () => {
  it('a sign-out on one instance ends the session on the other within a moment, though the other had it cached', async () => {
    const b = await t.secondInstance();
    try {
      const victim = t.client();
      await victim.signUp();
      const thief = b.client().copyCookiesOf(victim);
      expect((await thief.get('/api/me')).status).toBe(200);
      expect((await thief.get('/api/me')).status).toBe(200);

      expect((await victim.post('/api/auth/sign-out')).status).toBe(200);
      const signedOutAt = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - signedOutAt < 2000) {
        status = (await thief.get('/api/me')).status;
      }
      const lived = performance.now() - signedOutAt;
      console.log(`a session signed out on another instance lived ${lived.toFixed(1)} ms more here`);
      expect(status).toBe(401);
      expect(lived).toBeLessThan(500);
    } finally {
      await b.close();
    }
  });
});
