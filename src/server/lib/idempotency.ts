import { createHash } from 'node:crypto';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_HOURS, idempotencyKeySchema } from '#core/common/idempotency';
import { IDEMPOTENCY_MESSAGES } from '#core/common/messages';
import type { Db } from '#server/db/client';
import { idempotencyKeys } from '#server/db/schema';
import { AppError } from './app-error';
import type { IdempotentEnv, SignedInEnv } from './context';

const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;

/** An answer that is not kept: the transaction that claimed the key is rolled back, and the answer goes out as it is. */
class NotKept extends Error {}

/** The answer's headers a replay repeats (the body's type, and where a created record lives). */
const KEPT_HEADERS = ['content-type', 'location'] as const;

/** SHA-256 of the method, the path with its query, and the body: a repeat must be the same request. */
async function fingerprintOf(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  return createHash('sha256')
    .update(`${c.req.method} ${url.pathname}${url.search}\n${await c.req.text()}`)
    .digest('hex');
}

type Stored = { statusCode: number | null; body: string | null; headers: Record<string, string> | null };

/** The first answer again, marked as a replay. */
function replayed(c: Context, first: Stored): Response {
  return c.body(first.body!, first.statusCode as ContentfulStatusCode, { 'content-type': 'application/json', ...first.headers, 'idempotent-replayed': 'true' });
}

/**
 * What `idempotent: true` on a contract means (ADR 023). Without the header the handler runs as usual. With it, the
 * key is claimed by inserting its row in a transaction that the handler then writes in (`c.var.db`) and that keeps
 * the handler's answer; a repeat of the same request answers that first result (with `Idempotent-Replayed: true`),
 * another request under the same key is refused with 422. A twin arriving while the first is still running waits on
 * the row's key until the first commits, then answers its result: the database, not a flag, makes it one record.
 * Only successful answers are kept: after an error (a 400, a refused tier, a failure) nothing was stored, the key is
 * free and a retry runs again.
 *
 * `replay` runs right after the auth guard, before the limits (ADR 026): a repeat whose answer is stored is answered
 * from it by one read of the user's own row, and counts against no limit. Anything else goes on to the limits and
 * then to `claim`, which handles it as above.
 */
export function idempotency(db: Db): { replay: MiddlewareHandler<SignedInEnv>; claim: MiddlewareHandler<SignedInEnv & IdempotentEnv> } {
  const replay: MiddlewareHandler<SignedInEnv> = async (c, next) => {
    const parsed = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER));
    // No key, or one `claim` will refuse: not a replay.
    if (!parsed.success) return next();
    const [first] = await db
      .select({ fingerprint: idempotencyKeys.fingerprint, statusCode: idempotencyKeys.statusCode, body: idempotencyKeys.body, headers: idempotencyKeys.headers })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, c.get('user').id), eq(idempotencyKeys.key, parsed.data), isNotNull(idempotencyKeys.statusCode), gt(idempotencyKeys.createdAt, expired)));
    if (!first || first.fingerprint !== (await fingerprintOf(c))) return next();
    return replayed(c, first);
  };

  const claim: MiddlewareHandler<SignedInEnv & IdempotentEnv> = async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) {
      c.set('db', db);
      return next();
    }
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw AppError.validation([{ field: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.format }]);
    const key = parsed.data;
    const userId = c.get('user').id;
    const fingerprint = await fingerprintOf(c);
    try {
      const replay = await db.transaction(async (tx) => {
        // A fresh row, or the reuse of a row whose day has passed. A live row keeps the key (and is locked by this
        // statement, so it stays until the transaction ends): nothing is returned.
        const [claimed] = await tx
          .insert(idempotencyKeys)
          .values({ userId, key, fingerprint })
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: { fingerprint, statusCode: null, body: null, headers: null, createdAt: sql`now()` },
            setWhere: lt(idempotencyKeys.createdAt, expired),
          })
          .returning({ key: idempotencyKeys.key });
        if (!claimed) {
          const [first] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
          // A committed row holds its answer: the claiming transaction wrote it before it committed.
          if (first!.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          return replayed(c, first!);
        }
        c.set('db', tx);
        await next();
        if (!c.res.ok) throw new NotKept();
        const headers: Record<string, string> = {};
        for (const name of KEPT_HEADERS) {
          const value = c.res.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: c.res.status, body: await c.res.clone().text(), headers })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return undefined;
      });
      if (replay) return replay;
    } catch (e) {
      if (!(e instanceof NotKept)) throw e;
    }
  };
  return { replay, claim };
}

/** Forgets keys whose day has passed (hourly): they no longer count, and would only fill the table. */
export async function sweepIdempotencyKeys(db: Db): Promise<{ deleted: number }> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expired)).returning({ key: idempotencyKeys.key });
  return { deleted: rows.length };
}
