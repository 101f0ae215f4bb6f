import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '#server/lib/paths';
import { preparedStatements } from './pglite-statements';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (under an advisory lock on PostgreSQL, so many instances may start at once). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Runs fn while holding a session-level advisory lock, or returns undefined at once when another holder has it. */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T | undefined>;
  /** Sends `payload` to every listener of `channel`: on PostgreSQL, those of every instance on the database. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Hands each payload sent on `channel` to onMessage. onListening(false) warns that payloads may be missed (the
   * listening connection is lost; it is opened again every second until it works), onListening(true) that they
   * arrive again. Listening stops with close().
   */
  listen(channel: string, handlers: ListenHandlers): Promise<void>;
  /**
   * PGlite only: what autovacuum does for PostgreSQL, which PGlite's single-user server never runs: dead rows made
   * reusable and the planner's statistics gathered. Without statistics the planner takes every table for a few rows
   * (a forum page of 2,000 posts was hashed and sorted whole, 46 ms, instead of read off its index, 1 ms; ADR 043).
   */
  vacuum?: () => Promise<void>;
}

export interface ListenHandlers {
  onMessage: (payload: string) => void;
  onListening: (listening: boolean) => void;
}

const MIGRATION_LOCK_KEY = 727_001;

/** Told of every statement run through `db` (drizzle's queries and the auth library's): for counting them. */
export type QueryListener = (query: string) => void;

/**
 * PostgreSQL when a URL is given; else PGlite in `dataDir` (or in memory when dataDir is null, for tests).
 * `onConnectionLost` hears of a pooled PostgreSQL connection that broke while idle (a server restart, a failover, an
 * administrator ending it): the pool drops it and opens another for the next query, and the process carries on.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string | null; onQuery?: QueryListener; onConnectionLost?: (error: Error) => void }): Promise<Database> {
  const logger = opts.onQuery && { logQuery: opts.onQuery };
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, logger, opts.onConnectionLost);
  return openPglite(opts.dataDir === null ? undefined : path.join(opts.dataDir, 'pglite'), logger);
}

async function openPostgres(url: string, logger?: { logQuery: QueryListener }, onConnectionLost: (error: Error) => void = () => {}): Promise<Database> {
  // Every pool connection listens too: PostgreSQL hands a session its own notifications before it reports the commit,
  // so a change this instance writes has reached its listeners by the time the writing query returns (the dedicated
  // connection below hears it a moment later, and is the one that says whether notifications arrive at all).
  const channels = new Map<string, Set<ListenHandlers['onMessage']>>();
  const heardBy = new WeakMap<pg.ClientBase, Set<string>>();
  /** LISTENs on what the connection does not hear yet; run only while nobody else uses the connection. */
  async function listenOn(client: pg.ClientBase) {
    let heard = heardBy.get(client);
    if (!heard) {
      heardBy.set(client, (heard = new Set()));
      client.on('notification', (n) => {
        if (n.payload === undefined) return;
        for (const onMessage of channels.get(n.channel) ?? []) onMessage(n.payload);
      });
    }
    for (const channel of channels.keys()) {
      if (heard.has(channel)) continue;
      await client.query(`LISTEN ${channel}`);
      heard.add(channel);
    }
  }
  // A new connection listens before the pool hands it out (should that fail, the dedicated connection still hears).
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, onConnect: (client) => listenOn(client).catch(() => {}) });
  // Without a listener, an idle connection's error would be thrown from the pool's event and end the process.
  pool.on('error', onConnectionLost);
  // LISTEN holds its connection for good: one client of its own per channel, outside the pool.
  const listeners = new Set<pg.Client>();
  let closed = false;
  /**
   * A channel added while the pool has connections (those the migrations opened): the idle ones listen now, taken
   * from the pool so that no query runs beside the LISTEN. One in use at this moment (none at start-up, when the
   * channels are added) hears the channel only through the dedicated connection.
   */
  async function listenOnIdle() {
    const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    await Promise.all(idle.map((client) => listenOn(client).finally(() => client.release())));
  }
  async function listen(channel: string, handlers: ListenHandlers): Promise<void> {
    if (closed) return;
    if (!channels.has(channel)) {
      channels.set(channel, new Set());
      await listenOnIdle().catch(() => {});
    }
    channels.get(channel)!.add(handlers.onMessage);
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      listeners.delete(client);
      handlers.onListening(false);
      client.end().catch(() => {});
      if (!closed) setTimeout(() => void listen(channel, handlers), 1000).unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onMessage(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    listeners.add(client);
    handlers.onListening(true);
  }
  const db = drizzlePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
  async function withAdvisoryLock<T>(key: number, fn: () => Promise<T>, wait = false): Promise<T | undefined> {
    const client = await pool.connect();
    try {
      if (wait) await client.query('SELECT pg_advisory_lock($1)', [key]);
      else {
        const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
        if (!rows[0]?.ok) return undefined;
      }
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [key]);
      }
    } finally {
      client.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await withAdvisoryLock(MIGRATION_LOCK_KEY, () => migratePg(drizzlePg(pool, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR }), true);
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end()));
      // pool.end() resolves once its clients are told to end, not once they have: wait for each, so that nothing
      // after it (a dropped test database, the process exit) cuts a connection still saying goodbye.
      const gone = new Promise<void>((resolve) => {
        let open = pool.totalCount;
        if (open === 0) resolve();
        pool.on('remove', () => {
          if (--open <= 0) resolve();
        });
      });
      await pool.end();
      await gone;
    },
    withAdvisoryLock: (key, fn) => withAdvisoryLock(key, fn),
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen,
  };
}

// PostgreSQL's default 128 MB of shared buffers is far more than one user's laptop needs and would make up most of the
// process's memory.
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * Creates a new PGlite data folder in a process of its own. Creating one runs initdb, a second WebAssembly instance
 * whose memory the process would otherwise keep for good (about 450 MB of a first start's RSS); the server then opens
 * the folder as on any later start.
 */
async function initPgliteDir(dir: string): Promise<void> {
  const code = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
const client = await PGlite.create(${JSON.stringify(dir)}, { postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
await client.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code]);
}

async function openPglite(dir: string | undefined, logger?: { logQuery: QueryListener }): Promise<Database> {
  if (dir && !fs.existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDir(dir);
  const client = await PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
  // drizzle calls only query() and transaction() on its client, which is what the prepared-statement client offers.
  const db = drizzlePglite(preparedStatements(client) as unknown as PGlite, { schema, casing: 'snake_case', logger }) as unknown as Db;
  let countedSinceStart = false;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
    // One process owns a PGlite folder (see data-dir-lock.ts), so there is no one else to exclude.
    withAdvisoryLock: (_key, fn) => fn(),
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handlers) {
      await client.listen(channel, handlers.onMessage);
      handlers.onListening(true);
    },
    async vacuum() {
      // PGlite starts with its counters at zero (it keeps no statistics file across starts): what changed before this
      // start is known only to a vacuum of everything, the first run's.
      if (!countedSinceStart) {
        await client.exec('VACUUM (ANALYZE)');
        countedSinceStart = true;
        return;
      }
      // The counters a statement leaves are sent on within a second; this run should see all of them.
      await client.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE_TABLES);
      const names = (due: 'vacuum' | 'analyze') => rows.filter((r) => r[due]).map((r) => r.name);
      if (names('vacuum').length > 0) await client.exec(`VACUUM ${names('vacuum').join(', ')}`);
      if (names('analyze').length > 0) await client.exec(`ANALYZE ${names('analyze').join(', ')}`);
    },
  };
}

/**
 * The tables autovacuum would work on now, by its default thresholds: vacuumed when dead rows pass 50 + 20 % of the
 * table (or rows inserted since the last vacuum pass 1,000 + 20 %), analysed when rows changed since the last
 * analysis pass 50 + 10 %, or when the table was never analysed. Work on the tables that changed, not on all of them,
 * keeps a run short: PGlite answers nothing else meanwhile.
 */
const DUE_TABLES = `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) AS vacuum,
    c.reltuples < 0 OR s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyze
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`;
