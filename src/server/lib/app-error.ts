import { ERROR_CODES, type ErrorCode, type FieldError } from '#core/errors/catalogue';

/** The one error type of the server: a catalogue code, a message for the user, and what the client may act on. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: FieldError[];
  readonly retryAfter?: number;
  /** For the log and the error reporter only; never sent to a client. */
  readonly cause?: unknown;

  constructor(code: ErrorCode, message?: string, opts: { details?: FieldError[]; retryAfter?: number; cause?: unknown; statusCode?: number } = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = opts.statusCode ?? ERROR_CODES[code].status;
    this.details = opts.details?.length ? opts.details : undefined;
    this.retryAfter = opts.retryAfter;
    this.cause = opts.cause;
  }

  static validation(details: FieldError[]): AppError {
    return new AppError('VALIDATION_ERROR', 'Validation failed', { details });
  }

  /** 404 '{entity} with id {id} not found'. */
  static notFound(entity: string, id?: string): AppError {
    return new AppError('NOT_FOUND', id === undefined ? `${entity} not found` : `${entity} with id ${id} not found`);
  }
}

/** Turns zod issues into the `details` of a validation error. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
}
