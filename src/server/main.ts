import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { adaptersFor } from './deps';
import { readEnv } from './env';
import { resolveAuthSecret } from './lib/auth-secret';
import { createErrorReporter } from './lib/error-reporter';
import { createLogger } from './lib/logger';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  try {
    process.loadEnvFile(); // .env in the working folder, when there is one
  } catch {
    /* none */
  }
  let env;
  try {
    env = readEnv();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.logLevel);
  let sentry: typeof import('@sentry/node') | undefined;
  if (env.sentryDsn) {
    sentry = await import('@sentry/node');
    sentry.init({ dsn: env.sentryDsn, environment: env.nodeEnv });
  }
  const reporter = createErrorReporter({ logger, sentry });

  // Only PGlite needs the folder lock; PostgreSQL serves many instances.
  const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  await database.migrate();
  const deps = adaptersFor(env, database, logger, reporter, resolveAuthSecret(env.authSecret, env.dataDir));
  const { app } = createApp(deps);

  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info: AddressInfo) => {
    logger.info('listening', {
      url: `http://localhost:${info.port}`,
      database: database.kind,
      rateLimits: deps.rateLimitStore.name,
      email: deps.email.name,
    });
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Stop accepting, let requests in flight finish, then close what they used.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    });
    await deps.rateLimitStore.close();
    await database.close();
    await sentry?.close(2000);
    releaseLock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
