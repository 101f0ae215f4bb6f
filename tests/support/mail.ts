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

/**
 * Follows the email-verification link sent to `to` (asked of an address in MODERATOR_EMAILS), as its owner would:
 * answers where the link led.
 */
export async function followVerificationLink(t: TestApp, client: TestClient, to: string): Promise<string | null> {
  const mail = await vi.waitFor(async () => {
    const sent = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to.toLowerCase()));
    const found = sent.find((m) => /\/api\/auth\/verify-email\?token=/.test(m.text));
    if (!found) throw new Error(`no verification mail to ${to} yet`);
    return found;
  });
  const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text)![0]);
  const res = await client.get(`${link.pathname}${link.search}`);
  return res.headers.get('location');
}
