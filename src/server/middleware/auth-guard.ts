import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AppEnv, UserRow } from '../lib/context';
import type { Auth } from '../modules/auth/auth';
import type { SessionCache, SignedInSession } from '../modules/auth/session-cache';
import { findProfileByAuthId } from '../modules/profile/profile.repo';

/**
 * Routes behind it need a signed-in user: 401 without a session, 404 'User profile not found' when the account has
 * no profile, 500 'Authentication failed' when the lookup itself fails (reported). Handlers get the profile, as
 * `onLoad` leaves it, and the user's language.
 */
export function authGuard(deps: {
  auth: Auth;
  db: Db;
  sessions: SessionCache;
  /** Runs on every profile load, before any handler sees the profile; returns the profile to use. */
  onLoad: (user: UserRow) => Promise<UserRow>;
}): MiddlewareHandler {
  let cookieName: string | undefined;
  const load = async (headers: Headers): Promise<SignedInSession | null> => {
    const found = await deps.auth.api.getSession({ headers });
    return found && { id: found.session.id, userId: found.user.id, createdAt: found.session.createdAt, expiresAt: found.session.expiresAt };
  };
  return async (c: Context<AppEnv>, next) => {
    let session: SignedInSession | null;
    let found: Awaited<ReturnType<typeof findProfileByAuthId>>;
    try {
      cookieName ??= (await deps.auth.$context).authCookies.sessionToken.name;
      const cookie = getCookie(c, cookieName);
      session = cookie ? await deps.sessions.get(cookie, () => load(c.req.raw.headers)) : null;
      found = session ? await findProfileByAuthId(deps.db, session.userId) : null;
    } catch (error) {
      throw new AppError('INTERNAL_ERROR', 'Authentication failed', { cause: error });
    }
    if (!session) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (!found) throw new AppError('NOT_FOUND', 'User profile not found');
    c.set('user', await deps.onLoad(found.profile));
    c.set('locale', found.locale);
    c.set('sessionId', session.id);
    c.set('signedInAt', session.createdAt);
    return next();
  };
}
