import { REQUEST_MESSAGES } from '#core/errors/request';
import { randomFillSync, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { generateCookie } from 'hono/cookie';
import { AppError } from '#server/lib/app-error';
import type { AppEnv } from '#server/lib/context';
import { nodeResponse, requestCookie, requestHeader } from '#server/lib/node-http';

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const TOKEN_SHAPE = /^[0-9a-f]{64}$/;
const WEEK_SECONDS = 604_800;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Double-submit anti-forgery check on every write except webhooks: cookie and header must carry the same token. */
export function csrfProtection(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith('/api/webhooks/')) return next();
    const cookie = requestCookie(c, CSRF_COOKIE);
    const header = requestHeader(c, CSRF_HEADER);
    if (!cookie || !header || !sameToken(cookie, header)) throw new AppError('FORBIDDEN', REQUEST_MESSAGES.csrf);
    return next();
  };
}

// Tokens are cut from random bytes drawn 4 KB at a time: one call into the generator serves 128 tokens.
const pool = Buffer.alloc(4096);
let drawn = pool.length;

function newToken(): string {
  if (drawn === pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  drawn += 32;
  return pool.toString('hex', drawn - 32, drawn);
}

/** GET /api/csrf-token: 32 random bytes as hex, in the body and in the cookie. A browser keeps its valid token. */
export function issueCsrfToken(c: Context): { token: string } {
  const existing = requestCookie(c, CSRF_COOKIE);
  const token = existing && TOKEN_SHAPE.test(existing) ? existing : newToken();
  const cookie = generateCookie(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'Strict', secure: true, path: '/', maxAge: WEEK_SECONDS });
  // Straight onto Node's response: this answer sets no other cookie, so the handler's own headers cannot replace it,
  // and its Response keeps plain headers (ADR 030).
  const out = nodeResponse(c);
  if (out) out.appendHeader('set-cookie', cookie);
  else c.header('set-cookie', cookie, { append: true });
  return { token };
}
