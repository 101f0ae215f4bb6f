import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, TARGET, TestClient } from '../support/test-app';

/** The built process entry, started as `npm start` starts it (its Node flags and environment), on a PGlite folder of its own. */
const CONFIG = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { config: { serverFlags: string; serverEnv: string } }).config;
const SERVER_FLAGS = CONFIG.serverFlags.split(' ');
const SERVER_ENV = Object.fromEntries(
  CONFIG.serverEnv
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split(/=(.*)/s, 2)),
);
const running: ChildProcess[] = [];
beforeAll(() => void execFileSync(process.execPath, ['scripts/build-server.mjs']), 60_000);
afterAll(() => {
  for (const p of running) p.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [...SERVER_FLAGS, 'dist/server/main.js'], {
    env: { ...SERVER_ENV, PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /"url":"(http:\/\/localhost:\d+)"/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited before listening:\n${out}`));
    });
  });
  listening.catch(() => {}); // awaited only by the tests that expect a start
  return { child, exited, listening, output: () => out };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe.runIf(TARGET === 'pglite')('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-proc-'));

  it('locks its data folder: a second server on it exits at once with a clear error', async () => {
    const first = start({ DATA_DIR: dataDir });
    const url = await first.listening;
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'))).toMatchObject({ pid: first.child.pid });

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by another FitForge process (pid ${first.child.pid})`);
    // Every line it wrote, the fatal one included, is a JSON object a log store can read.
    for (const line of second.output().split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();

    // Graceful shutdown: a request in flight is answered, then the process exits cleanly and frees the folder.
    // The signal goes once the request is on its way: on a busy machine a fetch may not have connected yet when a
    // kill sent right after it lands, and a connection the server never accepted is no request in flight.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.get(`${url}/api/health`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.on('socket', (socket) => socket.once('connect', () => setTimeout(() => first.child.kill('SIGTERM'), 50)));
    });
    expect(await inFlight).toBe(200);
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // The data survived and a new server may take the folder.
    const third = start({ DATA_DIR: dataDir });
    await third.listening;
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('as a Node server: API answers carry the request id, nosniff and the limit headers; documents their CSP; the log counts requests in one line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-proc-'));
    const server = start({ DATA_DIR: dir, BODY_LIMIT_BYTES: '4096' });
    const url = await server.listening;
    const health = await fetch(`${url}/api/health`, { headers: { 'x-request-id': 'trace-7' } });
    expect(health.headers.get('x-request-id')).toBe('trace-7');
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(health.headers.get('content-security-policy')).toBeNull();
    const user = new TestClient({ request: (input, init) => fetch(input.replace('http://localhost', url), init) }, url, '127.0.0.1');
    await user.signUp();
    const me = await user.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(me.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}-[0-9a-z]+$/);
    // The body limit as a Node server meets it: a write under it is read and kept; a declared length over it and a
    // chunked body that grows past it are both refused with the envelope, and change nothing.
    expect((await user.patch('/api/me', { name: 'Ada Node' })).status).toBe(200);
    const declared = await user.patch('/api/me', { name: 'x'.repeat(5000) });
    expect(declared.status).toBe(413);
    expect(declared.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const streamed = (input: string, init?: RequestInit) => fetch(input.replace('http://localhost', url), { ...init, duplex: 'half' } as RequestInit);
    const streaming = new TestClient({ request: streamed }, url, '127.0.0.1').copyCookiesOf(user);
    const text = new TextEncoder().encode(JSON.stringify({ name: 'y'.repeat(5000) }));
    const chunked = await streaming.request('PATCH', '/api/me', {
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < text.length; i += 1000) c.enqueue(text.subarray(i, i + 1000));
          c.close();
        },
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await user.get('/api/me')).body.name).toBe('Ada Node');
    const docs = await fetch(`${url}/api/docs`);
    expect(docs.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(docs.headers.get('x-frame-options')).toBe('DENY');
    for (let i = 0; i < 20; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server
      .output()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; total?: number; routes?: { method: string; route: string; status: number; count: number }[] });
    // No line per request: the counts, once, as the server stops.
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
    const counts = lines.filter((l) => l.msg === 'requests');
    expect(counts).toHaveLength(1);
    expect(counts[0].routes).toContainEqual(expect.objectContaining({ method: 'GET', route: '/api/health', status: 200, count: 21 }));
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('takes over a lock left by a process that died', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-stale-'));
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const server = start({ DATA_DIR: dir });
    await server.listening;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('takes over a lock whose pid now belongs to another, unrelated process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-reused-'));
    const crashed = start({ DATA_DIR: dir });
    await crashed.listening;
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    // The system gives the dead server's pid to a process of its own: the lock now names a living process.
    const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    running.push(unrelated);
    const lock = path.join(dir, 'server.lock');
    fs.writeFileSync(lock, fs.readFileSync(lock, 'utf8').replace(String(crashed.child.pid), String(unrelated.pid)));

    const server = start({ DATA_DIR: dir });
    await server.listening;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('on a port already taken: one clear line, a non-zero exit, and the data folder free for the next start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-port-'));
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as net.AddressInfo;

    const blocked = start({ DATA_DIR: dir, PORT: String(port) });
    expect(await blocked.exited).toBe(1);
    other.close();
    expect(blocked.output()).toContain(`Port ${port} is already in use: set PORT to another port or stop the other server`);
    expect(blocked.output()).not.toMatch(/^\s+at /m); // no stack trace
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);

    const next = start({ DATA_DIR: dir });
    await next.listening;
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 60_000);

  it('stopped in the middle of a burst of writes: every request is answered and every acknowledged write is kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-drain-'));
    const server = start({ DATA_DIR: dir });
    const url = await server.listening;
    const user = new TestClient({ request: (input, init) => fetch(input.replace('http://localhost', url), init) }, url, '127.0.0.1');
    await user.signUp();
    const headers = {
      origin: url,
      'content-type': 'application/json',
      cookie: [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': user.csrf!,
    };

    // 60 writes, each on a connection of its own: 40 sent at once with the stop signal 30 ms later, then 20 more once
    // the server says it is stopping.
    type Outcome = { name: string; status?: number; connection?: string; code?: string; error?: string };
    const performedAt = new Date(Date.now() - 3_600_000).toISOString();
    const write = (i: number) =>
      new Promise<Outcome>((resolve) => {
        const name = `burst ${i}`;
        const body = JSON.stringify({ name, performedAt, durationMinutes: 30, exercises: [] });
        const req = http.request(`${url}/api/workouts`, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: false }, (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ name, status: res.statusCode, connection: res.headers.connection, code: text && JSON.parse(text).error?.code }));
        });
        req.on('error', (e: NodeJS.ErrnoException) => resolve({ name, error: e.code ?? e.message }));
        req.end(body);
      });
    const writes = Array.from({ length: 40 }, (_, i) => write(i));
    setTimeout(() => server.child.kill('SIGTERM'), 30);
    await until(() => server.output().includes('shutting down'));
    writes.push(...Array.from({ length: 20 }, (_, i) => write(40 + i)));
    const results = await Promise.all(writes);
    expect(await server.exited).toBe(0);

    expect(results.filter((r) => r.error)).toEqual([]); // no connection reset or dropped without an answer
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.filter((r) => !(r.status === 503 && r.code === 'NETWORK_ERROR' && r.connection === 'close'))).toEqual([]);
    expect(results.slice(40).map((r) => r.status)).toEqual(Array(20).fill(503)); // sent after the signal
    expect(accepted.length).toBeGreaterThan(0);

    // Every write the server acknowledged is there after a restart.
    const again = start({ DATA_DIR: dir });
    const url2 = await again.listening;
    const page = (await (await fetch(`${url2}/api/workouts?limit=100`, { headers })).json()) as { items: { name: string }[] };
    again.child.kill('SIGTERM');
    expect(page.items.map((w) => w.name).sort()).toEqual(accepted.map((r) => r.name).sort());
    expect(await again.exited).toBe(0);
    console.info(`burst stopped: ${accepted.length} written, ${refused.length} refused with 503, 0 reset`);
  }, 90_000);

  it('runs the expired-cancellation job from a shell: its result on standard output, and the data folder left free', () => {
    const jobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-job-'));
    const run = () => execFileSync(process.execPath, ['dist/server/expire-cancellations.js'], { env: { PATH: process.env.PATH, DATA_DIR: jobDir }, encoding: 'utf8' });
    expect(JSON.parse(run())).toEqual({ updated: 0, errors: [] });
    // The lock went with the process: a second run starts.
    expect(JSON.parse(run())).toEqual({ updated: 0, errors: [] });
  }, 60_000);

  it('refuses to start on a bad setting, naming the variable', async () => {
    const bad = start({ DATA_DIR: dataDir, RATE_LIMIT_API: '100/1week' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('RATE_LIMIT_API: Invalid window format');
  }, 30_000);

  it('refuses to start in production without Stripe unless the sandbox is asked for', async () => {
    const production = start({ DATA_DIR: dataDir, NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32), APP_URL: 'https://fitforge.example' });
    expect(await production.exited).toBe(1);
    expect(production.output()).toContain('STRIPE_SECRET_KEY: must be set in production, or PAYMENTS_SANDBOX=true');
  }, 30_000);
});

describe.runIf(TARGET === 'postgres')('the server process on PostgreSQL', () => {
  it('writes only JSON log lines while it serves: no runtime warning from the database driver', async () => {
    const database = await freshPostgres();
    try {
      const server = start({ DATABASE_URL: database.url });
      const url = await server.listening;
      // The first requests take the connections the migrations opened; each used to queue a LISTEN beside its query.
      for (let i = 0; i < 12; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const user = new TestClient({ request: (input, init) => fetch(input.replace('http://localhost', url), init) }, url, '127.0.0.1');
      await user.signUp();
      expect((await user.get('/api/me')).status).toBe(200);
      server.child.kill('SIGTERM');
      await server.exited;
      for (const line of server.output().split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    } finally {
      await database.drop();
    }
  }, 60_000);
});
