import { createOutboxSender } from './adapters/email/outbox';
import { createSmtpSender } from './adapters/email/smtp';
import { createMemoryStore } from './adapters/rate-limit/memory';
import { createRedisStore } from './adapters/rate-limit/redis';
import type { AppDeps } from './app';
import type { Database } from './db/client';
import type { Env } from './env';
import type { ErrorReporter } from './lib/error-reporter';
import type { Logger } from './lib/logger';

/** Picks each port's adapter from the configuration: the embedded default, or the production service when set. */
export function adaptersFor(env: Env, database: Database, logger: Logger, reporter: ErrorReporter, authSecret: string): AppDeps {
  if (!env.redisUrl) {
    logger.warn('REDIS_URL is not set: rate limits are kept in memory and will not work across multiple instances');
  }
  return {
    env,
    database,
    logger,
    reporter,
    authSecret,
    rateLimitStore: env.redisUrl ? createRedisStore(env.redisUrl) : createMemoryStore(),
    email: env.smtpUrl ? createSmtpSender(env.smtpUrl, env.emailFrom) : createOutboxSender(database.db, logger),
  };
}
