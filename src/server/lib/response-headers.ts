import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * Node's response under this request, while its headers can still be set: headers set on it are written with the
 * ones of the Response the handler builds (those win on a clash), so middleware that knows a header before the handler
 * runs sets it here and the Response is never copied or converted to add it (ADR 030). Undefined without a Node
 * server: app.request() in tests, a request the app sends itself.
 */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const out = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return out && !out.headersSent ? out : undefined;
}
