import { once } from 'node:events';
import net, { type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createSmtpSender } from '#server/adapters/email/smtp';
import { createLogger } from '#server/lib/logger';
import { startTestApp, type TestApp } from '../support/test-app';

/** The app's log as the lines it writes: every one of them must be a JSON object. */
async function appWithLog(vars: Record<string, string> = {}) {
  const lines: string[] = [];
  const t = await startTestApp(vars, { logger: createLogger('info', (line) => lines.push(line)) });
  const entries = () => lines.map((line) => JSON.parse(line) as { level: string; msg: string; [key: string]: unknown });
  return { t, lines, entries };
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('logs', () => {
  it('report a database error by its code and query, never the values a user sent', async () => {
    const app = await appWithLog();
    t = app.t;
    const { email, password } = await t.client().signUp('private.person@example.com', 'S3cretWord');
    // Comparing the email with an integer column makes the database fail on the value, and quote it in its message.
    await t.db.execute(sql`ALTER TABLE auth_user RENAME COLUMN email TO email_moved`);
    await t.db.execute(sql`ALTER TABLE auth_user ADD COLUMN email integer`);

    const res = await t.client().post('/api/auth/sign-in/email', { email, password });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'Something went wrong. Please try again later' });

    const errors = app.entries().filter((e) => e.level === 'error');
    expect(errors).toHaveLength(1);
    // A request that failed on our side has a line of its own at once, with its id.
    expect(app.entries()).toContainEqual(expect.objectContaining({ msg: 'request', path: '/api/auth/sign-in/email', status: 500, requestId: errors[0].requestId }));
    expect(errors[0]).toMatchObject({ path: '/api/auth/sign-in/email', error: { code: '22P02', message: expect.stringMatching(/^Failed query: select .* from "auth_user"/) } });
    const log = app.lines.join('\n');
    expect(log).not.toContain(email);
    expect(log).not.toContain(password);
    expect(JSON.stringify(t.reporter.recent())).not.toContain(email);
  });

  it('count the requests that went well per route and status, in one line, instead of a line each', async () => {
    const app = await appWithLog();
    t = app.t;
    const c = t.client();
    await c.signUp();
    for (let i = 0; i < 5; i++) expect((await c.get('/api/me')).status).toBe(200);
    expect((await c.get('/api/fitness-plans/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(app.entries().filter((e) => e.msg === 'request')).toEqual([]);
    t.flushRequestLog();
    const counts = app.entries().filter((e) => e.msg === 'requests');
    expect(counts).toHaveLength(1);
    expect(counts[0].routes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', route: '/api/me', status: 200, count: 5 }),
        expect.objectContaining({ method: 'GET', route: '/api/fitness-plans/:id', status: 404, count: 1 }),
      ]),
    );
    // Nothing twice.
    t.flushRequestLog();
    expect(app.entries().filter((e) => e.msg === 'requests')).toHaveLength(1);
  });

  it('log a request from a foreign origin as a warning, not as an error', async () => {
    const app = await appWithLog();
    t = app.t;
    const c = t.client();
    await c.signUp();
    const res = await c.request('POST', '/api/auth/sign-out', { json: {}, headers: { origin: 'https://attacker.example' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });

    const entries = app.entries();
    expect(entries.filter((e) => e.level === 'error')).toEqual([]);
    expect(t.reporter.recent()).toEqual([]);
    expect(entries).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'auth', message: 'Invalid origin' }));
    expect(app.lines.join('\n')).not.toContain('attacker.example');
  });

  it('answer a password reset as fast for an unknown email as for a known one', async () => {
    // A mail server that never greets: the answer must not wait for it.
    const sockets: Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const email = createSmtpSender(`smtp://127.0.0.1:${port}/?greetingTimeout=5000`, 'FitForge <no-reply@fitforge.local>');
    t = await startTestApp({ RATE_LIMIT_RESET: '1000/1m' }, { email });
    onTestFinished(() => {
      for (const s of sockets) s.destroy();
      silent.close();
    });
    const { email: known } = await t.client().signUp();
    const c = t.client();
    const time = async (to: string) => {
      const started = performance.now();
      const res = await c.post('/api/auth/request-password-reset', { email: to, redirectTo: '/en/reset-password' });
      expect(res.status).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      knownTimes.push(await time(known));
      unknownTimes.push(await time(`nobody-${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    console.log(`password reset: median ${median(knownTimes).toFixed(1)} ms for a known email, ${median(unknownTimes).toFixed(1)} ms for an unknown one`);
    expect(median(knownTimes)).toBeLessThan(median(unknownTimes) + 25);
  });
});
