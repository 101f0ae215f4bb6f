import { z } from 'zod';
import { exactTextSchema, lineTextSchema } from '#core/common/text';
import { PASSWORD_MESSAGES, AUTH_MESSAGES } from './messages';
import { EMAIL_PATTERN, normalizeEmail } from './rules';

const M = AUTH_MESSAGES;

export const emailSchema = z
  .string({ message: M.email })
  .transform(normalizeEmail)
  .pipe(z.email({ pattern: EMAIL_PATTERN, message: M.email }));

/**
 * Each rule reports on its own, so a user sees every rule the password breaks at once. Letters of any script count
 * for the case rules ("Ünïcödé1a" has both).
 */
export const passwordSchema = exactTextSchema(PASSWORD_MESSAGES.min)
  .min(8, PASSWORD_MESSAGES.min)
  .max(128, PASSWORD_MESSAGES.max)
  .regex(/\p{Lu}/u, PASSWORD_MESSAGES.uppercase)
  .regex(/\p{Ll}/u, PASSWORD_MESSAGES.lowercase)
  .regex(/[0-9]/, PASSWORD_MESSAGES.number);

export const nameSchema = lineTextSchema().min(1, M.nameRequired).max(100, M.nameMax);

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: exactTextSchema(M.passwordRequired).min(1, M.passwordRequired),
  rememberMe: z.boolean().optional(),
});

export const resetPasswordSchema = z.object({
  token: exactTextSchema(M.resetLinkInvalid).min(1, M.resetLinkInvalid),
  newPassword: passwordSchema,
});

/** The name a profile gets when sign-up carries none: the part of the email before the @. */
export function defaultNameFor(email: string): string {
  return email.split('@')[0] ?? email;
}
