export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailSender {
  readonly name: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}
