import { Hono, type Context } from 'hono';
import type { ZodType } from 'zod';
import { defaultNameFor, emailSchema, resetPasswordSchema, signInSchema, signUpSchema } from '../../../core/auth/schemas';
import { exactTextSchema, isCleanExact, TEXT_MESSAGES } from '../../../core/common/text';
import type { ErrorCode } from '../../../core/errors/catalogue';
import { z } from 'zod';
import { AppError, fieldErrors } from '../../lib/app-error';
import type { AppEnv } from '../../lib/context';
import type { MiddlewareHandler } from 'hono';
import type { Auth } from './auth';
import { newPasswordSchema } from './common-passwords';

/**
 * The authentication library's routes under /api/auth, behind the product's own edges: our validation messages on
 * the way in, our error envelope on the way out, and only the endpoints the product uses.
 */
const ALLOWED = [
  /^\/sign-up\/email$/,
  /^\/sign-in\/(email|social)$/,
  /^\/callback\/[a-z]+$/,
  /^\/sign-out$/,
  /^\/get-session$/,
  /^\/request-password-reset$/,
  /^\/reset-password(\/[^/]+)?$/,
  /^\/change-password$/,
  /^\/list-sessions$/,
  /^\/revoke-(session|sessions|other-sessions)$/,
  /^\/two-factor\/(enable|disable|get-totp-uri|verify-totp|verify-backup-code|generate-backup-codes)$/,
  /^\/error$/,
  /^\/ok$/,
];

/** Bodies we check ourselves first, so each rule speaks with the spec's own message. */
const BODY_RULES: Record<string, ZodType> = {
  '/sign-up/email': signUpSchema.extend({ password: newPasswordSchema }),
  '/sign-in/email': signInSchema,
  '/request-password-reset': z.object({ email: emailSchema, redirectTo: exactTextSchema().optional() }),
  '/reset-password': resetPasswordSchema.extend({ newPassword: newPasswordSchema }),
  '/change-password': z.object({ currentPassword: exactTextSchema('Password is required').min(1, 'Password is required'), newPassword: newPasswordSchema, revokeOtherSessions: z.boolean().optional() }),
};

/**
 * The library takes more fields than the rules above name, and reads the address itself: any string in the body,
 * the path or the query that the product's text rules would refuse is refused here, before it can reach a query.
 */
function uncleanFields(value: unknown, path: string[] = []): string[] {
  const field = path.join('.') || 'body';
  if (typeof value === 'string') return isCleanExact(value) ? [] : [field];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (isCleanExact(k) ? uncleanFields(v, [...path, k]) : [field]));
}

/** The percent-decoded text, or null where the bytes are not UTF-8. */

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

function checkAddress(url: string) {
  const { pathname, search } = new URL(url);
  const clean = (raw: string) => {
    const text = decoded(raw);
    return text !== null && isCleanExact(text);
  };
  const bad = clean(pathname) ? [] : ['path'];
  for (const pair of search.slice(1).split('&').filter(Boolean)) {
    const [key = '', value = ''] = pair.split('=');
    if (!clean(key)) bad.push('query');
    else if (!clean(value)) bad.push(decoded(key)!);
  }
  if (bad.length) throw AppError.validation(bad.map((field) => ({ field, message: TEXT_MESSAGES.invalid })));
}

/** Which calls count against the 'auth' rate limit: attempts to prove who you are. */
export function isAuthAttempt(subPath: string, method: string): boolean {
  return method === 'POST' && subPath !== '/sign-out';
}

const PROVIDER_CODES: Record<string, { code: ErrorCode; message?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'Invalid password' },
  USER_ALREADY_EXISTS: { code: 'ALREADY_EXISTS', message: 'An account with this email already exists' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'ALREADY_EXISTS', message: 'An account with this email already exists' },
  INVALID_TOKEN: { code: 'TOKEN_EXPIRED', message: 'The reset link is invalid or has expired' },
  INVALID_CODE: { code: 'INVALID_CREDENTIALS', message: 'Invalid code' },
  INVALID_BACKUP_CODE: { code: 'INVALID_CREDENTIALS', message: 'Invalid backup code' },
  INVALID_TWO_FACTOR_COOKIE: { code: 'TOKEN_EXPIRED', message: 'Your sign-in has expired. Please sign in again' },
  OTP_HAS_EXPIRED: { code: 'TOKEN_EXPIRED', message: 'The code has expired' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'RESOURCE_LOCKED', message: 'Too many attempts. Please try again later' },
};

function statusCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMIT_EXCEEDED';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'INVALID_INPUT';
}

async function toEnvelopeError(res: Response): Promise<AppError> {
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  const mapped = body.code ? PROVIDER_CODES[body.code] : undefined;
  if (mapped) return new AppError(mapped.code, mapped.message ?? body.message);
  const code = statusCode(res.status);
  if (code === 'INTERNAL_ERROR') return new AppError(code, undefined, { cause: new Error(`auth: ${res.status} ${body.code ?? ''} ${body.message ?? ''}`) });
  // The provider's own message (spec: sign-in and sign-up failures return it), under our catalogue's code.
  return new AppError(code, body.message || undefined, { statusCode: res.status >= 400 && res.status < 500 ? res.status : undefined });
}

async function validatedRequest(c: Context, subPath: string): Promise<Request> {
  checkAddress(c.req.url);
  if (c.req.method !== 'POST') return c.req.raw;
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) {
    const empty = Number(c.req.header('content-length') ?? 0) === 0 && !c.req.header('transfer-encoding');
    if (empty) return c.req.raw;
    throw AppError.validation([{ field: 'content-type', message: 'Content-Type must be application/json' }]);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw AppError.validation([{ field: 'body', message: 'Malformed JSON in request body' }]);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw AppError.validation([{ field: 'body', message: 'The body must be a JSON object' }]);
  const rule = BODY_RULES[subPath];
  const parsed = rule ? rule.safeParse(body) : { success: true as const, data: body };
  if (!parsed.success) throw AppError.validation(fieldErrors(parsed.error.issues));
  const data = { ...(body as object), ...(parsed.data as object) } as Record<string, unknown>;
  const unclean = uncleanFields(data);
  if (unclean.length) throw AppError.validation(unclean.map((field) => ({ field, message: TEXT_MESSAGES.invalid })));
  if (subPath === '/sign-up/email') data.name = (data.name as string | undefined) || defaultNameFor(String((body as { email: string }).email).trim());
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  return new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify(data) });
}

export function authRoutes(auth: Auth, authLimiter: MiddlewareHandler<AppEnv>) {
  const app = new Hono<AppEnv>();
  app.all('/*', async (c, next) => {
    const subPath = c.req.path.slice('/api/auth'.length);
    if (!ALLOWED.some((re) => re.test(subPath))) throw new AppError('NOT_FOUND');
    if (isAuthAttempt(subPath, c.req.method)) return authLimiter(c, next);
    return next();
  });
  app.all('/*', async (c) => {
    const subPath = c.req.path.slice('/api/auth'.length);
    const res = await auth.handler(await validatedRequest(c, subPath));
    if (res.status >= 400) throw await toEnvelopeError(res);
    return res;
  });
  return app;
}
