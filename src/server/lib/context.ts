import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** What middleware puts on the request context for the handlers after it. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by the auth guard: the signed-in user's profile. */
    user: UserRow;
    sessionId: string;
    /** When the session's user signed in (the session's creation). */
    signedInAt: Date;
  };
}
