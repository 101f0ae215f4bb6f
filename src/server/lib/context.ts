import type { Locale } from '#core/common/schemas';
import type { Db } from '#server/db/client';
import type { users } from '#server/db/schema';

export type UserRow = typeof users.$inferSelect;

/** What middleware puts on every request's context. Behind the auth guard, `SignedInEnv` holds. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by the auth guard: the signed-in user's profile. */
    user?: UserRow;
    sessionId?: string;
    /** When the session's user signed in (the session's creation). */
    signedInAt?: Date;
    /** Set by the auth guard: the language the user chose (English until they choose). */
    locale?: Locale;
    /** Set before the auth guard on a route whose contract says `profileUnchanged`. */
    profileUnchanged?: true;
  };
}

/** The context of a route whose contract says `auth: 'session'`: the guard has run, so the user is there. */
export interface SignedInEnv {
  Variables: AppEnv['Variables'] & { user: UserRow; sessionId: string; signedInAt: Date; locale: Locale };
}

/** The context of a route whose contract counts its limit in the handler (`limitAt: 'handler'`). */
export interface CountLimitEnv {
  Variables: { countLimit: () => Promise<void> };
}

/**
 * The context of a route whose contract is `idempotent`: the database its handler writes with, which is the
 * transaction keeping the answer under the request's Idempotency-Key (or the database itself when none was sent).
 */
export interface IdempotentEnv {
  Variables: { db: Db };
}
