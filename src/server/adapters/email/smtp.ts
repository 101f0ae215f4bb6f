import nodemailer from 'nodemailer';
import type { EmailSender } from './port';

export function createSmtpSender(url: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
