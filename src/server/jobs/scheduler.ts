import type { Database } from '#server/db/client';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';

/** Advisory lock keys of scheduled jobs: one instance of many runs each job at a time. */
export const EXPIRE_CANCELLATIONS_LOCK_KEY = 727_101;
export const SANDBOX_REDELIVERY_LOCK_KEY = 727_102;
export const SWEEP_PHOTOS_LOCK_KEY = 727_103;
export const SWEEP_IDEMPOTENCY_KEYS_LOCK_KEY = 727_104;
export const VACUUM_LOCK_KEY = 727_105;

export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** The first run, this long after start. */
  firstAfterMs: number;
  lockKey: number;
  run: () => Promise<unknown>;
  /** Log its runs at debug level (a job that runs every minute would fill the log). */
  quiet?: boolean;
}

/**
 * Runs jobs on a timer inside the server. Each run takes the job's advisory lock and is skipped when another
 * instance holds it; a run never overlaps the previous one. Returns a stop function that waits for a run in flight.
 */
export function startScheduler(jobs: ScheduledJob[], deps: { database: Database; logger: Logger; reporter: ErrorReporter }): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  for (const job of jobs) {
    let running = false;
    const tick = () => {
      if (running || stopped) return;
      running = true;
      const started = Date.now();
      const run = deps.database
        .withAdvisoryLock(job.lockKey, job.run)
        .then((result) => {
          if (result === undefined) deps.logger.debug('job skipped: another instance holds its lock', { job: job.name });
          else deps.logger[job.quiet ? 'debug' : 'info']('job done', { job: job.name, ms: Date.now() - started, result });
        })
        .catch((error) => deps.reporter.report(error, { source: 'scheduler', job: job.name }))
        .finally(() => {
          running = false;
          inFlight.delete(run);
        });
      inFlight.add(run);
    };
    const first = setTimeout(() => {
      tick();
      const every = setInterval(tick, job.everyMs);
      every.unref();
      timers.push(every);
    }, job.firstAfterMs);
    first.unref();
    timers.push(first);
  }

  return async () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
    await Promise.all(inFlight);
  };
}
