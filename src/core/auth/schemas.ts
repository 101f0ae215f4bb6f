import { z } from 'zod';
import { exactTextSchema, lineTextSchema } from '#core/common/text';

export const PASSWORD_MESSAGES = {
  min: 'Password must be at least 8 characters',
  max: 'Password must be at most 128 characters',
  uppercase: 'Password must contain at least one uppercase letter',
  lowercase: 'Password must contain at least one lowercase letter',
  number: 'Password must contain at least one number',
  /** Checked by the server only: the list of common passwords stays out of the web app. */
  common: 'This password is too common',
} as const;

export const emailSchema = z
  .string({ message: 'Invalid email format' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Invalid email format' }));

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

export const nameSchema = lineTextSchema().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: exactTextSchema('Password is required').min(1, 'Password is required'),
  rememberMe: z.boolean().optional(),
});

export const resetPasswordSchema = z.object({
  token: exactTextSchema('The reset link is invalid').min(1, 'The reset link is invalid'),
  newPassword: passwordSchema,
});

/** The name a profile gets when sign-up carries none: the part of the email before the @. */
export function defaultNameFor(email: string): string {
  return email.split('@')[0] ?? email;
}
