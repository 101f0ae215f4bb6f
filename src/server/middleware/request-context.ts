import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#server/lib/context';
import type { Logger } from '#server/lib/logger';
import { nodeResponse, requestHeader } from '#server/lib/node-http';
import { isDocument, type SecurityHeaders } from './security-headers';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request slower than this is logged on its own line, whatever its status. */
export const SLOW_REQUEST_MS = 1000;
/** How often the counts of the other API requests are logged (one line), when there were any. */
const SUMMARY_EVERY_MS = 60_000;

/**
 * Request ids: a random prefix per process and a counter, so ids from many instances do not collide and making one
 * costs no random bytes.
 */
function requestIds(): () => string {
  const prefix = randomBytes(6).toString('hex');
  let n = 0;
  return () => `${prefix}-${(++n).toString(36)}`;
}

interface RouteCount {
  method: string;
  route: string;
  status: number;
  count: number;
  totalMs: number;
  maxMs: number;
}

/**
 * Gives each request an id (kept from a sane incoming x-request-id), echoes it, puts the security headers on the
 * answer (ADR 030), and logs the API requests: a request that failed on our side (5xx) or took longer than
 * SLOW_REQUEST_MS gets a line of its own at once; the others are counted per route and status, and the counts are
 * logged in one line a minute (and by `flush`, when the server stops).
 *
 * Headers go straight onto Node's response before the handler runs, so the Response the handler builds carries only
 * its own and nothing is copied after it exists; without a Node response (app.request in tests, a request the app
 * sends itself) they are set on the Response afterwards.
 */
export function requestContext(logger: Logger, headers: SecurityHeaders): MiddlewareHandler<AppEnv> & { flush(): void } {
  const nextId = requestIds();
  const counts = new Map<string, RouteCount>();
  let since = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (counts.size === 0) return;
    const routes = [...counts.values()].map((r) => ({ ...r, avgMs: Math.round((r.totalMs / r.count) * 10) / 10, totalMs: undefined, maxMs: Math.round(r.maxMs * 10) / 10 }));
    logger.info('requests', { seconds: Math.round((Date.now() - since) / 1000), total: routes.reduce((n, r) => n + r.count, 0), routes });
    counts.clear();
  };

  const count = (method: string, route: string, status: number, ms: number) => {
    const key = `${method} ${route} ${status}`;
    const seen = counts.get(key);
    if (seen) {
      seen.count++;
      seen.totalMs += ms;
      if (ms > seen.maxMs) seen.maxMs = ms;
      return;
    }
    if (counts.size === 0) {
      since = Date.now();
      timer = setTimeout(flush, SUMMARY_EVERY_MS);
      timer.unref();
    }
    counts.set(key, { method, route, status, count: 1, totalMs: ms, maxMs: ms });
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const incoming = requestHeader(c, 'x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : nextId();
    c.set('requestId', requestId);
    const path = c.req.path;
    const api = path.startsWith('/api/');
    const started = performance.now();
    const out = nodeResponse(c);
    if (out) {
      out.setHeader('x-request-id', requestId);
      for (const [k, v] of headers.any) out.setHeader(k, v);
    }
    await next();
    // A document (the web app's pages, the API docs, the sandbox checkout) gets the document headers too: reading
    // the answer's type is only done off the API's hot paths.
    const document = (!api || path.startsWith('/api/docs')) && isDocument(c.res.headers.get('content-type'));
    if (!out || document) {
      const res = c.res.headers;
      if (!out) {
        res.set('x-request-id', requestId);
        for (const [k, v] of headers.any) res.set(k, v);
      }
      if (document) for (const [k, v] of headers.document) res.set(k, v);
    }
    if (!api) return;
    const status = c.res.status;
    const ms = performance.now() - started;
    if (status >= 500 || ms >= SLOW_REQUEST_MS) {
      logger.info('request', { requestId, method: c.req.method, path, status, ms: Math.round(ms * 10) / 10, userId: c.get('user')?.id });
    } else {
      count(c.req.method, c.req.routePath, status, ms);
    }
  };
  return Object.assign(middleware, { flush });
}
