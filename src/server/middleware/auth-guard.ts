import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { AppEnv, UserRow } from '../lib/context';
import type { ErrorReporter } from '../lib/error-reporter';
import type { Auth } from '../modules/auth/auth';
import { findProfileByAuthId } from '../modules/profile/profile.repo';

/**
 * Routes behind it need a signed-in user: 401 without a session, 404 'User profile not found' when the account has
 * no profile, 500 'Authentication failed' when the lookup itself fails (reported). Handlers get the profile.
 */
export function authGuard(deps: { auth: Auth; db: Db; reporter: ErrorReporter }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let session: Awaited<ReturnType<Auth['api']['getSession']>>;
    let profile: UserRow | null;
    try {
      session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      profile = session ? await findProfileByAuthId(deps.db, session.user.id) : null;
    } catch (error) {
      throw new AppError('INTERNAL_ERROR', 'Authentication failed', { cause: error });
    }
    if (!session) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (!profile) throw new AppError('NOT_FOUND', 'User profile not found');
    c.set('user', profile);
    c.set('sessionId', session.session.id);
    return next();
  };
}
