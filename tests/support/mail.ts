import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { emailOutbox } from '#server/db/schema';
import type { TestApp, TestClient } from './test-app';

/** The first email to this address in the outbox, waited for: some emails go out after the answer. */
export function sentMail(t: TestApp, to: string) {
  return vi.waitFor(async () => {
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    if (!mail) throw new Error(`no mail to ${to} yet`);
    return mail;
  });
}

/** The token of the link emailed at sign-up to an address in MODERATOR_EMAILS (the last one sent, waited for). */
export async function addressProofToken(t: TestApp, to: string): Promise<string> {
  const mail = await vi.waitFor(async () => {
    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to.toLowerCase())).orderBy(emailOutbox.createdAt);
    const found = sent.filter((m) => /\/reset-password\?token=\S+&claim=1/.test(m.text)).at(-1);
    if (!found) throw new Error(`no address-proof mail to ${to} yet`);
    return found;
  });
  return new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)![0]).searchParams.get('token')!;
}

/**
 * Follows the link emailed at sign-up to an address in MODERATOR_EMAILS and chooses the account's password there, as
 * the address's owner would, in `client`: the account is taken over, the role starts and `client` is signed in.
 */
export async function claimListedAddress(t: TestApp, client: TestClient, to: string, password = 'Str0ngPass') {
  const token = await addressProofToken(t, to);
  const res = await client.post('/api/auth/reset-password', { token, newPassword: password });
  if (res.status !== 200 || !res.body.signedIn) throw new Error(`claim failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
