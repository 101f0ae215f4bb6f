import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, parseLimit, RATE_LIMIT_KINDS, type KindLimits, type RateLimitKind } from '#core/rate-limit/limits';

/**
 * The only reader of process.env. Every variable is optional; the defaults give the whole product on one machine
 * (see .env.example). A bad value stops start-up with a message naming the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = (protocols: RegExp, hint: string) => optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), hint);
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
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+)$/, 'must be false, true (one proxy) or the number of trusted proxies in front')
    .optional()
    .transform((v) => (v === undefined || v === 'false' ? 0 : v === 'true' ? 1 : Number(v))),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'),
  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL'),
  AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  EMAIL_FROM: z.string().default('FitForge <no-reply@fitforge.local>'),
  SUPPORT_EMAIL: optionalString.refine((v) => v === undefined || z.email().safeParse(v).success, 'must be an email address such as support@fitforge.example'),
  MODERATOR_EMAILS: z
    .string()
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((emails) => emails.every((e) => z.email().safeParse(e).success), 'must be email addresses separated by commas'),
  MODERATION_AUTO_HIDE_REPORTS: z.coerce.number().int().min(0, 'must be a whole number, 0 to turn automatic hiding off').default(3),
  SENTRY_DSN: optionalUrl(/^https?:$/, 'must be a Sentry DSN URL'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  PAYMENTS_SANDBOX: bool,
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_/.test(v), 'must be a Stripe secret key (sk_… or rk_…)'),
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as http://localhost:12111'),
  STRIPE_PRICE_BASIC_MONTH: optionalString,
  STRIPE_PRICE_BASIC_YEAR: optionalString,
  STRIPE_PRICE_PRO_MONTH: optionalString,
  STRIPE_PRICE_PRO_YEAR: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://api.openai.com/v1'),
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  AI_VISION_MODEL: optionalString,
  AI_VISION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  OPENFOODFACTS_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://world.openfoodfacts.org'),
  OPENFOODFACTS_TIMEOUT_MS: z.coerce.number().int().min(500).default(4000),
  S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
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
  /** How many proxies in front of the server are trusted to append the caller's address to x-forwarded-for. */
  trustProxy: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  databaseUrl?: string;
  redisUrl?: string;
  authSecret?: string;
  google?: { clientId: string; clientSecret: string };
  smtpUrl?: string;
  emailFrom: string;
  /** Where people can write for help (shown on the help page); unset: no address is shown. */
  supportEmail?: string;
  /** Accounts made moderators at sign-up and at every start (lower case); the role is kept in the database. */
  moderatorEmails: string[];
  /** Reports by this many distinct members hide a post or comment until a moderator reviews it; 0: never. */
  autoHideReports: number;
  sentryDsn?: string;
  bodyLimitBytes: number;
  rateLimits: Record<RateLimitKind, KindLimits>;
  /** Set: payments go to Stripe. Unset: the embedded sandbox provider (in production only with PAYMENTS_SANDBOX=true). */
  stripe?: { secretKey: string; apiUrl?: string };
  /** Verifies webhook signatures; unset outside Stripe, a generated one is kept in DATA_DIR. */
  stripeWebhookSecret?: string;
  /** Stripe price ids per paid tier and interval (STRIPE_PRICE_<TIER>_<INTERVAL>). */
  stripePrices: StripePrices;
  /** An OpenAI-compatible API (OPENAI_API_KEY and/or OPENAI_BASE_URL), for the LLM adapters. */
  openai?: { apiKey?: string; baseURL?: string };
  /** Set: fitness plans are written by this model, with the built-in engine as fallback; unset: the engine alone. */
  aiModel?: string;
  /** Longest wait for an LLM plan before the built-in engine answers instead. */
  aiTimeoutMs: number;
  /** Set: photo scans go to this vision model; unset: the embedded detector. */
  visionModel?: string;
  visionTimeoutMs: number;
  /** Set: barcodes nobody entered are looked up in Open Food Facts, answering within timeoutMs or not at all. */
  openFoodFacts?: { url: string; timeoutMs: number };
  /** Set: meal photos go to this S3-compatible bucket; unset: files under DATA_DIR/uploads. */
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
}

export type StripePrices = Record<'basic' | 'pro', Record<'month' | 'year', string | undefined>>;

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
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: must be set with STRIPE_SECRET_KEY (the signing secret of the webhook endpoint)');
  }
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new EnvError('Invalid configuration:\n  AUTH_SECRET: must be set in production (at least 32 random characters)');
  }
  // Without a key the sandbox takes payments with a test card: in production only when asked for by name.
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && !e.PAYMENTS_SANDBOX) {
    throw new EnvError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: must be set in production, or PAYMENTS_SANDBOX=true to run the sandbox payment provider (test cards, no real money: anyone can get a paid plan)',
    );
  }
  if (e.STRIPE_SECRET_KEY && e.PAYMENTS_SANDBOX) {
    throw new EnvError('Invalid configuration:\n  PAYMENTS_SANDBOX: cannot be true with STRIPE_SECRET_KEY (payments go either to Stripe or to the sandbox)');
  }
  if (e.AI_MODEL && !e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) {
    throw new EnvError('Invalid configuration:\n  AI_MODEL: needs OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server)');
  }
  if (e.AI_VISION_MODEL && !e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) {
    throw new EnvError('Invalid configuration:\n  AI_VISION_MODEL: needs OPENAI_API_KEY or OPENAI_BASE_URL (an OpenAI-compatible server)');
  }
  const s3Vars = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3Vars.filter((name) => e[name]);
  if (s3Set.length > 0 && s3Set.length < s3Vars.length) {
    throw new EnvError(`Invalid configuration:\n  ${s3Vars.filter((name) => !e[name]).join(', ')}: must be set with ${s3Set.join(', ')} (S3 photo storage)`);
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
    supportEmail: e.SUPPORT_EMAIL,
    moderatorEmails: e.MODERATOR_EMAILS,
    autoHideReports: e.MODERATION_AUTO_HIDE_REPORTS,
    sentryDsn: e.SENTRY_DSN,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimits,
    stripe: e.STRIPE_SECRET_KEY ? { secretKey: e.STRIPE_SECRET_KEY, apiUrl: e.STRIPE_API_URL } : undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePrices: {
      basic: { month: e.STRIPE_PRICE_BASIC_MONTH, year: e.STRIPE_PRICE_BASIC_YEAR },
      pro: { month: e.STRIPE_PRICE_PRO_MONTH, year: e.STRIPE_PRICE_PRO_YEAR },
    },
    openai: e.OPENAI_API_KEY || e.OPENAI_BASE_URL ? { apiKey: e.OPENAI_API_KEY, baseURL: e.OPENAI_BASE_URL } : undefined,
    aiModel: e.AI_MODEL,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    visionModel: e.AI_VISION_MODEL,
    visionTimeoutMs: e.AI_VISION_TIMEOUT_MS,
    openFoodFacts: e.OPENFOODFACTS_URL ? { url: e.OPENFOODFACTS_URL, timeoutMs: e.OPENFOODFACTS_TIMEOUT_MS } : undefined,
    s3:
      s3Set.length === s3Vars.length
        ? { endpoint: e.S3_ENDPOINT!, bucket: e.S3_BUCKET!, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
        : undefined,
  };
}
