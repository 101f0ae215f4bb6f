import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { type Locale, LOCALES, localeFromPath } from '#core/common/schemas';
import type { EmailSender } from '#server/adapters/email/port';
import type { Db } from '#server/db/client';
import { authAccount, authSession, authTwoFactor, authUser, authVerification, userPreferences, users } from '#server/db/schema';
import type { Env } from '#server/env';
import { COOKIE_PREFIX } from '#server/lib/auth-cookies';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';
import { passwordResetEmail } from './emails';
import { quietAuthContexts } from './quiet-contexts';

export const SESSION_MAX_AGE_SECONDS = 34_560_000; // 400 days (spec section 9)

/**
 * Where the library reads the caller's address (it records it on each new session): authRoutes writes our own
 * clientAddress there on every request it hands over, so the library and the limits agree and a client's own
 * x-forwarded-for never reaches it.
 */
export const CLIENT_ADDRESS_HEADER = 'x-fitforge-client-address';

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** What the library reports as an error but is a client's mistake (a foreign origin, a callback URL elsewhere). */
const CLIENT_MISTAKE = /^(Invalid [A-Za-z]+:|Blocked cross-site|State not found|INVALID_CALLBACK_REQUEST|No callback URL found)/;

/** The language the account chose (saved at sign-up and by the language menu); none when it never saved one. */
export async function savedLocale(db: Db, authUserId: string): Promise<Locale | undefined> {
  const [row] = await db.select({ locale: userPreferences.locale }).from(users).innerJoin(userPreferences, eq(userPreferences.userId, users.id)).where(eq(users.authId, authUserId)).limit(1);
  return row?.locale;
}

/** The language of the page a request came from (its Referer: /en/… or /zh/…), if it names one. */
function pageLocale(referer: string | null | undefined): Locale | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  const locale = localeFromPath(new URL(referer).pathname);
  return (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : undefined;
}

export function createAuth(deps: {
  db: Db;
  env: Env;
  secret: string;
  email: EmailSender;
  reporter: ErrorReporter;
  logger: Logger;
  /** Runs once a session row of this account is gone (sign-out, revocation, password change or reset). */
  onSessionDeleted: (authUserId: string) => Promise<void>;
  /** Runs once the account or its sign-in methods changed (name, email, two-factor, password), before the answer. */
  onAccountChanged: (authUserId: string) => void;
  /**
   * Runs once a new account and its profile are stored, before the sign-up's answer, with the language of the page
   * it was made from (the web app saves it as the account's language right after).
   */
  onAccountCreated: (account: { id: string; email: string; name: string; emailVerified: boolean }, pageLocale: Locale | undefined) => Promise<void>;
}) {
  const { env } = deps;
  void quietAuthContexts().catch((e) => deps.reporter.report(e, { source: 'auth-contexts' }));
  return betterAuth({
    appName: 'FitForge',
    baseURL: env.appUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      transaction: true,
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification, twoFactor: authTwoFactor },
    }),
    // Outside production any loopback origin may call (dev server, tests on random ports); production trusts APP_URL.
    trustedOrigins: (request) => {
      const origin = request?.headers.get('origin');
      return !env.isProduction && origin && LOOPBACK_ORIGIN.test(origin) ? [env.appUrl, origin] : [env.appUrl];
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token, url }) => {
        const callback = new URL(url).searchParams.get('callbackURL') ?? '/';
        const asked: Locale = localeFromPath(new URL(callback, env.appUrl).pathname) === 'zh' ? 'zh' : 'en';
        // Sent after the answer: an unknown email must not answer faster than a known one. The account's own language
        // wins over the page the request came from (someone else may have typed the address on an English page).
        void savedLocale(deps.db, user.id)
          .then((saved) => {
            const locale = saved ?? asked;
            const link = `${env.appUrl}/${locale}/reset-password?token=${encodeURIComponent(token)}`;
            return deps.email.send({ to: user.email, ...passwordResetEmail(locale, user.name, link) });
          })
          .catch((e) => deps.reporter.report(e, { source: 'password-reset-email' }));
      },
    },
    socialProviders: env.google ? { google: { clientId: env.google.clientId, clientSecret: env.google.clientSecret } } : {},
    plugins: [twoFactor({ issuer: 'FitForge', skipVerificationOnEnable: false })],
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 60 * 60 * 24,
      // No signed copy of the session in a cookie: it would outlive a revocation. The auth guard's session cache
      // spares the database read instead, and forgets a session the moment it ends (ADR 015).
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      session: { delete: { after: (session) => deps.onSessionDeleted(session.userId) } },
      // GET /api/me shows them: this instance reads the profile again on the next request; the others hear of the
      // change from the database (ADR 019).
      user: {
        create: { after: async (user, ctx) => deps.onAccountCreated(user, pageLocale(ctx?.headers?.get('referer'))) },
        update: { after: async (user) => deps.onAccountChanged(user.id) },
      },
      account: {
        create: { after: async (account) => deps.onAccountChanged(account.userId) },
        update: { after: async (account) => deps.onAccountChanged(account.userId) },
      },
    },
    // The product's own limiter (kind 'auth') guards these routes with the spec's limits and envelope.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      // The library skips its origin check when NODE_ENV is test; the tests exercise the check production runs.
      disableOriginCheck: false,
      useSecureCookies: env.isProduction,
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    // Failures the library does not answer itself go on to the app's error handler: logged once, as JSON, with the envelope.
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        // "Invalid origin: <what the client sent>": the client's value stays out of the log.
        const text = message.replace(/^(Invalid [A-Za-z]+):.*$/s, '$1');
        if (level === 'error' && !CLIENT_MISTAKE.test(message)) deps.reporter.report(args[0] instanceof Error ? args[0] : new Error(text), { source: 'auth', message: text });
        else if (level === 'error' || level === 'warn') deps.logger.warn('auth', { message: text });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
