import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-statements';

// The prepared-statement client against PGlite's own query(): the same answers, each text parsed once, a bounded
// number of statements kept, errors and transactions as before.
describe('PGlite through named prepared statements', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, tags text[], meta jsonb, at timestamptz, price numeric);
      INSERT INTO item VALUES (1, 'oats', '{grain,breakfast}', '{"kcal": 389}', '2026-11-29T06:00:00Z', 1.25)`);
  });
  afterAll(() => pg.close());
  const prepared = async () => (await pg.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY prepare_time')).rows.map((r) => r.name);

  it('answers as PGlite does: rows, fields, counts, parsed types, array rows and per-query parsers', async () => {
    const client = preparedStatements(pg);
    const text = 'select id, name, tags, meta, at, price from item where id = $1 and name <> $2';
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { [types.TIMESTAMPTZ]: (v: string) => v } }]) {
      const expected = await pg.query(text, [1, 'x'], options);
      expect(await client.query(text, [1, 'x'], options)).toEqual(expected);
    }
    const row = (await client.query<Record<string, unknown>>(text, [1, null])).rows;
    expect(row).toEqual([]); // name <> NULL is never true
    const inserted = await client.query('insert into item (id, name, tags, meta, at) values ($1, $2, $3, $4, $5) returning id, tags, meta, at', [
      2,
      'rice',
      ['grain'],
      JSON.stringify({ kcal: 130 }),
      new Date('2026-11-29T07:00:00Z'),
    ]);
    expect(inserted).toMatchObject({ affectedRows: 1, rows: [{ id: 2, tags: ['grain'], meta: { kcal: 130 }, at: new Date('2026-11-29T07:00:00Z') }] });
    expect(await client.query('update item set price = $1 where id >= $2', ['2.50', 1])).toMatchObject({ affectedRows: 2, rows: [] });
    expect(await client.query('delete from item where id = $1', [2])).toMatchObject({ affectedRows: 1 });
  });

  it('parses each text once, keeps at most `max` statements, and closes the oldest', async () => {
    await pg.exec('DEALLOCATE ALL');
    const client = preparedStatements(pg, 2);
    for (let i = 0; i < 5; i++) await client.query('select name from item where id = $1', [1]);
    expect(await prepared()).toHaveLength(1);
    await client.query('select id from item where name = $1', ['oats']);
    await client.query('select price from item where id = $1', [1]);
    expect(await prepared()).toHaveLength(2);
    // The first statement was closed; running its text again prepares it anew and still answers.
    expect((await client.query('select name from item where id = $1', [1])).rows).toEqual([{ name: 'oats' }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('throws PostgreSQL errors with their code and query, and carries on; a bad text is not kept', async () => {
    await pg.exec('DEALLOCATE ALL');
    const client = preparedStatements(pg);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', query: insert });
    await expect(client.query('select nope from item where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query('select name from item where id = $1', ['one'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query('select name from item where id = $1', [1])).rows).toEqual([{ name: 'oats' }]);
    expect(await prepared()).toHaveLength(2);
  });

  it('runs in transactions: a rollback undoes its statements, an error rolls the whole transaction back', async () => {
    const client = preparedStatements(pg);
    const insert = 'insert into item (id, name) values ($1, $2)';
    await client.transaction(async (tx) => {
      await tx.query(insert, [10, 'kept']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [11, 'undone']);
        await tx.query(insert, [10, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await client.query<{ name: string }>('select name from item where id >= $1 order by id', [10]);
    expect(names.rows).toEqual([{ name: 'kept' }]);
    // A statement prepared inside a rolled-back transaction is still there for the next one.
    await expect(
      client.transaction(async (tx) => {
        await tx.query('select id from item where name = $1 and id > $2', ['kept', 0]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query('select id from item where name = $1 and id > $2', ['kept', 0])).rows).toEqual([{ id: 10 }]);
  });

  it('leaves statements other than reads and writes to PGlite, unprepared', async () => {
    await pg.exec('DEALLOCATE ALL');
    const client = preparedStatements(pg);
    await client.transaction(async (tx) => {
      await tx.query('savepoint sp1');
      await tx.query('release savepoint sp1');
    });
    await client.query('create index item_name on item (name)');
    expect(await prepared()).toEqual([]);
  });

  it('refuses a statement once the database is closed, as PGlite does', async () => {
    const own = await PGlite.create();
    const client = preparedStatements(own);
    expect((await client.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    await own.close();
    await expect(client.query('select $1::int as n', [1])).rejects.toThrow('PGlite is closed');
  });
});
