import type { Db } from '#server/db/client';
import { emailOutbox } from '#server/db/schema';
import type { Logger } from '#server/lib/logger';
import type { EmailSender } from './port';

/** The embedded default: mail is kept in the outbox table and shown in the log, so links can be followed locally. */
export function createOutboxSender(db: Db, logger: Logger): EmailSender {
  return {
    name: 'outbox',
    async send(message) {
      await db.insert(emailOutbox).values(message);
      logger.info('email kept in outbox (set SMTP_URL to send)', { to: message.to, subject: message.subject, text: message.text });
    },
  };
}
