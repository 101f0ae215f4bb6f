import type { Database } from '#server/db/client';

/** How long one database check answers the health checks that follow it. */
export const CHECK_FRESH_MS = 1000;

/**
 * The database check behind GET /api/health: one query at a time, and its answer kept for CHECK_FRESH_MS, so a load
 * balancer or monitor polling many times a second costs the database one `SELECT 1` a second; a failure (or a
 * recovery) shows within that second.
 */
export function databaseCheck(database: Pick<Database, 'ping'>): () => Promise<boolean> {
  let last: { at: number; ok: boolean } | undefined;
  let running: Promise<boolean> | undefined;
  return () => {
    if (last && performance.now() - last.at < CHECK_FRESH_MS) return Promise.resolve(last.ok);
    running ??= database.ping().then(
      () => done(true),
      () => done(false),
    );
    return running;
  };
  function done(ok: boolean) {
    last = { at: performance.now(), ok };
    running = undefined;
    return ok;
  }
}
