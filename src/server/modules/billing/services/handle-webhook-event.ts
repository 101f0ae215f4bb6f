import { z } from 'zod';
import { billingReturnPaths } from '#core/billing/schemas';
import { currentSubscription } from '#core/billing/subscription-state';
import { idSchema } from '#core/common/schemas';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { applyEvent, findUser, findUserByCustomerId, isEventProcessed, localeOf, updateSubscription } from '../billing.repo';
import { paymentFailedEmail } from '../emails';
import { endDuplicateSubscriptions } from './end-duplicate-subscriptions';
import { handleRefundEvent, REFUND_EVENT_TYPES } from './refund-failed';
import { customerSubscriptions, readCurrentSubscription, syncUpdate } from './sync-subscription';

/** The provider events the product acts on; any other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  ...REFUND_EVENT_TYPES,
] as const;

const idOrObject = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === 'string' ? v : v.id));

/** The little an event body is trusted for: which customer (and user), or which refund, it is about. The state is re-read. */
export const webhookEventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({
    object: z
      .object({
        id: z.string().max(255).nullish(),
        customer: idOrObject.nullish(),
        client_reference_id: z.string().nullish(),
        metadata: z.record(z.string(), z.string()).nullish(),
        parent: z.object({ subscription_details: z.object({ metadata: z.record(z.string(), z.string()).nullish() }).nullish() }).nullish(),
      })
      .loose(),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

async function userOf(deps: BillingDeps, event: WebhookEvent): Promise<UserRow | null> {
  const object = event.data.object;
  if (object.customer) {
    const byCustomer = await findUserByCustomerId(deps.db, object.customer);
    if (byCustomer) return byCustomer;
  }
  // A checkout made before the customer was linked: the user id we put in the metadata.
  const hinted = object.metadata?.user_id ?? object.client_reference_id ?? object.parent?.subscription_details?.metadata?.user_id;
  if (!hinted || !idSchema.safeParse(hinted).success) return null;
  const user = await findUser(deps.db, hinted);
  // Never let an event move a user onto a customer other than the one already linked.
  return user && (!user.stripeCustomerId || user.stripeCustomerId === object.customer) ? user : null;
}

/**
 * Verified event → the user's subscription re-read from the provider → the profile brought to it, with the event
 * recorded in the same transaction (once per event id). Because the state comes from the provider and not from the
 * event, events arriving late or out of order still end in the provider's current state.
 */
export async function handleWebhookEvent(deps: BillingDeps, event: WebhookEvent): Promise<WebhookOutcome> {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored';
  // A refund's events keep their own record: a retried one may still have a failure to tell (refund-failed.ts).
  if ((REFUND_EVENT_TYPES as readonly string[]).includes(event.type)) return handleRefundEvent(deps, event);
  // Saves the provider lookup on a replay; the insert in applyEvent is what makes it exactly once.
  if (await isEventProcessed(deps.db, event.id)) return 'duplicate';

  const user = await userOf(deps, event);
  const customerId = user?.stripeCustomerId ?? event.data.object.customer ?? null;
  if (!user || !customerId) {
    // About no user of ours (an account since deleted, another product on the same Stripe account): recorded, so
    // it is not retried, and otherwise ignored.
    const result = await applyEvent(deps.db, event, null);
    return result.applied ? 'processed' : 'duplicate';
  }

  const subscriptions = await customerSubscriptions(deps, customerId);
  const ended = await endDuplicateSubscriptions(deps, user, subscriptions);
  const sub = ended ? await readCurrentSubscription(deps, customerId) : currentSubscription(subscriptions);
  const update = syncUpdate(user, sub);
  const result = await applyEvent(deps.db, event, update ? { userId: user.id, values: update } : null);
  if (!result.applied) return 'duplicate';
  let latest = result.user ?? user;

  // Two events of one customer handled at once may read the provider at different moments and commit in the other
  // order. Reading once more after the write and writing again if it moved closes that gap.
  const again = syncUpdate(latest, await readCurrentSubscription(deps, customerId));
  if (again) latest = (await updateSubscription(deps.db, user.id, again)) ?? latest;

  if (event.type === 'invoice.payment_failed' && latest.subscriptionStatus === 'past_due') await sendPaymentFailed(deps, latest);
  return 'processed';
}

async function sendPaymentFailed(deps: BillingDeps, user: UserRow): Promise<void> {
  try {
    const locale = await localeOf(deps.db, user.id);
    const link = `${deps.appUrl}${billingReturnPaths(locale).portalReturn}`;
    await deps.email.send({ to: user.email, ...paymentFailedEmail(locale, user.name, link) });
  } catch (error) {
    // The state change is committed; a lost email must not make the provider deliver the event again.
    deps.reporter.report(error, { source: 'billing', operation: 'payment failed email', userId: user.id });
  }
}
