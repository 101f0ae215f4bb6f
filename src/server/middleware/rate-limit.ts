import type { Context, MiddlewareHandler } from 'hono';
import { isPaidTier } from '#core/billing/catalogue';
import type { KindLimits, RateLimitKind } from '#core/rate-limit/limits';
import type { HitMode, RateLimitStore } from '#server/adapters/rate-limit/port';
import { AppError } from '#server/lib/app-error';
import { clientAddress } from '#server/lib/client-address';
import type { AppEnv } from '#server/lib/context';
import type { ErrorReporter } from '#server/lib/error-reporter';
import { nodeResponse } from '#server/lib/node-http';

export interface RateLimitDeps {
  store: RateLimitStore;
  limits: Record<RateLimitKind, KindLimits>;
  /** TRUST_PROXY: how many proxies in front append to x-forwarded-for. */
  trustProxy: number;
  reporter: ErrorReporter;
}

/** One request counted against one limit. */
export interface Counted {
  limit: number;
  remaining: number;
  resetAt: Date;
  /** Takes the request back: it turned out not to count (a sign-in that succeeded). */
  release(): Promise<void>;
}

/**
 * The general API limit counts every signed-in request: it is counted from a lease in process, in batches in the
 * store (ADR 031). Every other limit guards something costly or sensitive and is counted exactly, request by request.
 */
const modeOf = (kind: RateLimitKind): HitMode => (kind === 'api' ? 'lease' : 'exact');

/** Who a limit counts: the signed-in user, else the client address. */
export function callerIdentity<E extends AppEnv>(c: Context<E>, deps: RateLimitDeps): string {
  const user = c.get('user');
  return user ? `user:${user.id}` : `ip:${clientAddress(c, deps.trustProxy)}`;
}

/** The signed-in user's tier picks the limit: paid tiers get the paid one. */
function limitFor<E extends AppEnv>(c: Context<E>, deps: RateLimitDeps, kind: RateLimitKind) {
  const config = deps.limits[kind];
  const user = c.get('user');
  const paid = user ? isPaidTier(user.subscriptionTier, user.subscriptionStatus) : false;
  return { config, paid, limit: paid ? config.paid : config.free };
}

/**
 * Counts one request of `kind` against `identity`; past the limit, 429 with the kind's message and headers. A store
 * outage lets the request through (reported) rather than taking the API down with it: then there is nothing
 * counted, null.
 */
export async function countRequest<E extends AppEnv>(c: Context<E>, deps: RateLimitDeps, kind: RateLimitKind, identity: string): Promise<Counted | null> {
  const { config, paid, limit } = limitFor(c, deps, kind);
  const key = `${kind}:${identity}`;
  const report = (error: unknown) => deps.reporter.report(error, { requestId: c.get('requestId'), path: c.req.path, method: c.req.method, rateLimitKind: kind });
  let result;
  try {
    result = await deps.store.hit(key, limit.max, limit.windowMs, modeOf(kind));
  } catch (error) {
    report(error);
    return null;
  }
  const counted: Counted = {
    limit: limit.max,
    remaining: result.remaining,
    resetAt: result.resetAt,
    release: () => deps.store.release(key, limit.windowMs).catch(report),
  };
  if (!result.allowed) {
    const retryAfter = Math.max(1, Math.ceil((result.resetAt.getTime() - Date.now()) / 1000));
    for (const [k, v] of Object.entries(limitHeaders(counted))) c.header(k, v);
    c.header('Retry-After', String(retryAfter));
    throw new AppError('RATE_LIMIT_EXCEEDED', paid ? config.messagePaid : config.messageFree, { retryAfter });
  }
  return counted;
}

/**
 * What is left of `kind` for the caller now, counting nothing: the key and the limit `countRequest` would use.
 * null when the store cannot say (an outage is reported, and the caller carries on without it).
 */
export async function peekRequests<E extends AppEnv>(c: Context<E>, deps: RateLimitDeps, kind: RateLimitKind): Promise<{ remaining: number; resetAt: Date | null } | null> {
  const { limit } = limitFor(c, deps, kind);
  try {
    return await deps.store.peek(`${kind}:${callerIdentity(c, deps)}`, limit.max, limit.windowMs);
  } catch (error) {
    deps.reporter.report(error, { requestId: c.get('requestId'), path: c.req.path, method: c.req.method, rateLimitKind: kind });
    return null;
  }
}

let lastReset: { at: number; iso: string } = { at: 0, iso: new Date(0).toISOString() };

/** A window's end as an ISO date: many requests in a row share one. */
function resetIso(resetAt: Date): string {
  const at = resetAt.getTime();
  if (at !== lastReset.at) lastReset = { at, iso: resetAt.toISOString() };
  return lastReset.iso;
}

export function limitHeaders(counted: Pick<Counted, 'limit' | 'remaining' | 'resetAt'>): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(counted.limit),
    'X-RateLimit-Remaining': String(counted.remaining),
    'X-RateLimit-Reset': resetIso(counted.resetAt),
  };
}

/**
 * Sets the headers on the final response: a handler may return a Response of its own (the auth library does). A
 * narrower limit inside this one (food analysis within the general API limit) has already set its own, and it is
 * the one the client runs into first.
 */
export function setLimitHeaders(res: Response, counted: Pick<Counted, 'limit' | 'remaining' | 'resetAt'>): void {
  if (!res.headers.has('X-RateLimit-Limit')) for (const [k, v] of Object.entries(limitHeaders(counted))) res.headers.set(k, v);
}

/**
 * Limits one kind of request per caller (`callerIdentity`, or the identity given). The headers go onto Node's
 * response before the handler runs (a narrower limit inside this one sets its own over them; a Response of the
 * handler's own with these headers wins), else onto the final response.
 */
export function rateLimit(kind: RateLimitKind, deps: RateLimitDeps, identity: (c: Context<AppEnv>, deps: RateLimitDeps) => string = callerIdentity): MiddlewareHandler {
  // Untyped env: it runs on public and signed-in routes alike.
  return async (c: Context<AppEnv>, next) => {
    const counted = await countRequest(c, deps, kind, identity(c, deps));
    const out = counted && nodeResponse(c);
    if (out) {
      out.setHeader('X-RateLimit-Limit', String(counted.limit));
      out.setHeader('X-RateLimit-Remaining', String(counted.remaining));
      out.setHeader('X-RateLimit-Reset', resetIso(counted.resetAt));
      return next();
    }
    await next();
    if (counted) setLimitHeaders(c.res, counted);
  };
}
