import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, parseLimit, RATE_LIMIT_KINDS, type KindLimits, type RateLimitKind } from '../core/rate-limit/limits';

/**
 * The only reader of process.env. Every variable is optional; the defaults give the whole product on one machine
 * (see .env.example). A bad value stops start-up with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), hint);
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const rateLimitVars = Object.fromEntries(
  RATE_LIMIT_KINDS.flatMap((kind) => {
    const name = `RATE_LIMIT_${kind.toUpperCase()}`;
    const limit = optionalString.superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        parseLimit(v);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: `${(e as Error).message} (e.g. 5/15m)` });
      }
    });
    return [
      [name, limit],
      [`${name}_PAID`, limit],
    ];
  }),
);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://fitforge.example'),
  TRUST_PROXY: bool,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
  AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  EMAIL_FROM: z.string().default('FitForge <no-reply@fitforge.local>'),
  SENTRY_DSN: optionalUrl(/^https?:$/, 'must be a Sentry DSN URL'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  ...rateLimitVars,
});

export interface Env {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** The public origin, when set; otherwise the server's own localhost origin. */
  appUrl: string;
  appUrlConfigured: boolean;
  trustProxy: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  databaseUrl?: string;
  redisUrl?: string;
  authSecret?: string;
  google?: { clientId: string; clientSecret: string };
  smtpUrl?: string;
  emailFrom: string;
  sentryDsn?: string;
  bodyLimitBytes: number;
  rateLimits: Record<RateLimitKind, KindLimits>;
}

export class EnvError extends Error {}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty value (as in a copied .env.example) means "not set".
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data as z.infer<typeof schema> & Record<string, string | undefined>;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new EnvError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  }
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new EnvError('Invalid configuration:\n  AUTH_SECRET: must be set in production (at least 32 random characters)');
  }
  const rateLimits = Object.fromEntries(
    RATE_LIMIT_KINDS.map((kind) => {
      const name = `RATE_LIMIT_${kind.toUpperCase()}`;
      const base = DEFAULT_RATE_LIMITS[kind];
      const free = e[name] ? parseLimit(e[name]!) : base.free;
      const paid = e[`${name}_PAID`] ? parseLimit(e[`${name}_PAID`]!) : e[name] && base.free === base.paid ? free : base.paid;
      return [kind, { ...base, free, paid }];
    }),
  ) as Record<RateLimitKind, KindLimits>;

  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    appUrlConfigured: Boolean(e.APP_URL),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET! } : undefined,
    smtpUrl: e.SMTP_URL,
    emailFrom: e.EMAIL_FROM,
    sentryDsn: e.SENTRY_DSN,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimits,
  };
}
