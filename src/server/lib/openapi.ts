import { z } from '@hono/zod-openapi';
import { messageParamsSchema } from '#core/common/schemas';
import { ERROR_CODES } from '#core/errors/catalogue';

/** How a client translates a message (ADR 022): its key in the message catalogue, and the values its text names. */
const keyedMessage = {
  messageKey: z.string().meta({ description: "The message's key in the message catalogue ('password.min'); a client that has no text for it shows `message`" }),
  params: messageParamsSchema.optional().meta({ description: 'The values the message names in braces (`{days}`), by name' }),
};

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
      message: z.string().meta({ description: 'The message in English' }),
      ...keyedMessage,
      statusCode: z.number().int(),
      details: z.array(z.object({ field: z.string(), message: z.string(), ...keyedMessage })).optional(),
      retryAfter: z.number().int().optional(),
      timestamp: z.string(),
      path: z.string(),
      method: z.string(),
      requestId: z.string(),
    }),
  })
  .openapi('ErrorEnvelope');

const DESCRIPTIONS: Record<number, string> = {
  400: 'Validation failed or a business rule refused the request',
  401: 'Please sign in to continue',
  403: 'Forbidden, invalid CSRF token, subscription required or usage limit reached',
  404: 'Not found',
  409: 'Already exists',
  413: 'The request is too large',
  422: 'The Idempotency-Key was already used with a different request',
  429: 'Too many requests',
  502: 'A third-party service is temporarily unavailable',
  503: 'Unavailable',
};

export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, { description: DESCRIPTIONS[s] ?? 'Error', content: { 'application/json': { schema: errorEnvelopeSchema } } }]));
}
