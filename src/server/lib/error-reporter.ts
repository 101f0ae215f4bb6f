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

const SQLSTATE = /^[0-9A-Z]{5}$/;
const sqlState = (x: unknown): string | undefined => {
  const code = (x as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && SQLSTATE.test(code) ? code : undefined;
};

/**
 * What may leave the process about an error. A database error carries the query's parameters (emails, tokens, what a
 * user typed) in its message, and the database quotes values back in its own: of those only the class, the SQLSTATE
 * and the query text are kept, and the stack keeps its frames without the message.
 */
export function describeError(error: unknown): ReportedError['error'] {
  const e = error instanceof Error ? error : new Error(String(error));
  const query = (e as { query?: unknown }).query;
  const code = sqlState(e) ?? sqlState(e.cause);
  if (typeof query !== 'string' && code === undefined) return { name: e.name, message: e.message, code: (e as { code?: string }).code, stack: e.stack };
  const message = typeof query === 'string' ? `Failed query: ${query}` : 'Database error';
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return { name: e.name, message, code, stack: [`${e.name}: ${message}`, ...frames].join('\n') };
}

/**
 * Keeps the last 100 errors in memory and forwards each one: to Sentry when it is configured, else to the log as a
 * JSON line.
 */
export function createErrorReporter(opts: { logger: Logger; sentry?: { captureException(e: unknown, ctx?: unknown): unknown } }): ErrorReporter {
  const queue: ReportedError[] = [];
  return {
    report(error, context = {}) {
      const described = describeError(error);
      const entry: ReportedError = {
        error: described,
        context,
        userId: context.userId,
        sessionId: context.sessionId,
        timestamp: new Date().toISOString(),
      };
      queue.push(entry);
      if (queue.length > ERROR_QUEUE_CAP) queue.shift();
      if (opts.sentry) {
        const e = Object.assign(new Error(described.message), { name: described.name, stack: described.stack, code: described.code });
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
