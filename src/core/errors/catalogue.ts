import type { MessageText } from '#core/messages/catalogue';
import type { Message, MessageParams } from '#core/messages/format';

/**
 * The error catalogue of the product: every code, its HTTP status, its user-facing message and whether a client
 * may retry it. Server and web app both read it; the server never invents a status outside this table.
 */
export const ERROR_CODES = {
  UNAUTHORIZED: { status: 401, message: 'Please sign in to continue', retryable: false },
  FORBIDDEN: { status: 403, message: "You don't have permission to access this resource", retryable: false },
  VALIDATION_ERROR: { status: 400, message: 'Validation failed', retryable: false },
  NOT_FOUND: { status: 404, message: 'The requested resource was not found', retryable: false },
  EXTERNAL_SERVICE_ERROR: { status: 502, message: 'A third-party service is temporarily unavailable', retryable: true },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Too many requests. Please slow down', retryable: true },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong. Please try again later', retryable: false },
  NETWORK_ERROR: { status: 503, message: 'Network connection issue. Please check your internet', retryable: true },
  UNKNOWN_ERROR: { status: 500, message: 'An unknown error occurred', retryable: false },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password', retryable: false },
  TOKEN_EXPIRED: { status: 400, message: 'Your link or code has expired', retryable: false },
  INVALID_INPUT: { status: 400, message: 'Please check your input and try again', retryable: false },
  MISSING_REQUIRED_FIELD: { status: 400, message: 'Please check your input and try again', retryable: false },
  ALREADY_EXISTS: { status: 409, message: 'This already exists', retryable: false },
  RESOURCE_LOCKED: { status: 423, message: 'This resource is locked', retryable: false },
  LIMIT_EXCEEDED: { status: 403, message: "You've reached your usage limit", retryable: false },
  INSUFFICIENT_CREDITS: { status: 403, message: "You've reached your usage limit", retryable: false },
  SUBSCRIPTION_REQUIRED: { status: 403, message: 'This feature requires a subscription', retryable: false },
  OPERATION_NOT_ALLOWED: { status: 400, message: 'This operation is not allowed', retryable: false },
  STRIPE_ERROR: { status: 502, message: 'A third-party service is temporarily unavailable', retryable: false },
  OPENAI_ERROR: { status: 502, message: 'A third-party service is temporarily unavailable', retryable: false },
  SUPABASE_ERROR: { status: 502, message: 'A third-party service is temporarily unavailable', retryable: false },
  DATABASE_ERROR: { status: 500, message: 'Something went wrong. Please try again later', retryable: false },
  TIMEOUT_ERROR: { status: 504, message: 'The request timed out. Please try again', retryable: true },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large', retryable: false },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'This Idempotency-Key was already used with a different request', retryable: false },
  CHECKOUT_EXPIRED: {
    status: 410,
    message: 'This checkout has expired: a newer checkout was started for your account, or this one was left open too long. Start again from the pricing page.',
    retryable: false,
  },
} as const satisfies Record<string, { status: number; message: string; retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function isRetryable(code: string): boolean {
  return isErrorCode(code) && ERROR_CODES[code].retryable;
}

/** A code's own message, under its key in the message catalogue ('error.NOT_FOUND'). */
export function codeMessage(code: ErrorCode): Message {
  return { message: ERROR_CODES[code].message, messageKey: `error.${code}` };
}

/** One field's problem as the code states it: a text of the message catalogue. */
export interface FieldError {
  field: string;
  message: MessageText;
}

/** One field's problem as `error.details` carries it: the English text, its key and its params. */
export type FieldDetail = { field: string } & Message;

/** The body of every error response under /api (see API.md and ADR 022). */
export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    messageKey: string;
    params?: MessageParams;
    statusCode: number;
    details?: FieldDetail[];
    retryAfter?: number;
    timestamp: string;
    path: string;
    method: string;
    requestId: string;
  };
}
