import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';

/**
 * The hot paths read and write headers through Node's own objects (ADR 030): the request's headers as Node parsed
 * them, so no Fetch `Headers` is built (and every header validated again) to read one; the response's before the
 * handler runs, so the Response the handler builds is never copied or converted to add one. Without a Node server
 * (app.request() in tests, a request the app sends itself) the same functions go through Hono's request and response.
 */
type NodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

/**
 * Node's response under this request, while its headers can still be set: headers set on it are written with the
 * ones of the Response the handler builds (those win on a clash). Undefined without a Node server.
 */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const out = (c.env as NodeEnv)?.outgoing;
  return out && !out.headersSent ? out : undefined;
}

/** A request header (name in lower case); repeated ones joined as Fetch joins them (cookies with "; "). */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as NodeEnv)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** One cookie of the request, as hono/cookie's getCookie reads it. */
export function requestCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  return header ? parse(header, name)[name] : undefined;
}
