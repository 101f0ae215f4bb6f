import { parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** What drizzle's PGlite session calls in a transaction (a nested one is a savepoint, sent as a query). */
export interface PgliteTransactionClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** What drizzle's PGlite session calls on its client. */
export interface PgliteQueryClient extends PgliteTransactionClient {
  transaction<T>(fn: (tx: PgliteTransactionClient) => Promise<T>): Promise<T>;
}

interface Statement {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it when the statement was prepared. */
  paramTypes: number[];
}

/** Statements worth keeping: drizzle's reads and writes. Anything else (DDL, SET, savepoints) runs as PGlite runs it. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\s/i;

const { serialize } = protocol;

/** Statement names are unique in the process, so two clients on one database never take each other's. */
let named = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Runs drizzle's statements on PGlite as named prepared statements (ADR 041). PGlite's own `query()` parses, describes
 * and plans the text anew for every call, in six calls into the WebAssembly module; here each distinct text is parsed
 * once, and each later run is one call (Bind, Describe, Execute, Sync), planned as PostgreSQL plans prepared statements.
 * At most `max` statements are kept; the oldest is closed to make room for a new one. Results, errors (PGlite's
 * DatabaseError, carrying the query) and the file-system sync after a statement outside a transaction are as with
 * `query()`.
 */
export function preparedStatements(client: PGlite, max = 500): PgliteQueryClient {
  const statements = new Map<string, Statement>();

  async function exec(message: Uint8Array, options: QueryOptions | undefined) {
    return client.execProtocolStream(message, { syncToFs: false, onNotice: options?.onNotice });
  }

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const parts: Uint8Array[] = [];
    if (statements.size >= max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `ff_${++named}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(await exec(concat(parts), options)) };
    statements.set(text, statement);
    return statement;
  }

  /** One statement, holding PGlite's query lock; `syncAfter` outside a transaction, as PGlite's own query() does. */
  function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, syncAfter: boolean): Promise<Results<T>> {
    return client.runExclusive(async () => {
      if (client.closed) throw new Error('PGlite is closed');
      let messages: Awaited<ReturnType<typeof exec>>;
      try {
        const statement = statements.get(text) ?? (await prepare(text, options));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = statement.paramTypes[i] as number;
          const serializer = options?.serializers?.[type] ?? client.serializers[type];
          return serializer ? serializer(value) : String(value);
        });
        const bind = serialize.bind({ statement: statement.name, values });
        messages = await exec(concat([bind, serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]), options);
      } catch (error) {
        throw Object.assign(error as Error, { query: text, params, queryOptions: options });
      }
      if (syncAfter) await client.syncToFs();
      // parseResults would copy PGlite's 300-odd parsers to add a query's own (drizzle passes its own with every
      // query); a thin object over them does the same.
      const parsers = options?.parsers ? Object.assign(Object.create(client.parsers), options.parsers) : client.parsers;
      return parse.parseResults(messages, parsers, { rowMode: options?.rowMode })[0] as Results<T>;
    });
  }

  const usesCache = (text: string, options?: QueryOptions) => CACHEABLE.test(text) && !options?.blob && !options?.paramTypes;

  return {
    query: (text, params = [], options) => (usesCache(text, options) ? client._runExclusiveTransaction(() => run(text, params, options, true)) : client.query(text, params, options)),
    transaction: (fn) =>
      client.transaction((tx: Transaction) =>
        fn({
          query(text, params = [], options) {
            if (!usesCache(text, options)) return tx.query(text, params, options);
            if (tx.closed) throw new Error('Transaction is closed');
            return run(text, params, options, false);
          },
        }),
      ),
  };
}
