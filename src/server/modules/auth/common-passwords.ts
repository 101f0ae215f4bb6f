import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordSchema } from '#core/auth/schemas';
import { PASSWORD_MESSAGES } from '#core/auth/messages';

/**
 * The 10,000 most used passwords (NIST SP 800-63B: refuse what attackers try first), from a list ranked by use.
 * Case does not make a password less guessable, so the comparison ignores it. Server only: the list is large.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase());

/** The shared password rules and, on the server, the common-password list. */
export const newPasswordSchema = passwordSchema.refine((p) => !isCommonPassword(p), PASSWORD_MESSAGES.common);
