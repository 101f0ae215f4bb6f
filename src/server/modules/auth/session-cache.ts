import type { Database } from '../../db/client';

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
 * other instance by a database notification. While notifications cannot arrive (the listening connection is lost),
 * nothing is answered from the cache.
 */
export function createSessionCache(database: Database, opts: { ttlMs: number; maxEntries: number; onError: (error: unknown) => void }) {
  const entries = new Map<string, { session: SignedInSession; until: number }>();
  let listening = false;
  // Bumped by every revocation: a session read from the database before one is not cached after it.
  let revision = 0;

  function drop(userId: string) {
    revision++;
    for (const [cookie, entry] of entries) if (entry.session.userId === userId) entries.delete(cookie);
  }

  database
    .listen(REVOKED_CHANNEL, {
      onMessage: drop,
      onListening: (up) => {
        revision++;
        entries.clear();
        listening = up;
      },
    })
    .catch(opts.onError);

  return {
    /** The session behind this signed cookie: from the cache while it is fresh, else from `load` (null: none). */
    async get(cookie: string, load: () => Promise<SignedInSession | null>): Promise<SignedInSession | null> {
      const now = Date.now();
      const hit = entries.get(cookie);
      if (hit && hit.until > now && hit.session.expiresAt.getTime() > now) return hit.session;
      if (hit) entries.delete(cookie);
      const seen = revision;
      const session = await load();
      if (session && listening && seen === revision) {
        if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(cookie, { session, until: now + opts.ttlMs });
      }
      return session;
    },
    /** Ends the account's cached sessions on every instance, once its session rows are gone. */
    async revokeUser(userId: string) {
      drop(userId);
      await database.notify(REVOKED_CHANNEL, userId);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
