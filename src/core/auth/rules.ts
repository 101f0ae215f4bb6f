import { AUTH_MESSAGES } from './messages';

// The rules the sign-in page checks before it sends anything, without zod (its page does not load it, ADR 037).
// The server's schemas (`./schemas.ts`) are built on the same pattern and messages, so both agree on every text.

/** What an email address must look like: zod's own email pattern, named here so the browser can use it alone. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** An address as the server keeps it: no surrounding space, lower case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The message for an address the server would refuse, or undefined. */
export function emailProblem(value: string): string | undefined {
  return EMAIL_PATTERN.test(normalizeEmail(value)) ? undefined : AUTH_MESSAGES.email;
}

/** The message for a missing password at sign-in (any password may be tried; only sign-up has rules), or undefined. */
export function signInPasswordProblem(value: string): string | undefined {
  return value.length > 0 ? undefined : AUTH_MESSAGES.passwordRequired;
}
