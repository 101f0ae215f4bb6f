import { codeMessage, ERROR_CODES, type ErrorCode, type FieldDetail, type FieldError } from '#core/errors/catalogue';
import { REQUEST_MESSAGES } from '#core/errors/request';
import { issueMessage, type Message, type MessageParams, type MessageText, toMessage } from '#core/messages/catalogue';

/**
 * The one error type of the server: a catalogue code, a message for the user, and what the client may act on. The
 * message is a text of the message catalogue (ADR 022), or a message already keyed (one with params, a library's).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly messageKey: string;
  readonly params?: MessageParams;
  readonly details?: FieldDetail[];
  readonly retryAfter?: number;
  /** For the log and the error reporter only; never sent to a client. */
  readonly cause?: unknown;

  constructor(code: ErrorCode, text?: MessageText | Message, opts: { details?: (FieldError | FieldDetail)[]; retryAfter?: number; cause?: unknown; statusCode?: number } = {}) {
    const keyed = text === undefined ? codeMessage(code) : typeof text === 'object' ? text : toMessage(text);
    super(keyed.message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = opts.statusCode ?? ERROR_CODES[code].status;
    this.messageKey = keyed.messageKey;
    this.params = keyed.params;
    this.details = opts.details?.length ? opts.details.map(fieldDetail) : undefined;
    this.retryAfter = opts.retryAfter;
    this.cause = opts.cause;
  }

  static validation(details: (FieldError | FieldDetail)[]): AppError {
    return new AppError('VALIDATION_ERROR', undefined, { details });
  }

  /** 404 '{entity} with id {id} not found'. */
  static notFound(entity: string, id?: string): AppError {
    return new AppError('NOT_FOUND', id === undefined ? toMessage(REQUEST_MESSAGES.notFound, { entity }) : toMessage(REQUEST_MESSAGES.notFoundWithId, { entity, id }));
  }
}

function fieldDetail(detail: FieldError | FieldDetail): FieldDetail {
  return 'messageKey' in detail ? detail : { field: detail.field, ...toMessage(detail.message) };
}

/** Turns zod issues into the `details` of a validation error, each with its message's key. */
export function fieldErrors(issues: readonly { path: PropertyKey[]; code: string; message: string; keys?: readonly string[] }[]): FieldDetail[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', ...issueMessage(i) }));
}
