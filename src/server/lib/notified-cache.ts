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
 * (ADR 015, ADR 019). A value read from the database while a notification arrives is not kept (a revision counter),
 * so a read that raced a change cannot put the old value back. While notifications cannot arrive (the listening
 * connection is lost), nothing is answered from memory.
 */
export function createNotifiedCache<V>(database: Database, channel: string, opts: NotifiedCacheOptions<V>) {
  const entries = new Map<string, { value: V; until: number; owner: string }>();
  const byOwner = new Map<string, Set<string>>();
  let listening = false;
  let revision = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byOwner.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) byOwner.delete(entry.owner);
  }

  function drop(owner: string) {
    revision++;
    for (const key of byOwner.get(owner) ?? []) entries.delete(key);
    byOwner.delete(owner);
  }

  database
    .listen(channel, {
      onMessage: drop,
      onListening: (up) => {
        revision++;
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
      const seen = revision;
      const value = await load();
      if (value !== null && listening && seen === revision) {
        if (entries.size >= opts.maxEntries) remove(entries.keys().next().value!);
        const owner = opts.owner(value);
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
