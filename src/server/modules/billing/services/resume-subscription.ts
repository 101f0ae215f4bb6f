import { fieldsFor } from '#core/billing/subscription-state';
import { RESUME_MESSAGES } from '#core/billing/transitions';
import { type Message, toMessage } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { providerCall } from '../billing.deps';
import { updateSubscription } from '../billing.repo';
import { loadLiveSubscription } from './load-live-subscription';

/**
 * Takes back a cancellation while the period still runs: the provider renews the subscription again, and the profile
 * is active with no cancel date. Once the period has ended there is nothing left to take back.
 */
export async function resumeSubscription(deps: BillingDeps, user: UserRow, now = new Date()): Promise<Message> {
  // An ended cancellation has already made the profile inactive (the check runs before every signed-in route).
  const ended = user.subscriptionStatus === 'inactive' || (user.subscriptionStatus === 'canceling' && user.cancelAt !== null && user.cancelAt <= now);
  if (ended) throw new AppError('OPERATION_NOT_ALLOWED', RESUME_MESSAGES.periodEnded);
  if (user.subscriptionStatus !== 'canceling') throw new AppError('OPERATION_NOT_ALLOWED', RESUME_MESSAGES.notCanceling);
  const sub = await loadLiveSubscription(deps, user, { missing: RESUME_MESSAGES.periodEnded, failure: RESUME_MESSAGES.failed });
  // Already taken back at the provider (its portal, another tab): the profile only needs to follow.
  const updated = sub.cancelAtPeriodEnd ? await providerCall(RESUME_MESSAGES.failed, () => deps.payments.resumeSubscription(sub.id)) : sub;
  const fields = fieldsFor(updated, user);
  if (fields) await updateSubscription(deps.db, user.id, fields);
  return toMessage(RESUME_MESSAGES.resumed);
}
