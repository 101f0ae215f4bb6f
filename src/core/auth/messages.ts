// The texts of the sign-up, sign-in and password rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
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
