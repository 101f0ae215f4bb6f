import type { ZodType } from 'zod';
import type { Message } from '#core/messages/format';
import { isApiError } from '#web/lib/api-client';

/** A field's first problem: a shared schema's text (checked here) or the server's keyed message. */
export type FieldErrors = Record<string, string | Message>;

/** The first message per field of a failed check, by the shared schema on the way out or by the server's `details`. */
export function schemaErrors(schema: ZodType, value: unknown): FieldErrors | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const out: FieldErrors = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || 'body'] ??= issue.message;
  return out;
}

export function serverErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error) || error.details.length === 0) return null;
  const out: FieldErrors = {};
  for (const d of error.details) out[d.field] ??= d;
  return out;
}

/** '' → undefined; anything else as a number (NaN stays NaN, for the schema to refuse). */
export function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
}
