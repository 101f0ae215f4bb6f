import { expiryFields, expiryOutcome, isCancellationDue, type ProviderSubscription } from '#core/billing/subscription-state';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { dueCancellations, findUser, updateIfStillCanceling } from '../billing.repo';
import { readCurrentSubscription } from './sync-subscription';

export interface ExpiryResult {
  user: UserRow;
  changed: boolean;
  /** A provider lookup that failed (the user was still moved to inactive, as the spec says). */
  error?: string;
}

/**
 * The expired-cancellation check of spec section 4 for one user: a canceling user whose cancel date has come is
 * brought to the provider's latest subscription for the customer, and re-read. Anyone else is returned as is.
 */
export async function expireCancellationIfDue(deps: BillingDeps, user: UserRow, now: Date = new Date()): Promise<ExpiryResult> {
  if (!isCancellationDue(user, now)) return { user, changed: false };
  let sub: ProviderSubscription | null | 'error' = null;
  let error: string | undefined;
  if (user.stripeCustomerId) {
    try {
      sub = await readCurrentSubscription(deps, user.stripeCustomerId);
    } catch (e) {
      sub = 'error';
      error = e instanceof Error ? e.message : String(e);
      deps.logger.error('subscription lookup failed in the expired-cancellation check; the user becomes inactive', {
        userId: user.id,
        error,
      });
    }
  }
  const fields = expiryFields(expiryOutcome(sub, now), sub, user);
  const changed = await updateIfStillCanceling(deps.db, user, fields);
  return { user: (await findUser(deps.db, user.id)) ?? user, changed, error };
}

/** The bulk run over every canceling user whose cancel date has come: how many changed, and what went wrong. */
export async function expireCancellations(deps: BillingDeps, now: Date = new Date()): Promise<{ updated: number; errors: string[] }> {
  let updated = 0;
  const errors: string[] = [];
  for (const user of await dueCancellations(deps.db, now)) {
    try {
      const result = await expireCancellationIfDue(deps, user, now);
      if (result.changed) updated++;
      if (result.error) errors.push(`${user.id}: ${result.error}`);
    } catch (e) {
      errors.push(`${user.id}: ${e instanceof Error ? e.message : String(e)}`);
      deps.reporter.report(e, { source: 'billing', operation: 'expire cancellations', userId: user.id });
    }
  }
  return { updated, errors };
}
