import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, shouldRetry } from './api-client';

/** A small server that speaks the API's conventions: a CSRF token, the error envelope, a 429 with retryAfter. */
let server: Server;
const realFetch = globalThis.fetch;
let validToken = 'token-1';
let tokenFetches = 0;
const seen: { method: string; path: string; csrf: string | undefined }[] = [];

function envelope(code: string, message: string, messageKey: string, statusCode: number, extra: Record<string, unknown> = {}) {
  return JSON.stringify({ error: { code, message, messageKey, statusCode, timestamp: '', path: '', method: '', requestId: 'r-1', ...extra } });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const csrf = req.headers['x-csrf-token'] as string | undefined;
    seen.push({ method: req.method!, path: req.url!, csrf });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/csrf-token') {
      tokenFetches++;
      return res.end(JSON.stringify({ token: validToken }));
    }
    if (req.method !== 'GET' && csrf !== validToken) {
      res.statusCode = 403;
      return res.end(envelope('FORBIDDEN', 'Invalid CSRF token', 'request.csrf', 403));
    }
    if (req.url === '/api/me' && req.method === 'PATCH') return res.end(JSON.stringify({ name: 'Ana' }));
    if (req.url === '/api/invalid') {
      res.statusCode = 400;
      return res.end(
        envelope('VALIDATION_ERROR', 'Validation failed', 'error.VALIDATION_ERROR', 400, { details: [{ field: 'email', message: 'Invalid email format', messageKey: 'auth.email' }] }),
      );
    }
    if (req.url === '/api/limited') {
      res.statusCode = 429;
      res.setHeader('retry-after', '900');
      return res.end(envelope('RATE_LIMIT_EXCEEDED', 'Too many authentication attempts. Please try again later.', 'rateLimit.auth', 429, { retryAfter: 900 }));
    }
    if (req.url === '/api/null') return res.end('null');
    res.statusCode = 404;
    res.end(envelope('NOT_FOUND', 'The requested resource was not found', 'error.NOT_FOUND', 404));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The client calls same-origin paths, as in the browser; point them at the test server.
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => realFetch(`${base}${String(input)}`, init)) as typeof fetch;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('apiRequest', () => {
  it('sends the anti-forgery token on writes, fetched once', async () => {
    await apiRequest('/api/me', { method: 'PATCH', body: { name: 'Ana' } });
    await apiRequest('/api/me', { method: 'PATCH', body: { name: 'Ana' } });
    expect(tokenFetches).toBe(1);
    expect(seen.filter((r) => r.method === 'PATCH').every((r) => r.csrf === 'token-1')).toBe(true);
  });

  it('does not send it on reads', async () => {
    await apiRequest('/api/null');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', csrf: undefined });
  });

  it('takes a fresh token once and retries when a write is refused for it', async () => {
    validToken = 'token-2';
    const result = await apiRequest<{ name: string }>('/api/me', { method: 'PATCH', body: { name: 'Ana' } });
    expect(result.name).toBe('Ana');
    expect(tokenFetches).toBe(2);
  });

  it('reads the error envelope into an ApiError', async () => {
    const error = await apiRequest('/api/invalid').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400, message: 'Validation failed', details: [{ field: 'email', message: 'Invalid email format' }] });
    expect(error).toMatchObject({ messageKey: 'error.VALIDATION_ERROR', details: [{ messageKey: 'auth.email' }] });
  });

  it('keeps retryAfter of a rate-limited answer', async () => {
    const error = (await apiRequest('/api/limited').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.retryAfter).toBe(900);
  });

  it('answers null bodies with null', async () => {
    expect(await apiRequest('/api/null')).toBeNull();
  });
});

describe('shouldRetry', () => {
  const err = (code: string, statusCode: number) => new ApiError({ code, statusCode, message: '', messageKey: '' });

  it('retries retryable codes on server and network failures', () => {
    expect(shouldRetry(0, err('NETWORK_ERROR', 0))).toBe(true);
    expect(shouldRetry(0, err('EXTERNAL_SERVICE_ERROR', 502))).toBe(true);
    expect(shouldRetry(0, err('TIMEOUT_ERROR', 504))).toBe(true);
  });

  it('never retries a 4xx, even a retryable code, nor a non-retryable code', () => {
    expect(shouldRetry(0, err('RATE_LIMIT_EXCEEDED', 429))).toBe(false);
    expect(shouldRetry(0, err('UNAUTHORIZED', 401))).toBe(false);
    expect(shouldRetry(0, err('INTERNAL_ERROR', 500))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
  });

  it('gives up after two retries', () => {
    expect(shouldRetry(2, err('NETWORK_ERROR', 0))).toBe(false);
  });
});
