import type { MiddlewareHandler } from 'hono';
import { AppError } from '#server/lib/app-error';
import type { AppEnv } from '#server/lib/context';

/**
 * Moderation routes: the auth guard, then the role. Everyone else, signed in or not, gets what a path that does not
 * exist answers (404 NOT_FOUND with the catalogue's message), so the routes tell no member that they are there.
 */
export function moderatorGuard(authGuard: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let moderator = false;
    try {
      await authGuard(c, async () => {
        moderator = c.get('user')?.role === 'moderator';
        if (moderator) await next();
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'UNAUTHORIZED')) throw error;
    }
    if (!moderator) throw new AppError('NOT_FOUND');
  };
}
