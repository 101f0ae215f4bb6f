import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { requestHeader } from './node-http';

/**
 * The caller's address, the one every address-keyed limit uses. With `trustedProxies` (TRUST_PROXY) proxies in
 * front, each appends the address it was called from to x-forwarded-for, so the outermost trusted proxy's entry is
 * the `trustedProxies`-th from the right: what the client wrote itself sits further left and is never read. Fewer
 * entries than that means the request did not pass through every proxy, so only the socket can be believed.
 * x-real-ip is read only behind a single proxy that sends it instead of x-forwarded-for: that proxy overwrites it
 * (nginx's `proxy_set_header X-Real-IP $remote_addr`), a chain of proxies would leave an inner hop in it.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = requestHeader(c, 'x-forwarded-for');
    if (forwarded !== undefined) {
      const hops = forwarded.split(',').map((hop) => hop.trim());
      const hop = hops.length >= trustedProxies ? hops[hops.length - trustedProxies] : undefined;
      if (hop) return hop;
    } else if (trustedProxies === 1) {
      const real = requestHeader(c, 'x-real-ip')?.trim();
      if (real) return real;
    }
  }
  try {
    return getConnInfo(c).remote.address ?? 'anonymous';
  } catch {
    return 'anonymous'; // no socket: an in-process request
  }
}
