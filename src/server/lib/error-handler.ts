import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelope } from '#core/errors/catalogue';
import { AppError } from './app-error';
import type { AppEnv } from './context';
import type { ErrorReporter } from './error-reporter';

/** Anything thrown while handling a request, as the contract's envelope. Unexpected errors are reported, not shown. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (err.status === 415) return AppError.validation([{ field: 'content-type', message: 'Content-Type must be application/json' }]);
    if (err.status === 400) {
      const msg = /malformed json/i.test(err.message) ? 'Malformed JSON in request body' : err.message || 'Invalid request';
      return new AppError('VALIDATION_ERROR', 'Validation failed', { details: [{ field: 'body', message: msg }] });
    }
    if (err.status === 401) return new AppError('UNAUTHORIZED');
    if (err.status === 404) return new AppError('NOT_FOUND');
  }
  if (err instanceof Error && err.name === 'ValidationError') {
    return new AppError('VALIDATION_ERROR', 'Validation failed', { details: [{ field: (err as { field?: string }).field ?? 'body', message: err.message }] });
  }
  return new AppError('INTERNAL_ERROR', undefined, { cause: err });
}

export function envelope<E extends AppEnv>(c: Context<E>, e: AppError): ErrorEnvelope {
  return {
    error: {
      code: e.code,
      message: e.message,
      statusCode: e.statusCode,
      ...(e.details ? { details: e.details } : {}),
      ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}),
      timestamp: new Date().toISOString(),
      path: c.req.path,
      method: c.req.method,
      requestId: c.get('requestId') ?? '',
    },
  };
}

export function errorHandler(reporter: ErrorReporter) {
  return (err: unknown, c: Context<AppEnv>) => {
    const e = toAppError(err);
    if (e.statusCode >= 500) {
      reporter.report(e.cause ?? err, {
        requestId: c.get('requestId'),
        path: c.req.path,
        method: c.req.method,
        userId: c.get('user')?.id,
        sessionId: c.get('sessionId'),
      });
    }
    return c.json(envelope(c, e), e.statusCode as ContentfulStatusCode);
  };
}
