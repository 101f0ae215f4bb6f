// npm run bench: each hot endpoint under load with autocannon, beside a raw node:http server measured in every round,
// and Hono alone with one route (bench/hono-floor.mjs: the floor of any app on this framework) once a round.
// The server runs as built (dist/server), in its own process, on PGlite and — when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set — on PostgreSQL too (with Redis as the limiter's store when BENCH_REDIS_URL or
// TEST_REDIS_URL is set). Each row is measured in BENCH_ROUNDS rounds (3); in every round raw is measured right before
// each row, and the row's ratio is to that raw run: the table shows each row's median round (by that ratio), and the
// median of all raw runs.
// BENCH_ROWS=csrf,me narrows the run to the rows whose name contains one of the words (the seeding still runs).
// BENCH_PGLITE=0 leaves out the PGlite rows; BENCH_NODE_ARGS replaces the server's Node flags (those of `npm start`).
// BENCH_QUICK=1 is a smoke check: 1 round of 2 s per row, without the forum-size and photo-scan benches.
// Besides req/s and the ratio to raw, each row shows the server's CPU time per request (user + system, from /proc;
// raw's own beside it, so a row's cost can be compared with raw's whatever else the machine is doing),
// and the table ends with the server's RSS after the run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generatePlan, savePlans, subscribePro } from './seed-plans.mjs';
import { seedPosts } from './seed-posts.mjs';
import { seedMeals } from './seed-meals.mjs';
import { seedWorkouts } from './seed-workouts.mjs';
import { benchScans } from './scan-latency.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const { serverFlags: SERVER_FLAGS, serverEnv } = JSON.parse(fs.readFileSync('package.json', 'utf8')).config;
/** The environment `npm start` adds (package.json config.serverEnv, ADR 039). */
const SERVER_ENV = Object.fromEntries(
  serverEnv
    .split(' ')
    .filter(Boolean)
    .map((pair) => pair.split(/=(.*)/s, 2)), // name=value; the value may hold '='
);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const ROW_FILTER = process.env.BENCH_ROWS?.split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);

const NEW_POST = JSON.stringify({ title: 'Bench day', content: 'Squats 5x5, bench 3x8, rows 3x10. Felt strong today.', category: 'training' });

/** A 12-week plan with every week in full (the bench user is Pro): the largest the built-in engine makes. */
const NEW_PLAN = JSON.stringify({ planType: 'muscle_gain', goals: ['build_muscle', 'increase_strength'], fitnessLevel: 'advanced', equipment: ['gym_access'], duration: 12, locale: 'en' });

/** A vegetarian, nut-free week of four meals a day (the planner user is Pro). */
const NEW_NUTRITION_PLAN = JSON.stringify({ dietaryRestrictions: ['vegetarian', 'nut_free'], allergies: 'sesame', mealsPerDay: 4, locale: 'en' });

/** A strength session of three exercises, as the workout logger sends it. */
const NEW_WORKOUT = JSON.stringify({
  name: 'Bench push',
  performedAt: new Date(Date.now() - 3_600_000).toISOString(),
  durationMinutes: 50,
  exercises: [
    {
      exerciseId: 'barbell-bench-press',
      sets: [
        { reps: 5, weightKg: 80 },
        { reps: 5, weightKg: 80 },
        { reps: 5, weightKg: 80 },
      ],
    },
    {
      exerciseId: 'barbell-overhead-press',
      sets: [
        { reps: 6, weightKg: 45 },
        { reps: 6, weightKg: 45 },
      ],
    },
    {
      customName: 'Cable fly',
      sets: [
        { reps: 12, weightKg: 15 },
        { reps: 12, weightKg: 15 },
      ],
    },
  ],
});

const NEW_MEAL = JSON.stringify({ foodName: 'Bench snack', calories: 180, protein: 6, carbs: 24, fat: 7, mealType: 'snack' });

/**
 * The rows: add one for every hot endpoint. `auth` rows run signed in; writes send the anti-forgery header. Writes run
 * as users of their own (`writer`, with the same history as the bench user; `maker`, on Pro), so every round's reads
 * see the data as seeded, not the rows an earlier round's writes added.
 */
const ROWS = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/csrf-token', path: '/api/csrf-token' },
  { name: 'GET /api/me (signed in)', path: '/api/me', auth: true },
  { name: 'POST /api/community/posts', path: '/api/community/posts', auth: 'writer', method: 'POST', body: NEW_POST },
  { name: 'GET /api/community/posts (page 1)', path: '/api/community/posts', auth: true },
  // The bench user has two years of workouts (seed-workouts.mjs) by the time these run.
  { name: 'GET /api/workouts (page 1, 2 years logged)', path: '/api/workouts', auth: true },
  { name: 'GET /api/stats (2 years logged)', path: '/api/stats', auth: true },
  { name: 'GET /api/stats/streak (2 years logged)', path: '/api/stats/streak', auth: true },
  { name: 'POST /api/workouts', path: '/api/workouts', auth: 'writer', method: 'POST', body: NEW_WORKOUT },
  // And a year of meals (seed-meals.mjs).
  { name: 'GET /api/foods?q=chicken', path: '/api/foods?q=chicken', auth: true },
  { name: 'GET /api/nutrition/summary (1 year logged)', path: '/api/nutrition/summary', auth: true },
  { name: 'POST /api/nutrition/entries', path: '/api/nutrition/entries', auth: 'writer', method: 'POST', body: NEW_MEAL },
  // A second user, on Pro, with a page of saved plans (seed-plans.mjs): the rows above keep measuring a free user.
  // The exercise library is searched in process.
  { name: 'GET /api/exercises?q=squat', path: '/api/exercises?q=squat&locale=en', auth: 'planner' },
  { name: 'GET /api/exercises (equipment and kind filters)', path: '/api/exercises?equipment=dumbbells,resistance_bands&kind=strength&locale=en', auth: 'planner' },
  { name: 'GET /api/fitness-plans (page 1)', path: '/api/fitness-plans', auth: 'planner' },
  // Reading a 12-week plan the engine made ({plan}): what the plan page and the workout logger ask for.
  { name: 'GET /api/fitness-plans/{id}/outline (12 weeks)', path: '/api/fitness-plans/{plan}/outline', auth: 'planner' },
  { name: 'GET /api/fitness-plans/{id}/weeks/5', path: '/api/fitness-plans/{plan}/weeks/5', auth: 'planner' },
  // Each request stores a 12-week plan.
  { name: 'POST /api/fitness-plans (built-in engine, 12 weeks, full)', path: '/api/fitness-plans', auth: 'maker', method: 'POST', body: NEW_PLAN },
  { name: 'POST /api/nutrition/plans (built-in engine, 7 days)', path: '/api/nutrition/plans', auth: 'maker', method: 'POST', body: NEW_NUTRITION_PLAN },
];

const selectedRows = () => (ROW_FILTER ? ROWS.filter((r) => ROW_FILTER.some((w) => r.name.toLowerCase().includes(w))) : ROWS);

/** Page 1 of the forum at two sizes (PostgreSQL only; BENCH_SCALE=0 skips it): the list must not slow down as it grows. */
const SCALE = [1_000, 1_000_000];
const SCALE_TARGET = 1.5;
const SCALE_ROUNDS = 3;
const SCALE_ROWS = [
  { name: 'GET /api/community/posts (page 1)', path: '/api/community/posts', auth: true },
  { name: 'GET /api/community/posts?category=training (page 1)', path: '/api/community/posts?category=training', auth: true },
];

const children = new Set();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

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

function load(url, headers = {}, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, method, body }, (err, r) => (err ? reject(err) : resolve(r)));
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
    body: JSON.stringify({ email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'BenchPass1', name: 'Bench' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: cookie(), csrf: token };
}

/** The process's CPU time so far (user + system), in milliseconds. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // After the name: state is field 3, utime 14 and stime 15 (1-based, in clock ticks of 10 ms).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function freshPostgres(adminUrl) {
  const name = `fitforge_bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
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

const medianBy = (runs, key) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor(runs.length / 2)];

const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

async function measure(server, row, session, raw) {
  const { base, label, pid } = server;
  process.stderr.write(`measuring ${row.name} [${label}]${raw.round === undefined ? '' : ` round ${raw.round + 1}/${ROUNDS}`}\n`);
  const headers = row.auth ? { cookie: session.cookie, origin: session.origin } : {};
  if (row.body) Object.assign(headers, { 'content-type': 'application/json', 'x-csrf-token': session.csrf });
  const cpuBefore = cpuMs(pid);
  const r = await load(`${base}${row.path.replace('{plan}', session.planId)}`, headers, { method: row.method, body: row.body });
  const cpu = (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total);
  process.stderr.write(`  server RSS ${rssMb(pid)} MB\n`);
  const non2xx = r.non2xx + r.errors;
  return { name: `${row.name} [${label}]`, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ratio: r.requests.average / raw.rps, cpu, non2xx };
}

/**
 * Page 1 with SCALE[0] posts against page 1 with SCALE[1], each in a PostgreSQL database and server of its own, seeded
 * in one statement, then measured in turns: whatever else the machine is doing meanwhile weighs on both sizes alike.
 * The verdict compares the medians of the turns.
 */
async function benchScale(adminUrl, extraEnv, raw) {
  const sizes = [];
  try {
    for (const size of SCALE) {
      const db = await freshPostgres(adminUrl);
      sizes.push({ size, db });
      const server = await startServer(`PostgreSQL, ${fmt(size)} posts`, { ...extraEnv, DATABASE_URL: db.url });
      sizes.at(-1).server = server;
      process.stderr.write(`seeding ${fmt(size)} posts\n`);
      const seed = await seedPosts(db.url, size);
      process.stderr.write(`seeded in ${seed.seconds.toFixed(1)} s (${fmt(seed.total)} in all)\n`);
    }
    const turns = new Map();
    for (let round = 0; round < SCALE_ROUNDS; round++) {
      for (const row of SCALE_ROWS) {
        for (const { size, server } of sizes) {
          const result = await measure(server, row, server.session, raw);
          const key = `${row.name}|${size}`;
          turns.set(key, [...(turns.get(key) ?? []), result]);
        }
      }
    }
    const rows = [];
    const verdicts = [];
    for (const row of SCALE_ROWS) {
      const [small, large] = SCALE.map((size) => medianBy(turns.get(`${row.name}|${size}`), 'rps'));
      rows.push(small, large);
      const slowdown = small.rps / large.rps;
      verdicts.push({
        ok: slowdown <= SCALE_TARGET,
        line: `${row.name}: ${fmt(large.rps)} req/s with ${fmt(SCALE[1])} posts vs ${fmt(small.rps)} with ${fmt(SCALE[0])} (${fmt(slowdown, 2)}×; target ≤ ${SCALE_TARGET}×)`,
      });
    }
    return { rows, verdicts };
  } finally {
    for (const { server, db } of sizes) {
      await server?.stop();
      await db.drop();
    }
  }
}

/** The built server in a process of its own, over a fresh data folder, with a signed-in bench user. */
async function startServer(label, extraEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-bench-'));
  // The server runs with the Node flags and environment `npm start` gives it (package.json config, ADR 039);
  // BENCH_NODE_ARGS replaces them to compare settings ('' for Node's defaults).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? SERVER_FLAGS).split(' ').filter(Boolean);
  const { child, port } = await startProcess([...nodeArgs, 'dist/server/main.js'], {
    ...SERVER_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    APP_URL: 'http://localhost',
    // The Pro bench user subscribes through the sandbox provider's checkout.
    PAYMENTS_SANDBOX: 'true',
    // Measure the work of each endpoint, not the limiter refusing: the limiter still runs on every request.
    RATE_LIMIT_API: '100000000/1m',
    RATE_LIMIT_AUTH: '100000000/1m',
    RATE_LIMIT_SIGNUP: '100000000/1m',
    RATE_LIMIT_AI_PAID: '100000000/1m',
    ...extraEnv,
  });
  const base = `http://127.0.0.1:${port}`;
  const origin = 'http://localhost'; // APP_URL: the origin a browser would send
  process.stderr.write(`server [${label}] on ${base}; signing up\n`);
  const session = { ...(await signIn(base, origin)), origin };
  return {
    label,
    base,
    session,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** raw node:http under the same load as a row: measured again in every round, so a ratio compares like with like. */
async function measureRaw(raw, round) {
  process.stderr.write(`measuring raw node:http${round === undefined ? '' : ` round ${round + 1}/${ROUNDS}`}\n`);
  const cpuBefore = cpuMs(raw.pid);
  const r = await load(`http://127.0.0.1:${raw.port}/`);
  return { round, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpu: (cpuMs(raw.pid) - cpuBefore) / Math.max(1, r.requests.total) };
}

/** The floor row: Hono alone with one route, measured once a round against that round's raw run. */
const FLOOR_ROW = { name: 'Hono alone, one route (the floor of any Hono app)', path: '/' };

async function benchDatabase(label, extraEnv, rawServer, floorServer) {
  const server = await startServer(label, extraEnv);
  const { base, session } = server;
  process.stderr.write(`server RSS at start ${rssMb(server.pid)} MB\n`);
  const seedStart = performance.now();
  const logged = await seedWorkouts(base, session);
  process.stderr.write(`logged ${fmt(logged)} workouts in ${fmt((performance.now() - seedStart) / 1000, 1)} s\n`);
  const mealStart = performance.now();
  const meals = await seedMeals(base, session);
  process.stderr.write(`logged ${fmt(meals)} meals in ${fmt((performance.now() - mealStart) / 1000, 1)} s\n`);
  const planner = { ...(await signIn(base, session.origin)), origin: session.origin };
  await subscribePro(base, planner);
  process.stderr.write(`a Pro user with ${await savePlans(base, planner, 25)} saved plans; server RSS ${rssMb(server.pid)} MB\n`);
  planner.planId = await generatePlan(base, planner, NEW_PLAN);
  const writer = { ...(await signIn(base, session.origin)), origin: session.origin };
  await seedWorkouts(base, writer);
  await seedMeals(base, writer);
  const maker = { ...(await signIn(base, session.origin)), origin: session.origin };
  await subscribePro(base, maker);
  const users = { planner, writer, maker };
  const rounds = [];
  const runs = new Map();
  const floors = [];
  for (let round = 0; round < ROUNDS; round++) {
    const floorRaw = await measureRaw(rawServer, round);
    rounds.push(floorRaw);
    floors.push(await measure({ ...floorServer, label }, FLOOR_ROW, session, floorRaw));
    for (const row of selectedRows()) {
      const raw = await measureRaw(rawServer, round);
      rounds.push(raw);
      const result = await measure(server, row, typeof row.auth === 'string' ? users[row.auth] : session, raw);
      runs.set(row.name, [...(runs.get(row.name) ?? []), result]);
    }
  }
  const rows = [...runs.values()].map((r) => ({ ...medianBy(r, 'ratio'), non2xx: r.reduce((n, x) => n + x.non2xx, 0) }));
  const rss = rssMb(server.pid);
  // What an operator sees once the load has passed: V8 gives back the space of its garbage when the server is idle.
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleRss = rssMb(server.pid);
  await server.stop();
  return { label, floor: medianBy(floors, 'ratio'), rows, rss, idleRss, raw: medianBy(rounds, 'rps'), rawRounds: rounds };
}

const row = (x) => `| ${x.name} | ${fmt(x.rps)} | ${x.p50} | ${x.p99} | ${fmt(x.ratio * 100, 1)}% | ${fmt(x.cpu, 3)} | ${x.non2xx} |`;

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Run `npm run build` first (npm run bench does).');
  const rawProc = await startProcess(['bench/raw-server.mjs'], {});
  const rawServer = { port: rawProc.port, pid: rawProc.child.pid };
  const floorProc = await startProcess(['bench/hono-floor.mjs'], {});
  const floorServer = { base: `http://127.0.0.1:${floorProc.port}`, pid: floorProc.child.pid };
  const notes = [];
  const results = [];
  let scale = { rows: [], verdicts: [] };
  try {
    if (process.env.BENCH_PGLITE !== '0') results.push(await benchDatabase('PGlite', {}, rawServer, floorServer));
    const pgAdmin = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
    const redis = redisUrl ? { REDIS_URL: redisUrl } : {};
    if (pgAdmin) {
      const db = await freshPostgres(pgAdmin);
      try {
        results.push(await benchDatabase(redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL', { DATABASE_URL: db.url, ...redis }, rawServer, floorServer));
      } finally {
        await db.drop();
      }
      notes.push(redisUrl ? 'PostgreSQL rows: rate limits counted in Redis.' : 'PostgreSQL rows: rate limits counted in memory (no BENCH_REDIS_URL or TEST_REDIS_URL).');
    } else {
      notes.push('PostgreSQL rows skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to measure them.');
    }
    if (pgAdmin && process.env.BENCH_SCALE !== '0' && !ROW_FILTER && !QUICK) {
      const raw = await measureRaw(rawServer);
      scale = await benchScale(pgAdmin, redis, raw);
    }
  } finally {
    rawProc.child.kill('SIGTERM');
    floorProc.child.kill('SIGTERM');
  }

  const lines = [
    `FitForge bench: ${CONNECTIONS} connections, ${DURATION} s per row, ${ROUNDS} rounds (median shown), ${os.cpus().length} cores, Node ${process.version}${QUICK ? ' (quick mode: a smoke check, not a measurement)' : ''}`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | vs raw | CPU ms/req | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.flatMap((r) => [
      `| raw node:http [${r.label}] (median of ${r.rawRounds.length} runs, ${fmt(Math.min(...r.rawRounds.map((x) => x.rps)))}–${fmt(Math.max(...r.rawRounds.map((x) => x.rps)))}) | ${fmt(r.raw.rps)} | ${r.raw.p50} | ${r.raw.p99} | 100% | ${fmt(medianBy(r.rawRounds, 'cpu').cpu, 3)} | 0 |`,
      row(r.floor),
      ...r.rows.map(row),
    ]),
    ...scale.rows.map(row),
    '',
    ...results.map((r) => `Server RSS after the run [${r.label}]: ${r.rss} MB, ${r.idleRss} MB after ${IDLE_SECONDS} s idle`),
    ...notes,
    ...scale.verdicts.map((v) => `${v.ok ? 'OK' : 'TOO SLOW'} ${v.line}`),
  ];
  console.log(lines.join('\n'));
  if (!ROW_FILTER && !QUICK) console.log(`\n${await benchScans()}`);
  if (scale.verdicts.some((v) => !v.ok)) {
    console.error(`The post list slows down more than ${SCALE_TARGET}× as the forum grows.`);
    process.exitCode = 1;
  }
  if ([...results.flatMap((r) => [r.floor, ...r.rows]), ...scale.rows].some((x) => x.non2xx > 0)) {
    console.error('Some requests failed: the numbers above are not valid.');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
