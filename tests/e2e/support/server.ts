import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project root: everything below is resolved from it, whatever folder vitest was started in. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The browser tests need the built web app; `npm test` builds it first, a lone `vitest` run may not have. */
export function ensureWebBuild(): void {
  if (fs.existsSync(path.join(ROOT, 'dist/web/index.html'))) return;
  console.log('[e2e] dist/web is missing: building the web app (npx vite build)');
  execFileSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

/** A port nobody listens on right now (the OS picks it; we release it for the server to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface LogLine {
  msg?: string;
  level?: string;
  [key: string]: unknown;
}

export interface RunningServer {
  /** http://localhost:<port>: the origin the browser uses (the anti-forgery cookie is Secure, fine on localhost). */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process wrote so far. */
  output(): string;
  /** Its stdout parsed as JSON lines (non-JSON lines are skipped). */
  logLines(): LogLine[];
  /** Resolves with the first log line (new or already written) that matches. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** SIGTERM, then waits for the exit; the data folder is removed. */
  stop(): Promise<void>;
}

/** The password-reset (or any) email the embedded outbox printed for `to`, newest first. */
export function emailsTo(server: RunningServer, to: string): LogLine[] {
  return server
    .logLines()
    .filter((l) => typeof l.msg === 'string' && l.msg.startsWith('email kept in outbox') && l.to === to)
    .reverse();
}

/**
 * Starts the real server process as a user would (`node --import tsx src/server/main.ts`) on a free port, over a
 * fresh data folder, and waits for its 'listening' line.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-e2e-'));
  const url = `http://localhost:${port}`;
  // The working folder is the data folder, so a developer's own .env (read from the working folder at start) cannot
  // point the tests at their database or mail server; tsx is therefore named by path, with the project's tsconfig.
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const child: ChildProcess = spawn(process.execPath, ['--import', tsx, path.join(ROOT, 'src/server/main.ts')], {
    cwd: dataDir,
    env: {
      TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'),
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The flows sign in many times; the real limit (5 per 15 min) is covered by the API tests.
      RATE_LIMIT_AUTH: '1000/15m',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // Should the test run be cut short, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let out = '';
  let stdout = '';
  child.stdout!.on('data', (d) => {
    out += d;
    stdout += d;
  });
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const logLines = (): LogLine[] =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as LogLine];
        } catch {
          return [];
        }
      });

  const waitForLog = (match: (line: LogLine) => boolean, timeoutMs = 15_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const timer = setInterval(() => {
        const found = logLines().find(match);
        if (found) {
          clearInterval(timer);
          resolve(found);
        } else if (exitCode !== undefined || Date.now() > deadline) {
          clearInterval(timer);
          reject(new Error(`${exitCode !== undefined ? `server exited (${exitCode})` : 'timed out'} waiting for a log line:\n${out}`));
        }
      }, 50);
    });

  try {
    // Within the suite hook's 120 s: on a busy shared machine, starting under tsx alone can take a minute.
    await waitForLog((l) => l.msg === 'listening', 110_000);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }

  return {
    url,
    port,
    dataDir,
    output: () => out,
    logLines,
    waitForLog,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 15_000).unref());
        if ((await Promise.race([exited, timeout])) === 'timeout') {
          child.kill('SIGKILL');
          await exited;
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
