import { fieldsFor } from '#core/billing/subscription-state';
import { CANCEL_MESSAGES } from '#core/billing/transitions';
import { type Message, toMessage } from '#core/messages/catalogue';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { providerCall } from '../billing.deps';
import { updateSubscription } from '../billing.repo';
import { loadLiveSubscription } from './load-live-subscription';

/** Cancel at the end of the billing period: the profile becomes canceling with the date it ends. */
export async function cancelSubscription(deps: BillingDeps, user: UserRow): Promise<Message> {
  const sub = await loadLiveSubscription(deps, user, { missing: CANCEL_MESSAGES.nothingToCancel, failure: CANCEL_MESSAGES.failed });
  const updated = await providerCall(CANCEL_MESSAGES.failed, () => deps.payments.cancelAtPeriodEnd(sub.id));
  const fields = fieldsFor(updated, user);
  if (fields) await updateSubscription(deps.db, user.id, fields);
  return toMessage(CANCEL_MESSAGES.scheduled);
}
