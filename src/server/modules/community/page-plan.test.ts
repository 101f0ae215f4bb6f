import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client';
import { listPosts } from './community.repo';

// PGlite runs no autovacuum: without the server's vacuum job its planner never learns how big a table is, and reads
// a forum page by hashing and sorting every post instead of walking the newest-first index.
describe('the forum page on PGlite', () => {
  let database: Database;
  const statements: string[] = [];
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null, onQuery: (q) => statements.push(q) });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('gathers the statistics a forum page needs to be read off its index', async () => {
    const client = (database.db as unknown as { $client: { query<T>(q: string, p?: unknown[]): Promise<{ rows: T[] }> } }).$client;
    await client.query(`INSERT INTO auth_user (id, name, email) VALUES ('reader', 'Reader', 'reader@example.com')`);
    const [{ id }] = (await client.query<{ id: string }>(`SELECT id FROM users WHERE auth_id = 'reader'`)).rows; // made by trigger
    await client.query(
      `INSERT INTO posts (user_id, category, title, content, created_at)
       SELECT $1, 'training', 'Day ' || n, 'Squats 5x5', now() - n * interval '1 minute' FROM generate_series(1, 2000) n`,
      [id],
    );
    const viewer = { id, moderator: false };
    await listPosts(database.db, viewer as never, { limit: 20, offset: 0 });
    const page = statements.find((q) => q.includes('order by "posts"."created_at" desc'));
    if (!page) throw new Error('the page query was not seen');
    const plan = async () => {
      const [row] = (await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${page}`, [id, id, id, false, 20, 0])).rows;
      return JSON.stringify(row['QUERY PLAN']);
    };
    const tuples = async () => (await client.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'posts'`)).rows[0].reltuples;

    expect(await tuples()).toBe(-1); // never counted
    expect(await plan()).not.toContain('posts_newest_idx');
    await database.vacuum?.();
    expect(await tuples()).toBe(2000);
    expect(await plan()).toContain('posts_newest_idx');
  });
});
