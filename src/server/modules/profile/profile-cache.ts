import type { Me } from '#core/profile/schemas';
import type { Database } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import type { Serialised } from '#server/lib/kept-answers';
import { createNotifiedCache } from '#server/lib/notified-cache';
import { findProfileByAuthId } from './profile.repo';
import { readProfile } from './services/get-profile';

/** A profile as the guard loads it: the row and the user's language. */
type SignedInProfile = NonNullable<Awaited<ReturnType<typeof findProfileByAuthId>>>;

/** Sent by the database itself whenever a row a profile or GET /api/me is made of changes (migration 0013). */
const CHANGED_CHANNEL = 'profile_changed';

/**
 * The profiles of the accounts signed in lately, by account id, and GET /api/me of each, so that a signed-in request
 * does not read the database (ADR 019). Every change to a profile's rows drops it from every instance: the database
 * announces it; the instance that made a change through a signed-in request (or the auth library) drops it at once
 * too, before it answers.
 */
export function createProfileCache(database: Database, opts: { ttlMs: number; maxEntries: number; onError: (error: unknown) => void }) {
  const profiles = createNotifiedCache<SignedInProfile>(database, CHANGED_CHANNEL, { ...opts, owner: (found) => found.profile.authId });
  // GET /api/me of a profile object the cache handed out, serialised once: a dropped profile is read again as a new
  // object, so its answer goes with it. A profile changed on the way (an expired cancellation) is a new object too.
  const answers = new WeakMap<UserRow, { json: Serialised<Me>; until: number }>();
  return {
    /** The account's profile and language (null: no profile). */
    user: (authId: string) => profiles.get(authId, () => findProfileByAuthId(database.db, authId)),
    /** GET /api/me for this profile, as JSON. */
    async me(user: UserRow): Promise<Serialised<Me>> {
      const now = Date.now();
      const hit = answers.get(user);
      if (hit && hit.until > now) return hit.json;
      const { me, changesAt } = await readProfile(database.db, user);
      const json: Serialised<Me> = JSON.stringify(me);
      answers.set(user, { json, until: Math.min(now + opts.ttlMs, changesAt?.getTime() ?? Infinity) });
      return json;
    },
    /** Drops the account's profile on this instance at once (the others hear it from the database). */
    drop: profiles.drop,
  };
}

export type ProfileCache = ReturnType<typeof createProfileCache>;
