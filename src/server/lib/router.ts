import { OpenAPIHono, type RouteConfig, type RouteHandler, z } from '@hono/zod-openapi';
import type { Handler, MiddlewareHandler } from 'hono';
import type { Contract } from '#core/common/contract';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '#core/common/idempotency';
import type { RateLimitKind } from '#core/rate-limit/limits';
import { AppError, fieldErrors } from './app-error';
import type { AppEnv, CountLimitEnv, IdempotentEnv, SignedInEnv } from './context';
import { errorResponses } from './openapi';

/** What routes are guarded with, built once by the app (app.ts) and handed to every module's router. */
export interface Guards {
  /** The auth guard: what `auth: 'session'` means, before the general API limit. */
  session: MiddlewareHandler;
  /** The same for moderators only, 404 to everyone else: what `auth: 'moderator'` means. */
  moderator: MiddlewareHandler;
  /** The general API limit per user, counted on every signed-in route after the guard. */
  apiLimit: MiddlewareHandler;
  /** The middleware counting one request against a limit kind. */
  limiter: (kind: RateLimitKind) => MiddlewareHandler;
  /**
   * What `idempotent: true` means (lib/idempotency.ts): `replay` answers a repeat under the same Idempotency-Key with
   * the first result, right after the guard and before any limit counts it; `claim` runs the request under the key.
   */
  idempotency: { replay: MiddlewareHandler; claim: MiddlewareHandler };
}

/** The route @hono/zod-openapi builds from a contract: its fields, without ours. */
type RouteOf<C extends Contract> = Omit<C, 'auth' | 'limit' | 'limitAt' | 'idempotent' | 'profileUnchanged' | 'errors'> extends infer R extends RouteConfig ? R : never;

/**
 * The handler's context: a user behind the guard, `countLimit` when the handler counts the limit itself, `db` to write
 * with when the contract is idempotent.
 */
type EnvOf<C extends Contract> = (C['auth'] extends 'public' ? AppEnv : SignedInEnv) &
  (C['limitAt'] extends 'handler' ? CountLimitEnv : unknown) &
  (C['idempotent'] extends true ? IdempotentEnv : unknown);

const noop = async () => {};

const keepProfile: MiddlewareHandler<AppEnv> = (c, next) => {
  c.set('profileUnchanged', true);
  return next();
};

/** The route of a contract: the guard and the limits it names, once each, before validation; errors documented. */
function toRoute(contract: Contract, guards: Guards): RouteConfig {
  const { auth, limit, limitAt, idempotent, profileUnchanged, errors, ...route } = contract;
  // Keys are kept per user.
  if (idempotent && auth === 'public') throw new Error(`${contract.method.toUpperCase()} ${contract.path}: an idempotent contract needs a signed-in user`);
  const middleware: MiddlewareHandler<AppEnv>[] = auth === 'session' ? [guards.session] : auth === 'moderator' ? [guards.moderator] : [];
  // Told before the guard runs: the guard decides after the handler whether to drop the user's profile.
  if (profileUnchanged) middleware.unshift(keepProfile);
  // A stored answer is a replay, not a new request: it answers before any limit counts it, so a retried sync is
  // never refused with 429 for what it already did.
  if (idempotent) middleware.push(guards.idempotency.replay);
  if (auth !== 'public') middleware.push(guards.apiLimit);
  if (limit && limitAt !== 'handler') middleware.push(guards.limiter(limit));
  if (limit && limitAt === 'handler') {
    const count = guards.limiter(limit);
    middleware.push(async (c, next) => {
      (c as unknown as { set(key: 'countLimit', value: () => Promise<void>): void }).set('countLimit', () => count(c, noop) as Promise<void>);
      return next();
    });
  }
  // After the limits: a request refused by them claims no key.
  if (idempotent) middleware.push(guards.idempotency.claim);
  const request = idempotent ? { ...route.request, headers: (route.request?.headers ?? z.object({})).extend({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() }) } : route.request;
  return {
    ...route,
    request,
    ...(auth === 'public' ? {} : { security: [{ session: [] }] }),
    middleware,
    responses: { ...route.responses, ...errorResponses(...errors, ...(idempotent ? [422] : [])) },
  } as RouteConfig;
}

/**
 * A module's router. `handle(contract, handler)` serves a contract: the guard and limits it names, its request
 * validated (a failure is the VALIDATION_ERROR envelope), its answer typed by its responses.
 */
export function createRouter(guards: Guards) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw AppError.validation(fieldErrors(result.error.issues));
    },
  });
  const handle = <const C extends Contract>(contract: C, handler: RouteHandler<RouteOf<C>, EnvOf<C>>) => {
    app.openapi(toRoute(contract, guards), handler as never);
  };
  /**
   * Serves a contract whose handler reads the request itself (a multipart upload, read only behind its own body
   * limit, each field's mistake with its own message): guarded, limited and documented like `handle`, nothing
   * validated. `before` runs after the guard and limits, before the handler.
   */
  const handleUpload = <const C extends Contract>(contract: C, before: MiddlewareHandler<EnvOf<C>>[], handler: Handler<EnvOf<C>>) => {
    const { middleware, ...route } = toRoute(contract, guards);
    app.openAPIRegistry.registerPath(route);
    const handlers = [...(middleware as MiddlewareHandler[]), ...before, handler] as MiddlewareHandler[];
    app.on(contract.method, contract.path.replace(/\{(\w+)\}/g, ':$1'), ...(handlers as [MiddlewareHandler]));
  };
  return Object.assign(app, { handle, handleUpload });
}

export type Router = ReturnType<typeof createRouter>;
