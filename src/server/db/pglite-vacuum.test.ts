import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

interface Client {
  query<T>(q: string, p?: unknown[]): Promise<{ rows: T[] }>;
}

// The server's vacuum job stands in for autovacuum on PGlite, and PGlite answers nothing else while it runs: each run
// works on the tables that changed enough since the last, as autovacuum would, and leaves the others alone.
describe('the vacuum job on PGlite', () => {
  let database: Database;
  let client: Client;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await database.migrate();
    client = (database.db as unknown as { $client: Client }).$client;
  });
  afterAll(() => database.close());

  /** How many times each table was vacuumed and analysed so far. */
  async function counts() {
    await client.query('SELECT pg_stat_force_next_flush()');
    const { rows } = await client.query<{ relname: string; vacuum_count: string; analyze_count: string }>('SELECT relname, vacuum_count, analyze_count FROM pg_stat_user_tables');
    return new Map(rows.map((r) => [r.relname, { vacuumed: Number(r.vacuum_count), analysed: Number(r.analyze_count) }]));
  }
  /** The tables whose counts moved between two readings. */
  function moved(before: Awaited<ReturnType<typeof counts>>, after: Awaited<ReturnType<typeof counts>>, key: 'vacuumed' | 'analysed') {
    return [...after].filter(([name, c]) => c[key] !== before.get(name)?.[key]).map(([name]) => name);
  }

  it('works on every table after a start, then only on those that changed enough', async () => {
    const fresh = await counts();
    await database.vacuum?.();
    const first = await counts();
    // PGlite's counters start at zero: the first run after a start works on every table.
    expect(moved(fresh, first, 'analysed').sort()).toEqual([...first.keys()].sort());
    expect(moved(fresh, first, 'vacuumed').sort()).toEqual([...first.keys()].sort());

    await database.vacuum?.();
    const idle = await counts();
    expect(moved(first, idle, 'analysed')).toEqual([]);
    expect(moved(first, idle, 'vacuumed')).toEqual([]);

    await client.query(`INSERT INTO auth_user (id, name, email) VALUES ('writer', 'Writer', 'writer@example.com')`);
    const [{ id }] = (await client.query<{ id: string }>(`SELECT id FROM users WHERE auth_id = 'writer'`)).rows; // made by trigger
    await client.query(`INSERT INTO posts (user_id, category, title, content) SELECT $1, 'training', 'Day ' || n, 'Squats' FROM generate_series(1, 2000) n`, [id]);
    await database.vacuum?.();
    const written = await counts();
    // 2,000 new posts pass both thresholds; one new user row passes neither.
    expect(moved(idle, written, 'analysed')).toEqual(['posts']);
    expect(moved(idle, written, 'vacuumed')).toEqual(['posts']);
    const [{ reltuples }] = (await client.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'posts'`)).rows;
    expect(reltuples).toBe(2000);

    await client.query(`DELETE FROM posts WHERE title LIKE 'Day 1%'`); // 1,111 of them
    await database.vacuum?.();
    const deleted = await counts();
    expect(moved(written, deleted, 'vacuumed')).toEqual(['posts']);
    const [{ dead }] = (await client.query<{ dead: number }>(`SELECT n_dead_tup AS dead FROM pg_stat_user_tables WHERE relname = 'posts'`)).rows;
    expect(dead).toBe(0);
  });
});
