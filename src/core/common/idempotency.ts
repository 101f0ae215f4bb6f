import { z } from 'zod';
import { IDEMPOTENCY_MESSAGES } from './messages';

/**
 * A create that a client may send again (the offline queue replays it until it hears an answer) carries an
 * `Idempotency-Key`: the same key from the same user stores one record and answers the first result (ADR 023).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** How long a key is remembered: a retry within this time gets the first answer, a later one is a new request. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** A UUID fits; so does any client's own scheme of up to 255 plain characters. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{8,255}$/, IDEMPOTENCY_MESSAGES.format)
  .describe('Any unique string (a UUID): sending the same key again answers the first result instead of storing twice, for 24 hours');
