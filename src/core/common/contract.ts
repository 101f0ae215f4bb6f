import { z } from 'zod';
import type { RateLimitKind } from '#core/rate-limit/limits';

/**
 * One endpoint, declared once: the server builds its route from it (guard, limits, validation), the OpenAPI document
 * describes it, and the web app calls it (`call` in web/lib/api-client.ts). Plain data with zod schemas, so the web
 * app can import it without the server (ADR 018).
 */
export interface Contract {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI style: `/api/workouts/{id}`. */
  path: `/${string}`;
  /**
   * `session`: the auth guard runs first, then the general API limit per user; the handler always has a user.
   * `moderator`: the same for moderators only; everyone else, signed in or not, gets 404 as for a path that does not
   * exist.
   */
  auth: 'session' | 'moderator' | 'public';
  /** A rate limit counted on top, once per request. */
  limit?: RateLimitKind;
  /**
   * When `limit` is counted: on arrival (default), or by the handler once its own checks passed (an AI generation
   * refused by its tier should not also cost an hour's allowance), through `c.var.countLimit()`.
   */
  limitAt?: 'arrival' | 'handler';
  /**
   * A create a client may send again (the offline queue replays it): an optional `Idempotency-Key` header makes a
   * repeat answer the first result instead of storing twice. The handler writes with `c.var.db`, the transaction that
   * also keeps the answer (ADR 023).
   */
  idempotent?: true;
  /**
   * A write that changes nothing a profile or `GET /api/me` is made of (ADR 019's tables): the auth guard keeps the
   * user's profile in memory after it instead of dropping it, so the user's next request does not read it again.
   */
  profileUnchanged?: true;
  tags: string[];
  summary: string;
  description?: string;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    /** Request headers the handler reads (documented, and validated like the rest). */
    headers?: z.ZodObject;
    /** Required (`jsonBody`) unless it says otherwise (`optionalJsonBody`): an optional body may be left out, or be `{}`. */
    body?: { required: boolean; content: Partial<Record<'application/json' | 'multipart/form-data', { schema: z.ZodType }>> };
  };
  /** The successful answers; errors are listed by status in `errors` and answered in the error envelope. */
  responses: Record<number, { description: string; content?: Partial<Record<'application/json' | 'text/event-stream' | 'image/jpeg' | 'text/csv', { schema: z.ZodType }>> }>;
  errors: readonly ErrorStatus[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503;

/** Declares a contract; the literal types are kept, so handlers and callers are typed from it. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/** A required JSON body: a request of another content type fails validation instead of skipping it. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true as const, content: { 'application/json': { schema } } };
}

/** A JSON body that may be left out: sent, it is validated; absent (or of another content type), the handler gets none. */
export function optionalJsonBody<T extends z.ZodType>(schema: T) {
  return { required: false as const, content: { 'application/json': { schema } } };
}

/** A JSON answer. */
export function json<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } };
}

/** `{ success: true }`: the answer of a deletion and of other writes with nothing to return. */
export const successSchema = z.object({ success: z.literal(true) });
