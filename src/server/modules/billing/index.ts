/** The billing module, as the app (app.ts), the scheduled jobs and the sandbox provider's module use it. */
export type { BillingDeps } from './billing.deps';
export { billingRouter, webhookRouter } from './billing.handlers';
export { findUser } from './billing.repo';
export { cancelForDeletion } from './services/cancel-for-deletion';
export { expireCancellationIfDue, expireCancellations } from './services/expire-cancellations';
export { readCurrentSubscription } from './services/sync-subscription';
