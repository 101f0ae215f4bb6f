import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ZodType } from 'zod';
import { defaultNameFor, emailSchema, resetPasswordSchema, signInSchema, signUpSchema } from '#core/auth/schemas';
import { AUTH_MESSAGES } from '#core/auth/messages';
import { exactTextSchema, isCleanExact } from '#core/common/text';
import { TEXT_MESSAGES } from '#core/common/messages';
import { ERROR_CODES, type ErrorCode } from '#core/errors/catalogue';
import { REQUEST_MESSAGES } from '#core/errors/request';
import type { MessageText } from '#core/messages/catalogue';
import { z } from 'zod';
import { AppError, fieldErrors } from '#server/lib/app-error';
import { clientAddress } from '#server/lib/client-address';
import type { AppEnv } from '#server/lib/context';
import type { Db } from '#server/db/client';
import { type Counted, countRequest, limitHeaders, type RateLimitDeps, setLimitHeaders } from '#server/middleware/rate-limit';
import { takeOverAccount, unprovenAccountOfToken } from './address-proof';
import { type Auth, CLIENT_ADDRESS_HEADER } from './auth';
import { DEVICE_COOKIE, deviceCookie, deviceIdIn, isKnownPlace, newDeviceId, placesOf, rememberSignIn } from './known-sign-ins';
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

const A = AUTH_MESSAGES;

/** Bodies we check ourselves first, so each rule speaks with the spec's own message. */
const BODY_RULES: Record<string, ZodType> = {
  '/sign-up/email': signUpSchema.extend({ password: newPasswordSchema }),
  '/sign-in/email': signInSchema,
  '/request-password-reset': z.object({ email: emailSchema, redirectTo: exactTextSchema().optional() }),
  '/reset-password': resetPasswordSchema.extend({ newPassword: newPasswordSchema }),
  '/change-password': z.object({
    currentPassword: exactTextSchema(A.passwordRequired).min(1, A.passwordRequired),
    newPassword: newPasswordSchema,
    revokeOtherSessions: z.boolean().optional(),
  }),
};

/**
 * Calls that check a credential (a password, a second-factor code, a reset token). Only a failed check uses up the
 * 'auth' limit, per address and per account; a caller over it is refused before the check (DESIGN decision 11).
 */
const CREDENTIAL_CHECKS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/reset-password',
]);
const CREDENTIAL_FAILURES = new Set(['INVALID_EMAIL_OR_PASSWORD', 'INVALID_PASSWORD', 'INVALID_CODE', 'INVALID_BACKUP_CODE', 'INVALID_TOKEN']);

/** Calls that may start a session: the browser gets a device identifier with them (known-sign-ins.ts). */
const SESSION_STARTS = /^\/(sign-up\/email|sign-in\/(email|social)|callback\/[a-z]+|two-factor\/verify-(totp|backup-code)|reset-password)$/;

/** Calls limited per address on every request: they create an account or a sign-in, or send an email. */
const PER_ADDRESS: Record<string, 'signup' | 'reset'> = {
  '/sign-up/email': 'signup',
  '/sign-in/social': 'signup',
  '/request-password-reset': 'reset',
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

/**
 * The library's errors a person can meet, in the product's words: with the catalogue's code where the status alone
 * would mislead, else under the code its status gives (ADR 003, ADR 022).
 */
export const PROVIDER_ERRORS: Record<string, { code?: ErrorCode; message: MessageText }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: ERROR_CODES.INVALID_CREDENTIALS.message },
  INVALID_PASSWORD: { code: 'INVALID_CREDENTIALS', message: A.invalidPassword },
  USER_ALREADY_EXISTS: { code: 'ALREADY_EXISTS', message: A.accountExists },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'ALREADY_EXISTS', message: A.accountExists },
  INVALID_TOKEN: { code: 'TOKEN_EXPIRED', message: A.resetLinkExpired },
  INVALID_CODE: { code: 'INVALID_CREDENTIALS', message: A.invalidCode },
  INVALID_BACKUP_CODE: { code: 'INVALID_CREDENTIALS', message: A.invalidBackupCode },
  INVALID_TWO_FACTOR_COOKIE: { code: 'TOKEN_EXPIRED', message: A.signInExpired },
  OTP_HAS_EXPIRED: { code: 'TOKEN_EXPIRED', message: A.codeExpired },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { code: 'RESOURCE_LOCKED', message: A.tooManyAttempts },
  // The library's own words (auth.routes.test.ts keeps them equal), so the catalogue can translate them.
  INVALID_EMAIL: { message: A.invalidEmail },
  TWO_FACTOR_NOT_ENABLED: { message: A.twoFactorNotEnabled },
  TOTP_NOT_ENABLED: { message: A.totpNotEnabled },
  TOTP_ALREADY_ENABLED: { message: A.totpAlreadyEnabled },
  ACCOUNT_TEMPORARILY_LOCKED: { message: A.accountLocked },
  TOKEN_EXPIRED: { message: A.tokenExpired },
  SESSION_EXPIRED: { message: A.sessionExpired },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { message: A.noPasswordAccount },
  PASSWORD_TOO_SHORT: { message: A.passwordTooShort },
  PASSWORD_TOO_LONG: { message: A.passwordTooLong },
  USER_NOT_FOUND: { message: A.userNotFound },
  FAILED_TO_CREATE_USER: { message: A.createUserFailed },
  PROVIDER_NOT_FOUND: { message: A.providerNotFound },
  INVALID_ORIGIN: { message: A.invalidOrigin },
  INVALID_CALLBACK_URL: { message: A.invalidCallbackUrl },
};

function statusCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMIT_EXCEEDED';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'INVALID_INPUT';
}

function toEnvelopeError(status: number, body: ProviderError): AppError {
  const mapped = body.code ? PROVIDER_ERRORS[body.code] : undefined;
  if (mapped?.code) return new AppError(mapped.code, mapped.message);
  const code = statusCode(status);
  if (code === 'INTERNAL_ERROR') return new AppError(code, undefined, { cause: new Error(`auth: ${status} ${body.code ?? ''} ${body.message ?? ''}`) });
  // The provider's own message (spec: sign-in and sign-up failures return it), under our catalogue's code; words the
  // catalogue lacks keep a key no catalogue holds, so a client shows them as they are.
  const text = mapped?.message ?? (body.message ? { message: body.message, messageKey: `betterAuth.${body.code ?? status}` } : undefined);
  return new AppError(code, text, { statusCode: status >= 400 && status < 500 ? status : undefined });
}

type ProviderError = { code?: string; message?: string };

/**
 * The request handed to the library: our validation first, so each rule speaks with the spec's own message, and the
 * caller's address in the one header the library reads it from (a value the client sent there is replaced).
 */
async function validatedRequest(c: Context, subPath: string, address: string, newDevice?: string): Promise<{ request: Request; body?: Record<string, unknown> }> {
  checkAddress(c.req.url);
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  // The device identifier given with this answer is already the request's, for the session it may start.
  if (newDevice) headers.set('cookie', [headers.get('cookie'), `${DEVICE_COOKIE}=${newDevice}`].filter(Boolean).join('; '));
  if (c.req.method !== 'POST') return { request: new Request(c.req.raw.url, { method: c.req.method, headers }) };
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) {
    const empty = Number(c.req.header('content-length') ?? 0) === 0 && !c.req.header('transfer-encoding');
    if (empty) return { request: new Request(c.req.raw.url, { method: 'POST', headers }) };
    throw AppError.validation([{ field: 'content-type', message: REQUEST_MESSAGES.jsonContentType }]);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw AppError.validation([{ field: 'body', message: REQUEST_MESSAGES.malformedJson }]);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw AppError.validation([{ field: 'body', message: REQUEST_MESSAGES.notAnObject }]);
  const rule = BODY_RULES[subPath];
  const parsed = rule ? rule.safeParse(body) : { success: true as const, data: body };
  if (!parsed.success) throw AppError.validation(fieldErrors(parsed.error.issues));
  const data = { ...(body as object), ...(parsed.data as object) } as Record<string, unknown>;
  const unclean = uncleanFields(data);
  if (unclean.length) throw AppError.validation(unclean.map((field) => ({ field, message: TEXT_MESSAGES.invalid })));
  if (subPath === '/sign-up/email') data.name = (data.name as string | undefined) || defaultNameFor(String((body as { email: string }).email).trim());
  headers.delete('content-length');
  return { request: new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify(data) }), body: data };
}

/**
 * The owner of the address chose the password (every session of the account has ended with the reset): what was
 * set up before goes, then the role the address gives, then the owner is signed in with the new password.
 */
async function tookOver(auth: Auth, proof: AddressProof, account: { id: string; email: string }, password: string, headers: Headers): Promise<Response> {
  await takeOverAccount(auth, account.id);
  await proof.onProven(account);
  const signedIn = await auth.api.signInEmail({ body: { email: account.email, password }, headers, asResponse: true });
  const res = new Response(JSON.stringify({ status: true, signedIn: signedIn.ok }), { status: 200, headers: { 'content-type': 'application/json' } });
  for (const cookie of signedIn.headers.getSetCookie()) res.headers.append('set-cookie', cookie);
  return res;
}

/**
 * Who a credential check other than the sign-in itself is for: the signed-in account (a confirmation of its password
 * or a code), else the account whose sign-in waits for its second factor.
 */
async function callerOf(auth: Auth, c: Context): Promise<{ signedIn: string } | { signingIn: string } | null> {
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (session) return { signedIn: session.user.id };
  const ctx = await auth.$context;
  const pending = getCookie(c, ctx.createAuthCookie('two_factor').name);
  // The cookie holds a random identifier, then its signature: an identifier nobody was given finds no account.
  const identifier = pending?.slice(0, pending.lastIndexOf('.'));
  const verification = identifier ? await ctx.internalAdapter.findVerificationValue(identifier) : null;
  const user = verification ? await ctx.internalAdapter.findUserById(verification.value) : null;
  return user ? { signingIn: user.email } : null;
}

/** Addresses that count only once proven (MODERATOR_EMAILS), and what proving one gives (ADR 026). */
export interface AddressProof {
  mustProve: (email: string) => boolean;
  /** Runs once the owner of such an address has taken its account over. */
  onProven: (account: { id: string; email: string }) => Promise<void>;
}

export function authRoutes(auth: Auth, deps: { db: Db; limits: RateLimitDeps; proof: AddressProof }) {
  const { db, limits, proof } = deps;
  const reporter = limits.reporter;
  const app = new Hono<AppEnv>();

  /**
   * Whose 'auth' limit a credential check counts against (ADR 005). A sign-in (the password, or the second factor it
   * waits for): the address, and the account unless this address or device signed in to it within 30 days (so guesses
   * from elsewhere cannot lock its owner out). A signed-in account confirming its password or a code: that account's
   * own count for confirmations, which no sign-in reads. A reset token: the address.
   */
  async function credentialIdentities(c: Context<AppEnv>, subPath: string, body: Record<string, unknown> | undefined, address: string, device: string | undefined): Promise<string[]> {
    const ip = `ip:${address}`;
    if (subPath === '/reset-password') return [ip];
    const caller = subPath === '/sign-in/email' ? { signingIn: String(body?.email).trim().toLowerCase() } : await callerOf(auth, c);
    if (!caller) return [ip];
    if ('signedIn' in caller) return [`confirm:${caller.signedIn}`];
    const known = await isKnownPlace(db, caller.signingIn, placesOf(address, device));
    return known ? [ip] : [ip, `account:${caller.signingIn}`];
  }

  /**
   * Notes where an account has just signed in: only a session the answer hands over counts (a password whose second
   * factor is still to come starts none). Its failure is reported, never the sign-in's.
   */
  async function rememberNewSession(res: Response, places: string[]): Promise<void> {
    try {
      const name = (await auth.$context).authCookies.sessionToken.name;
      const cookie = res.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);
      const session = cookie ? await auth.api.getSession({ headers: new Headers({ cookie }) }) : null;
      if (session) await rememberSignIn(db, session.user.id, places);
    } catch (error) {
      reporter.report(error, { source: 'known-sign-ins' });
    }
  }

  /** Counts this call against the 'auth' limit of each identity; over any of them, none counts and 429. */
  async function countCredentialCheck(c: Context<AppEnv>, identities: string[]): Promise<Counted[]> {
    const counted: Counted[] = [];
    try {
      for (const identity of identities) {
        const one = await countRequest(c, limits, 'auth', identity);
        if (one) counted.push(one);
      }
    } catch (error) {
      await Promise.all(counted.map((one) => one.release()));
      throw error;
    }
    return counted;
  }

  app.all('/*', async (c) => {
    const subPath = c.req.path.slice('/api/auth'.length);
    if (!ALLOWED.some((re) => re.test(subPath))) throw new AppError('NOT_FOUND');
    const address = clientAddress(c, limits.trustProxy);
    // Every browser that may start a session gets a device identifier first, so the session can be remembered by it.
    const device = deviceIdIn(c.req.header('cookie'));
    const newDevice = !device && SESSION_STARTS.test(subPath) ? newDeviceId() : undefined;
    const { request, body } = await validatedRequest(c, subPath, address, newDevice);
    const post = c.req.method === 'POST';
    const perAddress = post ? PER_ADDRESS[subPath] : undefined;
    let counted: Counted[] = [];
    let credentialCheck = false;
    if (perAddress) {
      const one = await countRequest(c, limits, perAddress, `ip:${address}`);
      if (one) counted = [one];
    } else if (post && CREDENTIAL_CHECKS.has(subPath)) {
      credentialCheck = true;
      counted = await countCredentialCheck(c, await credentialIdentities(c, subPath, body, address, device));
    }

    // A reset of an account whose address must still be proven is its owner's proof, and takes the account over.
    const takeOver = post && subPath === '/reset-password' ? await unprovenAccountOfToken(auth, body?.token, proof.mustProve) : null;

    let res = await auth.handler(request);
    if (takeOver && res.ok) res = await tookOver(auth, proof, takeOver, String(body?.newPassword), request.headers);
    const failed = res.status >= 400;
    const error: ProviderError = failed ? await res.json().catch(() => ({})) : {};
    // Only a failed check keeps its place in the limit: success, or a call that never reached the check, gives it back.
    const released = credentialCheck && !CREDENTIAL_FAILURES.has(error.code ?? '');
    if (released) await Promise.all(counted.map((one) => one.release()));
    const tightest = counted.reduce<Counted | undefined>((a, b) => (a && a.remaining <= b.remaining ? a : b), undefined);
    const shown = tightest && { ...tightest, remaining: tightest.remaining + (released ? 1 : 0) };
    if (failed) {
      if (shown) for (const [k, v] of Object.entries(limitHeaders(shown))) c.header(k, v);
      if (newDevice) c.header('set-cookie', deviceCookie(newDevice), { append: true });
      throw toEnvelopeError(res.status, error);
    }
    if (shown) setLimitHeaders(res, shown);
    if (newDevice) res.headers.append('set-cookie', deviceCookie(newDevice));
    await rememberNewSession(res, placesOf(address, device ?? newDevice));
    return res;
  });
  return app;
}
