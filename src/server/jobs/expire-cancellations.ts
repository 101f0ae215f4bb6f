import { boot, exitWith } from '#server/boot';
import { expireCancellations } from '#server/modules/billing';
import { EXPIRE_CANCELLATIONS_LOCK_KEY } from './scheduler';

/**
 * `npm run jobs:expire-cancellations`: the server's hourly expired-cancellation run, once, from a shell or a cron.
 * Prints `{ "updated": N, "errors": [...] }` on standard output; log lines go to standard error. With PGlite the data
 * folder belongs to one process, so run it while the server is stopped (the server runs the same job hourly by
 * itself).
 */
async function main() {
  const { env, logger, reporter, database, deps, close } = await boot({ logLevel: (env) => (env.logLevel === 'info' ? 'warn' : env.logLevel), logTo: 'stderr' });
  try {
    const billing = { db: database.db, payments: deps.payments, email: deps.email, logger, reporter, appUrl: env.appUrl };
    const result = await database.withAdvisoryLock(EXPIRE_CANCELLATIONS_LOCK_KEY, () => expireCancellations(billing));
    process.stdout.write(`${JSON.stringify(result ?? { skipped: 'another instance is running this job' })}\n`);
  } finally {
    await close();
  }
}

main().then(
  () => process.exit(0),
  (e) => exitWith('expire-cancellations failed', e),
);
