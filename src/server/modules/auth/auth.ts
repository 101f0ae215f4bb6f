import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins';
import { localeFromPath } from '../../../core/common/schemas';
import type { EmailSender } from '../../adapters/email/port';
import type { Db } from '../../db/client';
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from '../../db/schema';
import type { Env } from '../../env';
import type { ErrorReporter } from '../../lib/error-reporter';
import { passwordResetEmail } from './emails';

export const SESSION_MAX_AGE_SECONDS = 34_560_000; // 400 days (spec section 9)
export const COOKIE_PREFIX = 'fitforge';

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export function createAuth(deps: {
  db: Db;
  env: Env;
  secret: string;
  email: EmailSender;
  reporter: ErrorReporter;
  /** Runs once a session row of this account is gone (sign-out, revocation, password change or reset). */
  onSessionDeleted: (authUserId: string) => Promise<void>;
}) {
  const { env } = deps;
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
        const locale = localeFromPath(new URL(callback, env.appUrl).pathname) === 'zh' ? 'zh' : 'en';
        const link = `${env.appUrl}/${locale}/reset-password?token=${encodeURIComponent(token)}`;
        await deps.email.send({ to: user.email, ...passwordResetEmail(locale, user.name, link) });
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
    },
    // The product's own limiter (kind 'auth') guards these routes with the spec's limits and envelope.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: env.isProduction,
      ipAddress: { ipAddressHeaders: env.trustProxy ? ['x-forwarded-for', 'x-real-ip'] : [] },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'error',
      log: (level, message, ...args) => {
        if (level === 'error') deps.reporter.report(args[0] instanceof Error ? args[0] : new Error(message), { source: 'auth', message });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
