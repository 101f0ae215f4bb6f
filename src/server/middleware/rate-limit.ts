import type { MiddlewareHandler } from 'hono';
import { isPaidTier } from '../../core/billing/catalogue';
import type { KindLimits, RateLimitKind } from '../../core/rate-limit/limits';
import type { RateLimitStore } from '../adapters/rate-limit/port';
import { AppError } from '../lib/app-error';
import { clientAddress } from '../lib/client-address';
import type { AppEnv } from '../lib/context';
import type { ErrorReporter } from '../lib/error-reporter';

export interface RateLimitDeps {
  store: RateLimitStore;
  limits: Record<RateLimitKind, KindLimits>;
  trustProxy: boolean;
  reporter: ErrorReporter;
}

/**
 * Limits one kind of request per caller: the signed-in user (paid tiers get the paid limit), else the client
 * address. A store outage lets requests through (and is reported) rather than taking the API down with it.
 */
export function rateLimit(kind: RateLimitKind, deps: RateLimitDeps): MiddlewareHandler<AppEnv> {
  const config = deps.limits[kind];
  return async (c, next) => {
    const user = c.get('user');
    const paid = user ? isPaidTier(user.subscriptionTier, user.subscriptionStatus) : false;
    const limit = paid ? config.paid : config.free;
    const identity = user ? `user:${user.id}` : `ip:${clientAddress(c, deps.trustProxy)}`;
    let result;
    try {
      result = await deps.store.hit(`${kind}:${identity}`, limit.max, limit.windowMs);
    } catch (error) {
      deps.reporter.report(error, { requestId: c.get('requestId'), path: c.req.path, method: c.req.method, rateLimitKind: kind });
      return next();
    }
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(limit.max),
      'X-RateLimit-Remaining': String(result.remaining),
      'X-RateLimit-Reset': result.resetAt.toISOString(),
    };
    if (!result.allowed) {
      const retryAfter = Math.max(1, Math.ceil((result.resetAt.getTime() - Date.now()) / 1000));
      for (const [k, v] of Object.entries(headers)) c.header(k, v);
      c.header('Retry-After', String(retryAfter));
      throw new AppError('RATE_LIMIT_EXCEEDED', paid ? config.messagePaid : config.messageFree, { retryAfter });
    }
    await next();
    // Set on the final response: a handler may return a Response of its own (the auth library does). A narrower
    // limit inside this one (food analysis within the general API limit) has already set its own, and it is the
    // one the client runs into first.
    if (!c.res.headers.has('X-RateLimit-Limit')) for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  };
}
