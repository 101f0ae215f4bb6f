import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createOutboxSender } from '#server/adapters/email/outbox';
import type { EmailSender } from '#server/adapters/email/port';
import { createLocalPhotoStorage } from '#server/adapters/photo-storage/local';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import { createLocalDetector } from '#server/adapters/vision/local-detector';
import type { VisionRecognizer } from '#server/adapters/vision/port';
import { createMemoryStore } from '#server/adapters/rate-limit/memory';
import { createRedisStore } from '#server/adapters/rate-limit/redis';
import type { RateLimitStore } from '#server/adapters/rate-limit/port';
import type { PaymentProvider } from '#server/adapters/payments/port';
import type { PlanGenerator } from '#server/adapters/plan-generator/port';
import { createApp } from '#server/app';
import { labelReaderFor, nutritionPlannerFor, paymentsFor, planGeneratorFor, productLookupFor } from '#server/deps';
import { openDatabase, type Database } from '#server/db/client';
import { readEnv } from '#server/env';
import { createErrorReporter } from '#server/lib/error-reporter';
import { createLogger, type Logger } from '#server/lib/logger';

/**
 * The real app over a database of its own: in-memory PGlite, or — when the suite runs against PostgreSQL
 * (TEST_TARGET=postgres) — a fresh database on TEST_DATABASE_URL, dropped afterwards; Redis for rate limits when
 * TEST_REDIS_URL is set, under a key prefix of its own.
 */
export const TARGET = process.env.TEST_TARGET === 'postgres' ? 'postgres' : 'pglite';

export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_TARGET=postgres needs TEST_DATABASE_URL');
  const name = `fitforge_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Photo scans: the embedded detector and a photo folder of the test's own; rate limits: the target's store (memory
 * or Redis). A test may bring its own of each.
 */
export interface TestAdapters {
  vision?: VisionRecognizer;
  photoStorage?: PhotoStorage;
  planGenerator?: PlanGenerator;
  rateLimitStore?: RateLimitStore;
  /** Where the app logs; default: nowhere. */
  logger?: Logger;
  /** Default: the outbox table. */
  email?: EmailSender;
  /** Told of every statement the app runs through its database. */
  onQuery?: (query: string) => void;
}

export async function startTestApp(vars: Record<string, string> = {}, adapters: TestAdapters = {}) {
  const pgDb = TARGET === 'postgres' ? await freshPostgres() : undefined;
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...vars, DATABASE_URL: pgDb?.url });
  const database: Database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: null, onQuery: adapters.onQuery });
  await database.migrate();
  const logger = adapters.logger ?? createLogger('silent');
  const reporter = createErrorReporter({ logger });
  const redisUrl = process.env.TEST_REDIS_URL;
  const redisPrefix = `fitforge:test:${randomUUID()}:`;
  const rateLimitStore = adapters.rateLimitStore ?? (redisUrl ? createRedisStore(redisUrl, { prefix: redisPrefix }) : createMemoryStore());
  const webhookSecret = env.stripeWebhookSecret ?? TEST_WEBHOOK_SECRET;
  const payments = paymentsFor(env, database, logger, webhookSecret);
  const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-photos-'));
  const photoStorage = adapters.photoStorage ?? createLocalPhotoStorage(photoDir);
  const detector = adapters.vision ? undefined : createLocalDetector({ logger });
  const vision = adapters.vision ?? detector!;
  const appOn = (database: Database, rateLimitStore: RateLimitStore, payments: PaymentProvider) =>
    createApp({
      env,
      database,
      logger,
      reporter,
      rateLimitStore,
      email: adapters.email ?? createOutboxSender(database.db, logger),
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      payments,
      webhookSecret,
      vision,
      photoStorage,
      // The built-in engine, or the LLM when the test sets AI_MODEL and OPENAI_BASE_URL.
      planGenerator: adapters.planGenerator ?? planGeneratorFor(env, logger),
      nutritionPlanner: nutritionPlannerFor(env, logger),
      // None, or Open Food Facts at OPENFOODFACTS_URL (a local fake in the tests).
      productLookup: productLookupFor(env, logger),
      // None, or the vision model at OPENAI_BASE_URL when the test sets AI_VISION_MODEL (a local fake in the tests).
      labelReader: labelReaderFor(env, logger),
    });
  const { app, expireCancellations, sweepPhotos, flushRequestLog } = appOn(database, rateLimitStore, payments);
  let ip = 0;
  return {
    app,
    env,
    database,
    db: database.db,
    reporter,
    payments,
    webhookSecret,
    expireCancellations,
    vision,
    photoStorage,
    /** Where the local photo storage writes (files under uploads/). */
    photoDir,
    sweepPhotos,
    /** Logs the counts of the requests not logged one by one (the server does it every minute). */
    flushRequestLog,
    /** A new browser-like client with its own cookies and its own address. */
    client: () => new TestClient(app, env.appUrl, `10.0.${Math.floor(++ip / 250)}.${ip % 250}`),
    /**
     * A second instance of the app on the same PostgreSQL database and the same Redis keys (its limits count with the
     * first one's), as behind a load balancer.
     */
    async secondInstance() {
      if (!pgDb) throw new Error('a second instance needs PostgreSQL (TEST_TARGET=postgres)');
      const database2 = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: null });
      const store2 = redisUrl ? createRedisStore(redisUrl, { prefix: redisPrefix }) : createMemoryStore();
      const second = appOn(database2, store2, paymentsFor(env, database2, logger, webhookSecret)).app;
      return {
        client: () => new TestClient(second, env.appUrl, `10.1.${Math.floor(++ip / 250)}.${ip % 250}`),
        async close() {
          await store2.close();
          await database2.close();
        },
      };
    },
    async close() {
      await detector?.close();
      await rateLimitStore.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(photoDir, { recursive: true, force: true });
    },
  };
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_0123456789abcdef0123456789abcdef';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

type Fetcher = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

export class TestClient {
  readonly cookies = new Map<string, string>();
  csrf: string | null = null;

  constructor(
    private readonly app: Fetcher,
    private readonly origin: string,
    readonly ip: string,
  ) {}

  /** Takes another client's cookies (session and anti-forgery), as someone who copied them from the browser. */
  copyCookiesOf(from: TestClient): this {
    for (const [name, value] of from.cookies) this.cookies.set(name, value);
    this.csrf = from.csrf;
    return this;
  }

  async request<T = any>(method: string, path: string, opts: { json?: unknown; body?: BodyInit; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { origin: this.origin, 'x-forwarded-for': this.ip, ...opts.headers };
    if (method !== 'GET' && opts.csrf !== false) {
      if (!this.csrf) await this.fetchCsrf();
      headers['x-csrf-token'] ??= this.csrf!;
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.request(`http://localhost${path}`, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  async fetchCsrf() {
    const res = await this.request<{ token: string }>('GET', '/api/csrf-token');
    this.csrf = res.body.token;
    return res;
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.request<T>('GET', path, { headers });
  post = <T = any>(path: string, json?: unknown) => this.request<T>('POST', path, { json: json ?? {} });
  put = <T = any>(path: string, json?: unknown) => this.request<T>('PUT', path, { json: json ?? {} });
  patch = <T = any>(path: string, json?: unknown) => this.request<T>('PATCH', path, { json: json ?? {} });
  delete = <T = any>(path: string, json?: unknown) => this.request<T>('DELETE', path, json === undefined ? {} : { json });

  async signUp(email = `user-${randomUUID().slice(0, 8)}@example.com`, password = 'Str0ngPass', name?: string) {
    const res = await this.post('/api/auth/sign-up/email', { email, password, ...(name ? { name } : {}) });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { email, password, res };
  }
}
