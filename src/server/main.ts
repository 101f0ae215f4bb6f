import { REQUEST_MESSAGES } from '#core/errors/request';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app';
import { boot, exitWith } from './boot';
import {
  EXPIRE_CANCELLATIONS_LOCK_KEY,
  SANDBOX_REDELIVERY_LOCK_KEY,
  startScheduler,
  SWEEP_IDEMPOTENCY_KEYS_LOCK_KEY,
  SWEEP_PHOTOS_LOCK_KEY,
  type ScheduledJob,
  VACUUM_LOCK_KEY,
} from './jobs/scheduler';
import { AppError } from './lib/app-error';
import type { AppEnv } from './lib/context';
import { drainable } from './lib/drain';
import { errorHandler } from './lib/error-handler';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { grantModerators } from './modules/community';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const { env, logger, reporter, database, deps, close } = await boot();
  process.on('unhandledRejection', (e) => reporter.report(e, { source: 'unhandledRejection' }));
  process.on('uncaughtException', (e) => {
    reporter.report(e, { source: 'uncaughtException' });
    process.exit(1);
  });

  // The photo recogniser is not warmed up here: its process starts with the first scan and ends when idle.
  const { app, expireCancellations, redeliverSandboxEvents, sweepPhotos, sweepIdempotencyKeys, flushRequestLog } = createApp(deps);
  // MODERATOR_EMAILS: accounts that exist become moderators now; new ones at their sign-up.
  const granted = await grantModerators(database.db, env.moderatorEmails);
  if (granted > 0) logger.info('moderators granted', { accounts: granted });
  // Each under an advisory lock, so one instance of many runs it.
  const jobs: ScheduledJob[] = [
    { name: 'expire-cancellations', everyMs: 3_600_000, firstAfterMs: 60_000, lockKey: EXPIRE_CANCELLATIONS_LOCK_KEY, run: expireCancellations },
    { name: 'sweep-meal-photos', everyMs: 3_600_000, firstAfterMs: 120_000, lockKey: SWEEP_PHOTOS_LOCK_KEY, run: sweepPhotos },
    { name: 'sweep-idempotency-keys', everyMs: 3_600_000, firstAfterMs: 180_000, lockKey: SWEEP_IDEMPOTENCY_KEYS_LOCK_KEY, run: sweepIdempotencyKeys },
  ];
  // PGlite has no autovacuum: the server does its work, on every table a minute after start, then every minute on the
  // tables that changed; requests wait while it runs (a few milliseconds when little changed, ADR 043).
  if (database.vacuum) jobs.push({ name: 'vacuum-analyze', everyMs: 60_000, firstAfterMs: 60_000, lockKey: VACUUM_LOCK_KEY, run: database.vacuum, quiet: true });
  if (redeliverSandboxEvents) {
    jobs.push({ name: 'sandbox-webhook-retry', everyMs: 60_000, firstAfterMs: 30_000, lockKey: SANDBOX_REDELIVERY_LOCK_KEY, run: redeliverSandboxEvents, quiet: true });
  }
  const stopJobs = startScheduler(jobs, { database, logger, reporter });

  // What a request that arrives while the server stops is told: the envelope, and to come back.
  const restarting = new Hono<AppEnv>();
  restarting.onError(errorHandler(reporter));
  restarting.use(requestContext(logger, securityHeaders({ production: env.isProduction })));
  restarting.all('*', () => {
    throw new AppError('NETWORK_ERROR', REQUEST_MESSAGES.restarting);
  });
  const fetch: typeof app.fetch = (request, ...rest) => (connections.stopping ? restarting.fetch(request, ...rest) : app.fetch(request, ...rest));
  const server = serve({ fetch, port: env.port, hostname: env.host }, (info: AddressInfo) => {
    logger.info('listening', {
      url: `http://localhost:${info.port}`,
      database: database.kind,
      rateLimits: deps.rateLimitStore.name,
      email: deps.email.name,
      payments: deps.payments.kind,
    });
  });
  const connections = drainable(server as Server);
  const closeResources = async () => {
    await stopJobs();
    await close();
  };
  // A port already taken is a setting to fix, not a crash: one line, and the data folder freed for the next try.
  const onListenError = (e: NodeJS.ErrnoException) => {
    console.error(e.code === 'EADDRINUSE' ? `Port ${env.port} is already in use: set PORT to another port or stop the other server` : `Cannot listen on port ${env.port}: ${e.message}`);
    void closeResources().finally(() => process.exit(1));
  };
  server.once('error', onListenError);
  server.once('listening', () => server.off('error', onListenError));

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
    // Answer every request received, stop listening, then close what the requests used.
    await connections.drain();
    flushRequestLog();
    await closeResources();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((e) => exitWith('could not start', e));
