import type { Database } from '#server/db/client';

export interface NotifiedCacheOptions<V> {
  /** How long an entry is used without being read again from the database. */
  ttlMs: number;
  maxEntries: number;
  onError: (error: unknown) => void;
  /** The account an entry belongs to: a notification naming it drops all of the account's entries. */
  owner: (value: V) => string;
  /** When an entry stops being true by itself (a session's expiry), as epoch milliseconds. */
  validUntil?: (value: V) => number;
}

/**
 * Values this instance read from the database lately, dropped by every instance when a notification on `channel`
 * names their account: at once on the instance that calls `drop`, and through a database notification on the others
 * (ADR 015, ADR 019). A value read from the database while a notification for its account arrives is not kept, so a
 * read that raced a change cannot put the old value back; other accounts' changes do not stop it from being kept.
 * While notifications cannot arrive (the listening connection is lost), nothing is answered from memory.
 */
export function createNotifiedCache<V>(database: Database, channel: string, opts: NotifiedCacheOptions<V>) {
  const entries = new Map<string, { value: V; until: number; owner: string }>();
  const byOwner = new Map<string, Set<string>>();
  let listening = false;
  // A clock of drops: while reads are in flight, when each account was last dropped and when everything was.
  let clock = 0;
  let clearedAt = 0;
  let loading = 0;
  const droppedAt = new Map<string, number>();

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byOwner.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) byOwner.delete(entry.owner);
  }

  function drop(owner: string) {
    if (loading > 0) droppedAt.set(owner, ++clock);
    for (const key of byOwner.get(owner) ?? []) entries.delete(key);
    byOwner.delete(owner);
  }

  database
    .listen(channel, {
      onMessage: drop,
      onListening: (up) => {
        clearedAt = ++clock;
        entries.clear();
        byOwner.clear();
        listening = up;
      },
    })
    .catch(opts.onError);

  return {
    /** The value under `key`: from memory while it is fresh, else from `load` (null: none, not kept). */
    async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (hit) remove(key);
      const seen = clock;
      loading++;
      let value: V | null;
      try {
        value = await load();
      } finally {
        loading--;
      }
      const owner = value === null ? '' : opts.owner(value);
      const raced = clearedAt > seen || (droppedAt.get(owner) ?? 0) > seen;
      if (loading === 0) droppedAt.clear();
      if (value !== null && listening && !raced) {
        if (entries.size >= opts.maxEntries) remove(entries.keys().next().value!);
        entries.set(key, { value, owner, until: Math.min(now + opts.ttlMs, opts.validUntil?.(value) ?? Infinity) });
        let keys = byOwner.get(owner);
        if (!keys) byOwner.set(owner, (keys = new Set()));
        keys.add(key);
      }
      return value;
    },
    /** Drops the account's entries on this instance; the notification on `channel` drops them on the others. */
    drop,
    /** Sends the notification that drops the account's entries on every instance, this one at once. */
    async dropEverywhere(owner: string) {
      drop(owner);
      await database.notify(channel, owner);
    },
  };
}
