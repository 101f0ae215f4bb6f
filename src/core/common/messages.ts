// The texts of the shared rules (ids, pages, text, date ranges, idempotency keys), without zod: the message catalogue imports them (ADR 022, ADR 037).
export const COMMON_MESSAGES = {
  id: 'Invalid ID format',
  locale: 'Locale must be en or zh',
  page: 'Page must be greater than 0',
  limit: 'Limit must be between 1 and 100',
  /** Said by several features' rules: one key for the text, whichever rule says it. */
  nothingToUpdate: 'Nothing to update',
  trueOrFalse: 'Must be true or false',
} as const;

export const TEXT_MESSAGES = {
  invalid: 'Contains characters that are not allowed',
} as const;

export const DATE_RANGE_MESSAGES = {
  start: 'Start date must be a date (YYYY-MM-DD)',
  end: 'End date must be a date (YYYY-MM-DD)',
  order: 'Start date must be before end date',
  future: 'End date cannot be in the future',
} as const;

export const IDEMPOTENCY_MESSAGES = {
  format: 'Idempotency-Key must be 8 to 255 characters: letters, digits, "-", "_", "." or ":"',
} as const;
