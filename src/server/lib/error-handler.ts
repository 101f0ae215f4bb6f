import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelope, FieldDetail } from '#core/errors/catalogue';
import { REQUEST_MESSAGES } from '#core/errors/request';
import { toMessage } from '#core/messages/catalogue';
import { AppError } from './app-error';
import type { AppEnv } from './context';
import type { ErrorReporter } from './error-reporter';

/** Anything thrown while handling a request, as the contract's envelope. Unexpected errors are reported, not shown. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 413) return new AppError('PAYLOAD_TOO_LARGE');
    if (err.status === 415) return AppError.validation([{ field: 'content-type', message: REQUEST_MESSAGES.jsonContentType }]);
    if (err.status === 400)
      return AppError.validation([/malformed json/i.test(err.message) ? { field: 'body', message: REQUEST_MESSAGES.malformedJson } : libraryDetail('body', err.message)]);
    if (err.status === 401) return new AppError('UNAUTHORIZED');
    if (err.status === 404) return new AppError('NOT_FOUND');
  }
  if (err instanceof Error && err.name === 'ValidationError') return AppError.validation([libraryDetail((err as { field?: string }).field ?? 'body', err.message)]);
  return new AppError('INTERNAL_ERROR', undefined, { cause: err });
}

/** A library's own words for a bad request, under a key no catalogue holds (a client shows them as they are). */
function libraryDetail(field: string, text: string): FieldDetail {
  return text ? { field, message: text, messageKey: 'http.400' } : { field, ...toMessage(REQUEST_MESSAGES.invalid) };
}

export function envelope<E extends AppEnv>(c: Context<E>, e: AppError): ErrorEnvelope {
  return {
    error: {
      code: e.code,
      message: e.message,
      messageKey: e.messageKey,
      ...(e.params ? { params: e.params } : {}),
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
