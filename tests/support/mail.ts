import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { emailOutbox } from '#server/db/schema';
import type { TestApp } from './test-app';

/** The first email to this address in the outbox, waited for: some emails go out after the answer. */
export function sentMail(t: TestApp, to: string) {
  return vi.waitFor(async () => {
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    if (!mail) throw new Error(`no mail to ${to} yet`);
    return mail;
  });
}
