import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TARGET } from '../support/test-app';

/** The real process entry, started as a user would start it, on a PGlite folder of its own. */
const running: ChildProcess[] = [];
afterAll(() => running.forEach((p) => p.kill('SIGKILL')));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
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

describe.runIf(TARGET === 'pglite')('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-proc-'));

  it('locks its data folder: a second server on it exits at once with a clear error', async () => {
    const first = start({ DATA_DIR: dataDir });
    const url = await first.listening;
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
    expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(first.child.pid));

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

  it('takes over a lock left by a process that died', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-stale-'));
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const server = start({ DATA_DIR: dir });
    await server.listening;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
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
