import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_KEY_TTL_HOURS, idempotencyKeySchema } from '#core/common/idempotency';
import type { Db } from '#server/db/client';
import { idempotencyKeys } from '#server/db/schema';
import { AppError } from './app-error';
import type { IdempotentEnv, SignedInEnv } from './context';

const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;

/** An answer that is not kept: the transaction that claimed the key is rolled back, and the answer goes out as it is. */
class NotKept extends Error {}

/**
 * What `idempotent: true` on a contract means (ADR 023). Without the header the handler runs as usual. With it, the
 * key is claimed by inserting its row in a transaction that the handler then writes in (`c.var.db`) and that keeps
 * the handler's answer; a repeat of the same request answers that first result (with `Idempotent-Replayed: true`),
 * another request under the same key is refused with 422. A twin arriving while the first is still running waits on
 * the row's key until the first commits, then answers its result: the database, not a flag, makes it one record.
 * Only successful answers are kept: after an error (a 400, a refused tier, a failure) nothing was stored, the key is
 * free and a retry runs again.
 */
export function idempotency(db: Db): MiddlewareHandler<SignedInEnv & IdempotentEnv> {
  return async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) {
      c.set('db', db);
      return next();
    }
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw AppError.validation([{ field: 'Idempotency-Key', message: IDEMPOTENCY_MESSAGES.format }]);
    const key = parsed.data;
    const userId = c.get('user').id;
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
      .digest('hex');
    try {
      const replay = await db.transaction(async (tx) => {
        // A fresh row, or the reuse of a row whose day has passed. A live row keeps the key (and is locked by this
        // statement, so it stays until the transaction ends): nothing is returned.
        const [claimed] = await tx
          .insert(idempotencyKeys)
          .values({ userId, key, fingerprint })
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: { fingerprint, statusCode: null, body: null, createdAt: sql`now()` },
            setWhere: lt(idempotencyKeys.createdAt, expired),
          })
          .returning({ key: idempotencyKeys.key });
        if (!claimed) {
          const [first] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
          // A committed row holds its answer: the claiming transaction wrote it before it committed.
          const { fingerprint: firstFingerprint, statusCode, body } = first!;
          if (firstFingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          return c.body(body!, statusCode as ContentfulStatusCode, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
        }
        c.set('db', tx);
        await next();
        if (!c.res.ok) throw new NotKept();
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: c.res.status, body: await c.res.clone().text() })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return undefined;
      });
      if (replay) return replay;
    } catch (e) {
      if (!(e instanceof NotKept)) throw e;
    }
  };
}

/** Forgets keys whose day has passed (hourly): they no longer count, and would only fill the table. */
export async function sweepIdempotencyKeys(db: Db): Promise<{ deleted: number }> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expired)).returning({ key: idempotencyKeys.key });
  return { deleted: rows.length };
}
