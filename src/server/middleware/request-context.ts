import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/lib/context';
import type { Logger } from '#server/lib/logger';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives each request an id (kept from a sane incoming x-request-id), echoes it, and logs one line per API request. */
export function requestContext(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    // On the response's own headers: c.header() after the response exists would copy the whole response.
    c.res.headers.set('x-request-id', requestId);
    if (c.req.path.startsWith('/api/')) {
      logger.info('request', {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: c.get('user')?.id,
      });
    }
  };
}
