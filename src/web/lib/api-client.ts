import type { z } from 'zod';
import type { Contract } from '#core/common/contract';
import { codeMessage, isErrorCode, isRetryable, type FieldDetail } from '#core/errors/catalogue';
import type { Message, MessageParams } from '#core/messages/format';

/**
 * An error answered by the API (the envelope of API.md), or a network failure shaped the same way. Its message is
 * shown by its key (ADR 022, `useErrorText`).
 */
export class ApiError extends Error implements Message {
  readonly code: string;
  readonly messageKey: string;
  readonly params: MessageParams | undefined;
  readonly statusCode: number;
  readonly details: FieldDetail[];
  readonly retryAfter: number | undefined;
  readonly requestId: string | undefined;

  constructor(
    init: Message & {
      code: string;
      statusCode: number;
      details?: FieldDetail[];
      retryAfter?: number;
      requestId?: string;
    },
  ) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.messageKey = init.messageKey;
    this.params = init.params;
    this.statusCode = init.statusCode;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter;
    this.requestId = init.requestId;
  }

  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR' && this.statusCode === 0;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** What react-query may retry: retryable codes of the catalogue, never a 4xx answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return false;
  if (error.statusCode >= 400 && error.statusCode < 500) return false;
  return isRetryable(error.code);
}

const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

let csrfToken: Promise<string | null> | null = null;

async function fetchCsrfToken(): Promise<string | null> {
  try {
    const res = await fetch('/api/csrf-token', { credentials: 'include', headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    // Read by hand: the token's schema would bring zod into the landing page's first load.
    const body = (await res.json()) as { token?: unknown };
    return typeof body.token === 'string' ? body.token : null;
  } catch {
    return null;
  }
}

/** The anti-forgery token, fetched once and shared by every write. */
function getCsrfToken(refresh = false): Promise<string | null> {
  if (refresh || !csrfToken) {
    csrfToken = fetchCsrfToken().then((token) => {
      // A failed fetch must not stick: the next write asks again.
      if (token === null) csrfToken = null;
      return token;
    });
  }
  return csrfToken;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (options.body instanceof FormData) {
      body = options.body;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  if (!SAFE_METHODS.has(method) && token) headers[CSRF_HEADER] = token;
  try {
    return await fetch(path, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ code: 'NETWORK_ERROR', ...codeMessage('NETWORK_ERROR'), statusCode: 0 });
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(res: Response, body: unknown): ApiError {
  const envelope = (body as { error?: unknown } | null)?.error;
  const retryHeader = Number(res.headers.get('retry-after'));
  const headerRetryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
  if (envelope && typeof envelope === 'object') {
    const e = envelope as Record<string, unknown>;
    return new ApiError({
      code: typeof e.code === 'string' ? e.code : fallbackCode(res.status),
      message: typeof e.message === 'string' ? e.message : res.statusText,
      // A key no catalogue holds when the answer names none: its English is shown as it is.
      messageKey: typeof e.messageKey === 'string' ? e.messageKey : `http.${res.status}`,
      params: e.params && typeof e.params === 'object' ? (e.params as MessageParams) : undefined,
      statusCode: typeof e.statusCode === 'number' ? e.statusCode : res.status,
      details: Array.isArray(e.details) ? (e.details as FieldDetail[]) : undefined,
      retryAfter: typeof e.retryAfter === 'number' ? e.retryAfter : headerRetryAfter,
      requestId: typeof e.requestId === 'string' ? e.requestId : undefined,
    });
  }
  const text = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : undefined;
  const message = text === undefined ? codeMessage('INTERNAL_ERROR') : { message: text, messageKey: `http.${res.status}` };
  return new ApiError({ code: fallbackCode(res.status), ...message, statusCode: res.status, retryAfter: headerRetryAfter });
}

function fallbackCode(status: number): string {
  const byStatus: Record<number, string> = {
    400: 'VALIDATION_ERROR',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    429: 'RATE_LIMIT_EXCEEDED',
    502: 'EXTERNAL_SERVICE_ERROR',
    503: 'NETWORK_ERROR',
    504: 'TIMEOUT_ERROR',
  };
  const code = byStatus[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN_ERROR');
  return isErrorCode(code) ? code : 'UNKNOWN_ERROR';
}

function isCsrfFailure(error: ApiError): boolean {
  return error.statusCode === 403 && error.messageKey === 'request.csrf';
}

/** One call to our API: JSON in, JSON out, cookies included, anti-forgery header on writes. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const write = !SAFE_METHODS.has(method);
  let token = write ? await getCsrfToken() : null;
  let res = await send(path, options, token);
  let body = await readBody(res);
  if (!res.ok && write) {
    const error = toApiError(res, body);
    if (!isCsrfFailure(error)) throw error;
    // The cookie may have expired or been replaced: take a fresh token once and try again.
    token = await getCsrfToken(true);
    res = await send(path, options, token);
    body = await readBody(res);
  }
  if (!res.ok) throw toApiError(res, body);
  return body as T;
}

/**
 * A write whose answer is read as a stream (Server-Sent Events): the same token handling and error envelope as
 * `apiRequest`, but a successful answer is handed back unread.
 */
export async function apiStream(path: string, options: RequestOptions & { method: 'POST' | 'PUT' | 'PATCH' }): Promise<Response> {
  const headers = { accept: 'text/event-stream', ...options.headers };
  let res = await send(path, { ...options, headers }, await getCsrfToken());
  if (!res.ok) {
    let error = toApiError(res, await readBody(res));
    if (!isCsrfFailure(error)) throw error;
    res = await send(path, { ...options, headers }, await getCsrfToken(true));
    if (!res.ok) {
      error = toApiError(res, await readBody(res));
      throw error;
    }
  }
  return res;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

type SchemaAt<T, K extends string> = T extends { [P in K]: infer S extends z.ZodType } ? S : never;
type JsonSchemaOf<T> = T extends { content: { 'application/json': { schema: infer S extends z.ZodType } } } ? S : never;
type Part<Name extends string, S> = [S] extends [never] ? unknown : S extends z.ZodType ? { [P in Name]: z.input<S> } : unknown;
/** A JSON body as its schema accepts it; a multipart form (a photo upload) as FormData. */
type BodyPart<B> = [JsonSchemaOf<B>] extends [never] ? (B extends { content: { 'multipart/form-data': unknown } } ? { body: FormData } : unknown) : Part<'body', JsonSchemaOf<B>>;

/** What a call to a contract takes: its path parameters, query and body, as its schemas accept them. */
export type CallInput<C extends Contract> = Part<'params', SchemaAt<C['request'], 'params'>> & Part<'query', SchemaAt<C['request'], 'query'>> & BodyPart<NonNullable<C['request']>['body']>;

/** What a call to a contract answers: its successful JSON answer, parsed by the contract's schema. */
export type CallOutput<C extends Contract> = { [S in keyof C['responses']]: z.output<JsonSchemaOf<C['responses'][S]>> }[keyof C['responses']];

/** The URL of a contract's call: path parameters filled in, the query's defined values appended. */
export function contractUrl(contract: Contract, input: { params?: object; query?: object }): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String((input.params as Record<string, unknown>)[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== null) search.append(key, String(one));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * One call to an endpoint of the API by its contract (src/core/<feature>/<feature>.contract.ts): the URL built from
 * it, the body sent as JSON, the answer parsed with the contract's schema (an answer that does not match is an
 * error, not data).
 */
export async function call<C extends Contract>(contract: C, input: CallInput<C> = {} as CallInput<C>, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<CallOutput<C>> {
  const { body } = input as { body?: unknown };
  const method = contract.method.toUpperCase() as NonNullable<RequestOptions['method']>;
  const answer = await apiRequest<unknown>(contractUrl(contract, input as object), { ...options, method, body: body ?? (method === 'GET' ? undefined : {}) });
  const schema = Object.values(contract.responses).find((r) => r.content?.['application/json'])?.content?.['application/json']?.schema;
  if (!schema) return answer as CallOutput<C>;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    // A defect, not the user's doing: the details go to the console, the user reads the catalogue's (translated) message.
    console.error(`Unexpected answer from ${contract.method.toUpperCase()} ${contract.path}`, parsed.error.issues);
    throw new ApiError({ code: 'UNKNOWN_ERROR', ...codeMessage('UNKNOWN_ERROR'), statusCode: 200 });
  }
  return parsed.data as CallOutput<C>;
}
