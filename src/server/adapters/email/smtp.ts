import type { Transporter } from 'nodemailer';
import type { EmailSender } from './port';

export function createSmtpSender(url: string, from: string): EmailSender {
  // Imported with the first email: a server that only ever sends through the outbox never loads nodemailer.
  let transport: Promise<Transporter> | undefined;
  return {
    name: 'smtp',
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, ...message });
    },
  };
}
