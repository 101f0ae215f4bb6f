import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address: the first hop of x-forwarded-for, then x-real-ip, when the server sits behind a proxy it
 * trusts (TRUST_PROXY); else the socket's address. Headers a client writes itself are never trusted otherwise.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
    const real = c.req.header('x-real-ip')?.trim();
    if (real) return real;
  }
  try {
    return getConnInfo(c).remote.address ?? 'anonymous';
  } catch {
    return 'anonymous'; // no socket: an in-process request
  }
}
