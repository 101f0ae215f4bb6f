import { createApp } from '../app';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { adaptersFor } from '../deps';
import { readEnv } from '../env';
import { resolveAuthSecret } from '../lib/auth-secret';
import { createErrorReporter } from '../lib/error-reporter';
import { createLogger } from '../lib/logger';
import { resolveWebhookSecret } from '../lib/webhook-secret';
import { EXPIRE_CANCELLATIONS_LOCK_KEY } from './scheduler';

/**
 * `npm run jobs:expire-cancellations`: the server's hourly expired-cancellation run, once, from a shell or a cron.
 * Logs one line, `{ "msg": "expired cancellations", "updated": N, "errors": [...] }`, at the info level. With PGlite the data folder belongs to one process, so run it while
 * the server is stopped (the server runs the same job hourly by itself).
 */
async function main() {
  try {
    process.loadEnvFile();
  } catch {
    /* no .env */
  }
  const env = readEnv();
  const logger = createLogger(env.logLevel);
  const reporter = createErrorReporter({ logger });
  const releaseLock = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await database.migrate();
    const deps = adaptersFor(env, database, logger, reporter, {
      authSecret: resolveAuthSecret(env.authSecret, env.dataDir),
      webhookSecret: resolveWebhookSecret(env.stripeWebhookSecret, env.dataDir),
    });
    const result = await database.withAdvisoryLock(EXPIRE_CANCELLATIONS_LOCK_KEY, createApp(deps).expireCancellations);
    if (result === undefined) logger.info('expired cancellations skipped: another instance is running this job');
    else logger.info('expired cancellations', { ...result });
    await deps.rateLimitStore.close();
  } finally {
    await database.close();
    releaseLock();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    createLogger('error', (line) => process.stderr.write(`${line}\n`)).error('expire-cancellations failed', { error: e instanceof Error ? e.message : String(e) });
    process.exit(1);
  },
);
