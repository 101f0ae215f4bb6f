import type { Logger } from './logger';

export interface ErrorContext {
  requestId?: string;
  path?: string;
  method?: string;
  userId?: string;
  sessionId?: string;
  [key: string]: unknown;
}

export interface ReportedError {
  error: { name: string; message: string; code?: string; stack?: string };
  context: ErrorContext;
  userId?: string;
  sessionId?: string;
  timestamp: string;
}

export interface ErrorReporter {
  report(error: unknown, context?: ErrorContext): void;
  /** The most recent reports, newest first (10 unless asked). */
  recent(count?: number): ReportedError[];
}

export const ERROR_QUEUE_CAP = 100;
export const RECENT_ERRORS_DEFAULT = 10;

/**
 * Keeps the last 100 errors in memory and forwards each one: to Sentry when it is configured, else to the log as a
 * JSON line.
 */
export function createErrorReporter(opts: { logger: Logger; sentry?: { captureException(e: unknown, ctx?: unknown): unknown } }): ErrorReporter {
  const queue: ReportedError[] = [];
  return {
    report(error, context = {}) {
      const e = error instanceof Error ? error : new Error(String(error));
      const entry: ReportedError = {
        error: { name: e.name, message: e.message, code: (e as { code?: string }).code, stack: e.stack },
        context,
        userId: context.userId,
        sessionId: context.sessionId,
        timestamp: new Date().toISOString(),
      };
      queue.push(entry);
      if (queue.length > ERROR_QUEUE_CAP) queue.shift();
      if (opts.sentry) {
        opts.sentry.captureException(e, { tags: { requestId: context.requestId, path: context.path }, user: context.userId ? { id: context.userId } : undefined, extra: context });
      } else {
        opts.logger.error('error', { ...context, error: entry.error });
      }
    },
    recent(count = RECENT_ERRORS_DEFAULT) {
      return queue.slice(-count).reverse();
    },
  };
}
