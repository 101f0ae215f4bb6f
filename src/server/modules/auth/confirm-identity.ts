import { AUTH_MESSAGES } from '#core/auth/messages';
import { AppError } from '#server/lib/app-error';
import type { Auth } from './auth';

/** How recent a sign-in must be to stand in for the password of an account that has none (Google sign-in only). */
const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * Proves that whoever holds the session owns the account, before something that cannot be undone: the account's
 * current password, or, for an account without one, a sign-in within the last 10 minutes. A stolen session cookie
 * alone proves neither.
 */
export async function confirmIdentity(auth: Auth, authUserId: string, proof: { password?: string; signedInAt: Date }) {
  const ctx = await auth.$context;
  const account = await ctx.internalAdapter.findCredentialAccount(authUserId);
  if (account?.password) {
    if (!proof.password) throw AppError.validation([{ field: 'password', message: AUTH_MESSAGES.passwordRequired }]);
    if (!(await ctx.password.verify({ hash: account.password, password: proof.password }))) {
      throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidPassword);
    }
    return;
  }
  if (Date.now() - proof.signedInAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.signInAgainToDelete);
  }
}
