// npm run bench: each hot endpoint under load with autocannon, beside a raw node:http server measured in the same run.
// The server runs as built (dist/server), in its own process, on PGlite and — when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set — on PostgreSQL too. Prints requests/s, p50/p99 latency and the ratio to raw.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The rows: add one for every hot endpoint. `auth` rows run signed in. */
const ROWS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/csrf-token', path: '/api/csrf-token' },
  { name: 'GET /api/me (signed in)', path: '/api/me', auth: true },
];

const children = new Set();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function startProcess(args, env) {
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out) ?? /"url":"http:\/\/localhost:(\d+)"/.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        child.stdout.resume(); // keep draining the log
        resolve({ child, port: Number(m[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`)));
  });
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

async function signIn(base, origin) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${base}/api/csrf-token`);
  keep(csrf);
  const { token } = await csrf.json();
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: cookie(), origin },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'BenchPass1', name: 'Bench' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function freshPostgres(adminUrl) {
  const name = `fitforge_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function benchDatabase(label, extraEnv, raw) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-bench-'));
  const { child, port } = await startProcess(['dist/server/main.js'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    APP_URL: 'http://localhost',
    // Measure the work of each endpoint, not the limiter refusing: the limiter still runs on every request.
    RATE_LIMIT_API: '100000000/1m',
    RATE_LIMIT_AUTH: '100000000/1m',
    ...extraEnv,
  });
  const base = `http://127.0.0.1:${port}`;
  const origin = 'http://localhost'; // APP_URL: the origin a browser would send
  process.stderr.write(`server [${label}] on ${base}; signing up\n`);
  const cookie = await signIn(base, origin);
  const rows = [];
  for (const row of ROWS) {
    process.stderr.write(`measuring ${row.name} [${label}]\n`);
    const r = await load(`${base}${row.path}`, row.auth ? { cookie, origin } : {});
    const non2xx = r.non2xx + r.errors;
    rows.push({ name: `${row.name} [${label}]`, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ratio: r.requests.average / raw.rps, non2xx });
  }
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { rows, rss };
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Run `npm run build` first (npm run bench does).');
  const rawProc = await startProcess(['bench/raw-server.mjs'], {});
  const rawResult = await load(`http://127.0.0.1:${rawProc.port}/`);
  rawProc.child.kill('SIGTERM');
  const raw = { rps: rawResult.requests.average, p50: rawResult.latency.p50, p99: rawResult.latency.p99 };

  const results = [await benchDatabase('PGlite', {}, raw)];
  const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgAdmin) {
    const db = await freshPostgres(pgAdmin);
    try {
      results.push(await benchDatabase('PostgreSQL', { DATABASE_URL: db.url, ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}) }, raw));
    } finally {
      await db.drop();
    }
  }

  const lines = [
    `FitForge bench: ${CONNECTIONS} connections, ${DURATION} s per row, ${os.cpus().length} cores, Node ${process.version}`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | vs raw | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    `| raw node:http | ${fmt(raw.rps)} | ${raw.p50} | ${raw.p99} | 100% | 0 |`,
    ...results.flatMap((r) => r.rows.map((x) => `| ${x.name} | ${fmt(x.rps)} | ${x.p50} | ${x.p99} | ${fmt(x.ratio * 100)}% | ${x.non2xx} |`)),
    '',
    ...results.map((r, i) => `Server RSS after the run [${i === 0 ? 'PGlite' : 'PostgreSQL'}]: ${r.rss} MB`),
  ];
  console.log(lines.join('\n'));
  if (results.some((r) => r.rows.some((x) => x.non2xx > 0))) {
    console.error('Some requests failed: the numbers above are not valid.');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
