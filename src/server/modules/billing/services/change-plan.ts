import { REFUND_MESSAGES } from '#core/billing/refund';
import { fieldsFor } from '#core/billing/subscription-state';
import { prorationMoment, wholeSeconds } from '#core/billing/proration';
import { PLAN_CHANGE_MESSAGES, planChange } from '#core/billing/transitions';
import { type Message, toMessage } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { providerCall } from '../billing.deps';
import { updateSubscription } from '../billing.repo';
import { loadLiveSubscription } from './load-live-subscription';

function allowedChange(user: UserRow, action: string) {
  const change = planChange(user.subscriptionTier, action);
  if (!change.ok) throw new AppError('OPERATION_NOT_ALLOWED', change.message);
  return change;
}

/**
 * Upgrade (basic → pro) or downgrade (pro → basic): the provider moves the subscription to the other price with
 * prorations (and drops a scheduled cancel), then the profile takes the new tier and status active. Prorated to the
 * moment of the preview the user confirmed, the charge is the amount they were shown (DESIGN decision 6).
 */
export async function changePlan(deps: BillingDeps, user: UserRow, input: { action: string; prorationDate?: string }, now = new Date()): Promise<Message> {
  const change = allowedChange(user, input.action);
  const prorationDate = prorationMoment(input.prorationDate ? new Date(input.prorationDate) : undefined, now);
  if (!prorationDate) throw new AppError('OPERATION_NOT_ALLOWED', PLAN_CHANGE_MESSAGES.previewExpired);
  const sub = await loadLiveSubscription(deps, user, { missing: REFUND_MESSAGES.noActiveSubscription, failure: change.failureMessage });
  const updated = await providerCall(change.failureMessage, () => deps.payments.changePlan({ subscription: sub, plan: change.to, prorationDate }));
  const fields = fieldsFor(updated, user);
  if (fields) await updateSubscription(deps.db, user.id, fields);
  return toMessage(change.successMessage);
}

/**
 * What the change charges now (negative: a credit), as the provider computes it (DESIGN decision 6), and the moment
 * it is prorated to: confirmed with that moment, the change is charged this very amount.
 */
export async function previewPlanChange(
  deps: BillingDeps,
  user: UserRow,
  action: string,
  now = new Date(),
): Promise<{ amountDueCents: number; overdueCents: number; currency: string; prorationDate: string }> {
  const change = allowedChange(user, action);
  const sub = await loadLiveSubscription(deps, user, { missing: REFUND_MESSAGES.noActiveSubscription, failure: change.failureMessage });
  const prorationDate = wholeSeconds(now);
  const preview = await providerCall(change.failureMessage, () => deps.payments.previewPlanChange({ subscription: sub, plan: change.to, prorationDate }));
  return { ...preview, prorationDate: prorationDate.toISOString() };
}
