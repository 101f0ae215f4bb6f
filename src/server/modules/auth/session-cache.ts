import type { Database } from '#server/db/client';
import { createNotifiedCache } from '#server/lib/notified-cache';

/** What the auth guard needs of a session. */
export interface SignedInSession {
  id: string;
  /** The account (better-auth user) the session belongs to. */
  userId: string;
  /** When the user signed in. */
  createdAt: Date;
  expiresAt: Date;
}

const REVOKED_CHANNEL = 'session_revoked';

/**
 * The sessions this instance has seen lately, by their signed session cookie, so that a signed-in request does not
 * read the session table (ADR 015). An ended session leaves the cache of this instance at once and that of every
 * other instance by a database notification; an entry never outlives its session's expiry.
 */
export function createSessionCache(database: Database, opts: { ttlMs: number; maxEntries: number; onError: (error: unknown) => void }) {
  const cache = createNotifiedCache<SignedInSession>(database, REVOKED_CHANNEL, {
    ...opts,
    owner: (session) => session.userId,
    validUntil: (session) => session.expiresAt.getTime(),
  });
  return {
    /** The session behind this signed cookie: from the cache while it is fresh, else from `load` (null: none). */
    get: cache.get,
    /** Ends the account's cached sessions on every instance, once its session rows are gone. */
    revokeUser: cache.dropEverywhere,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
