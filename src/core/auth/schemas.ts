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

export const AUTH_MESSAGES = {
  email: 'Invalid email format',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 100 characters',
  resetLinkInvalid: 'The reset link is invalid',
  /** The web app's own checks, before anything is sent. */
  passwordsDiffer: 'Passwords do not match',
  codeRequired: 'Enter the 6-digit code',
  backupCodeRequired: 'Enter a backup code',
  /** Failed credential checks: the authentication library's answers, in the product's words. */
  invalidPassword: 'Invalid password',
  accountExists: 'An account with this email already exists',
  resetLinkExpired: 'The reset link is invalid or has expired',
  invalidCode: 'Invalid code',
  invalidBackupCode: 'Invalid backup code',
  signInExpired: 'Your sign-in has expired. Please sign in again',
  codeExpired: 'The code has expired',
  tooManyAttempts: 'Too many attempts. Please try again later',
  signInAgainToDelete: 'Please sign in again to delete your account',
  /** The library's own words for the rest of its answers a person can meet. */
  invalidEmail: 'Invalid email',
  twoFactorNotEnabled: "Two factor isn't enabled",
  totpNotEnabled: 'TOTP not enabled',
  totpAlreadyEnabled: 'TOTP is already enabled',
  accountLocked: 'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
  tokenExpired: 'Token expired',
  sessionExpired: 'Session expired. Re-authenticate to perform this action.',
  noPasswordAccount: 'Credential account not found',
  passwordTooShort: 'Password too short',
  passwordTooLong: 'Password too long',
  userNotFound: 'User not found',
  createUserFailed: 'Failed to create user',
  providerNotFound: 'Provider not found',
  invalidOrigin: 'Invalid origin',
  invalidCallbackUrl: 'Invalid callbackURL',
} as const;

const M = AUTH_MESSAGES;

export const emailSchema = z
  .string({ message: M.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: M.email }));

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
