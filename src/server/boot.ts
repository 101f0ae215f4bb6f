import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { adaptersFor, type AppDeps } from './deps';
import { readEnv, type Env } from './env';
import { resolveAuthSecret } from './lib/auth-secret';
import { createErrorReporter, type ErrorReporter } from './lib/error-reporter';
import { createLogger, type Logger } from './lib/logger';
import { resolveWebhookSecret } from './lib/webhook-secret';

export interface Booted {
  env: Env;
  logger: Logger;
  reporter: ErrorReporter;
  database: Database;
  /** Every port's adapter, as the configuration picks them (deps.ts). */
  deps: AppDeps;
  /** Closes what boot opened: the rate-limit store, the database, the error reporter, the data folder's lock. */
  close(): Promise<void>;
}

/** What stops a process before (or after) its logger is set up, still as one JSON line. */
export function exitWith(msg: string, e: unknown): never {
  createLogger('error', (line) => process.stderr.write(`${line}\n`)).error(msg, { error: e instanceof Error ? e.message : String(e) });
  process.exit(1);
}

/**
 * The start of every process of the server (main.ts and the jobs run from a shell): configuration (with `.env` in the
 * working folder), logger, error reporting, the database migrated, the adapters. With PGlite the data folder belongs
 * to one process, so it is locked first; PostgreSQL serves many.
 */
export async function boot(options: { logLevel?: (env: Env) => Env['logLevel'] /** Where log lines go; default: standard output. */; logTo?: 'stdout' | 'stderr' } = {}): Promise<Booted> {
  try {
    process.loadEnvFile();
  } catch {
    /* no .env */
  }
  let env: Env;
  try {
    env = readEnv();
  } catch (e) {
    exitWith('invalid configuration', e);
  }
  const level = options.logLevel?.(env) ?? env.logLevel;
  const logger = options.logTo === 'stderr' ? createLogger(level, (line) => process.stderr.write(`${line}\n`)) : createLogger(level);
  const sentry = env.sentryDsn ? await import('@sentry/node') : undefined;
  sentry?.init({ dsn: env.sentryDsn, environment: env.nodeEnv });
  const reporter = createErrorReporter({ logger, sentry });
  const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    onConnectionLost: (error) => logger.warn('database connection lost; the next query opens another', { error: error.message }),
  });
  try {
    await database.migrate();
  } catch (e) {
    await database.close();
    releaseLock();
    throw e;
  }
  const deps = adaptersFor(env, database, logger, reporter, {
    authSecret: resolveAuthSecret(env.authSecret, env.dataDir),
    webhookSecret: resolveWebhookSecret(env.stripeWebhookSecret, env.dataDir),
  });
  return {
    env,
    logger,
    reporter,
    database,
    deps,
    close: async () => {
      await deps.rateLimitStore.close();
      await database.close();
      await sentry?.close(2000);
      releaseLock();
    },
  };
}
