import { REQUEST_MESSAGES } from '#core/errors/request';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '#server/lib/app-error';
import type { AppEnv, UserRow } from '#server/lib/context';
import { requestCookie } from '#server/lib/node-http';
import type { Auth, SessionCache, SignedInSession } from '#server/modules/auth';
import type { ProfileCache } from '#server/modules/profile';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a session cookie carries the auth library's signature of its token (HMAC-SHA256 with the auth secret,
 * base64, after the last dot), checked synchronously: a forged or mangled cookie is refused before it costs a cache
 * entry, an auth library call or a database read.
 */
export function signedBy(secret: string): (cookie: string) => boolean {
  return (cookie) => {
    const dot = cookie.lastIndexOf('.');
    if (dot < 1 || cookie.length - dot - 1 !== 44) return false;
    const expected = createHmac('sha256', secret).update(cookie.slice(0, dot)).digest();
    const given = Buffer.from(cookie.slice(dot + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/**
 * Routes behind it need a signed-in user: 401 without a session, 404 'User profile not found' when the account has
 * no profile, 500 'Authentication failed' when the lookup itself fails (reported). Handlers get the profile, as
 * `onLoad` leaves it, and the user's language. Session and profile come from memory when this instance has them
 * (ADR 015, ADR 019); after a write the user's profile is dropped here before the answer goes out, so the user's next
 * request reads it again, unless the route's contract says the write changes no profile (`profileUnchanged`).
 */
export function authGuard(deps: {
  auth: Auth;
  /** The auth library's secret: the session cookie's signature is checked with it before anything else. */
  secret: string;
  sessions: SessionCache;
  profiles: ProfileCache;
  /** Runs on every profile load, before any handler sees the profile; returns the profile to use. */
  onLoad: (user: UserRow) => Promise<UserRow>;
}): MiddlewareHandler {
  let cookieName: string | undefined;
  const signed = signedBy(deps.secret);
  const load = async (headers: Headers): Promise<SignedInSession | null> => {
    const found = await deps.auth.api.getSession({ headers });
    return found && { id: found.session.id, userId: found.user.id, createdAt: found.session.createdAt, expiresAt: found.session.expiresAt };
  };
  return async (c: Context<AppEnv>, next) => {
    let session: SignedInSession | null;
    let found: Awaited<ReturnType<ProfileCache['user']>>;
    try {
      cookieName ??= (await deps.auth.$context).authCookies.sessionToken.name;
      const cookie = requestCookie(c, cookieName);
      // A cached session is found by the whole signed cookie, so a hit needs no check; a miss is checked first.
      session = cookie ? await deps.sessions.get(cookie, () => (signed(cookie) ? load(c.req.raw.headers) : Promise.resolve(null))) : null;
      found = session ? await deps.profiles.user(session.userId) : null;
    } catch (error) {
      throw new AppError('INTERNAL_ERROR', REQUEST_MESSAGES.authenticationFailed, { cause: error });
    }
    if (!session) throw new AppError('UNAUTHORIZED');
    if (!found) throw new AppError('NOT_FOUND', REQUEST_MESSAGES.profileNotFound);
    const user = await deps.onLoad(found.profile);
    // onLoad changed the profile (an expired cancellation): this instance reads it again from now on.
    if (user !== found.profile) deps.profiles.drop(session.userId);
    c.set('user', user);
    c.set('locale', found.locale);
    c.set('sessionId', session.id);
    c.set('signedInAt', session.createdAt);
    await next();
    if (!SAFE_METHODS.has(c.req.method) && !c.get('profileUnchanged')) deps.profiles.drop(session.userId);
  };
}
