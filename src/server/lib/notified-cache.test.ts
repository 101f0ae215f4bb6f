import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client';
import { createNotifiedCache } from './notified-cache';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
});
afterAll(() => database.close());

type Row = { owner: string; value: number };

/** A read that finishes when the test says so, as a slow database query would. */
function slowRead(row: Row) {
  let finish!: () => void;
  const done = new Promise<Row>((resolve) => {
    finish = () => resolve(row);
  });
  return { load: () => done, finish };
}

describe('a cache of database reads, dropped by notifications', () => {
  let n = 0;
  const fromDb = (row: Row) => async () => row;
  /** A cache on a channel of its own, once it listens (it keeps nothing before). */
  async function cache() {
    const c = createNotifiedCache<Row>(database, `test_cache_${++n}`, {
      ttlMs: 60_000,
      maxEntries: 100,
      onError: (e) => {
        throw e;
      },
      owner: (r) => r.owner,
    });
    for (let i = 0; (await c.get('probe', fromDb({ owner: 'probe', value: i })))?.value === i; i++) await new Promise((r) => setTimeout(r, 5));
    return c;
  }

  it('does not keep a read that raced a change to its account: the old value is not put back', async () => {
    const c = await cache();
    const read = slowRead({ owner: 'ada', value: 1 });
    const pending = c.get('ada', read.load);
    c.drop('ada');
    read.finish();
    expect((await pending)?.value).toBe(1);
    expect((await c.get('ada', fromDb({ owner: 'ada', value: 2 })))?.value).toBe(2);
  });

  it('keeps a read while another account changes: one busy account does not empty the cache for everyone', async () => {
    const c = await cache();
    const read = slowRead({ owner: 'ada', value: 1 });
    const pending = c.get('ada', read.load);
    c.drop('grace');
    read.finish();
    await pending;
    expect((await c.get('ada', fromDb({ owner: 'ada', value: 2 })))?.value).toBe(1);
  });

  it('a notification from another instance drops the account’s entries', async () => {
    const c = await cache();
    await c.get('ada', fromDb({ owner: 'ada', value: 1 }));
    await database.notify(`test_cache_${n}`, 'ada');
    await new Promise((r) => setTimeout(r, 20));
    expect((await c.get('ada', fromDb({ owner: 'ada', value: 2 })))?.value).toBe(2);
  });
});
