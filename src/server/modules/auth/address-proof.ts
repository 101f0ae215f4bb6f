import { randomBytes } from 'node:crypto';
import type { Locale } from '#core/common/schemas';
import type { EmailSender } from '#server/adapters/email/port';
import type { Auth } from './auth';
import { addressProofEmail } from './emails';

/** How long the link emailed at sign-up to a listed address works. */
export const ADDRESS_PROOF_TTL_MS = 24 * 60 * 60_000;

/**
 * An address that must be proven before it counts (MODERATOR_EMAILS) is emailed, at sign-up, a link to choose the
 * account's password (ADR 026). Choosing it is a password reset (the same token, kept 24 hours instead of one): only
 * the address's owner can follow it, and completing it takes the account over (`takeOverAccount`).
 */
export async function sendAddressProof(auth: Auth, deps: { email: EmailSender; appUrl: string }, account: { id: string; email: string; name: string }, locale: Locale): Promise<void> {
  const ctx = await auth.$context;
  const token = randomBytes(24).toString('base64url');
  await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: account.id,
    expiresAt: new Date(Date.now() + ADDRESS_PROOF_TTL_MS),
  });
  const link = `${deps.appUrl}/${locale}/reset-password?token=${encodeURIComponent(token)}&claim=1`;
  await deps.email.send({ to: account.email, ...addressProofEmail(locale, account.name, link) });
}

/**
 * The account a password-reset token would reset, when its address still has to be proven: following that link is
 * the proof.
 */
export async function unprovenAccountOfToken(auth: Auth, token: unknown, mustProve: (email: string) => boolean): Promise<{ id: string; email: string } | null> {
  if (typeof token !== 'string' || token === '') return null;
  const ctx = await auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const user = await ctx.internalAdapter.findUserById(verification.value);
  return user && !user.emailVerified && mustProve(user.email) ? { id: user.id, email: user.email } : null;
}

/**
 * After the owner of the address chose the password (the reset has already replaced the password and ended every
 * session): whatever was set up before the address was proven goes. Two-factor sign-in is turned off, the address is
 * marked proven, and the sessions are ended once more, so a sign-in that checked the old password while the new one
 * was being set does not survive. Every instance drops the sessions through the revocation path (ADR 015).
 */
export async function takeOverAccount(auth: Auth, authUserId: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.adapter.deleteMany({ model: 'twoFactor', where: [{ field: 'userId', value: authUserId }] });
  await ctx.internalAdapter.updateUser(authUserId, { emailVerified: true, twoFactorEnabled: false });
  await ctx.internalAdapter.deleteUserSessions(authUserId);
}
