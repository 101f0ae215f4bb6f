import type { EmailSender } from '#server/adapters/email/port';
import type { PaymentProvider } from '#server/adapters/payments/port';
import type { Db } from '#server/db/client';
import type { MessageText } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';
import type { ErrorReporter } from '#server/lib/error-reporter';
import type { Logger } from '#server/lib/logger';

/** What the billing use cases need. */
export interface BillingDeps {
  db: Db;
  payments: PaymentProvider;
  email: EmailSender;
  logger: Logger;
  reporter: ErrorReporter;
  /** The public origin, for the pages the provider sends the browser back to. */
  appUrl: string;
  /** Where people write for help (SUPPORT_EMAIL), named in the email about a refund that failed. */
  supportEmail?: string;
}

/**
 * A provider call whose failure the user should read as the spec's message for that operation ('Failed to cancel
 * subscription', …) with STRIPE_ERROR (502). Business refusals (AppError 4xx) and failures already worded
 * (STRIPE_ERROR) pass through as they are.
 */
export async function providerCall<T>(failureMessage: MessageText, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError && (error.statusCode < 500 || error.code === 'STRIPE_ERROR')) throw error;
    throw new AppError('STRIPE_ERROR', failureMessage, { cause: error instanceof AppError ? (error.cause ?? error) : error });
  }
}
