import Stripe from 'stripe';
import type { ProviderStatus, ProviderSubscription } from '../../../core/billing/subscription-state';
import type { StripePrices } from '../../env';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider, ProviderInvoice, ProviderPayment } from './port';

/** stripe@18.5.0 is the release that pins this version (DESIGN); the webhook endpoint must use it too. */
export const STRIPE_API_VERSION = '2025-08-27.basil' as const;
/** A payment intent counts as the invoice's when it was created this close to the invoice (spec section 7). */
const PAYMENT_MATCH_WINDOW_SECONDS = 300;

export interface StripeProviderOptions {
  secretKey?: string;
  /** Another Stripe-shaped server (host, port and protocol are taken from it). */
  apiUrl?: string;
  prices: StripePrices;
}

const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

/** Provider failures become EXTERNAL_SERVICE_ERROR; the Stripe error is kept as the cause for the log only. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new AppError('EXTERNAL_SERVICE_ERROR', undefined, { cause: error });
    throw error;
  }
}

const isMissing = (error: unknown) =>
  error instanceof AppError && error.cause instanceof Stripe.errors.StripeError && error.cause.code === 'resource_missing';

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  let client: Stripe | undefined;
  /** Created on first use, so a process that never takes a payment never needs the key. */
  const stripe = (): Stripe => {
    if (client) return client;
    if (!opts.secretKey) throw new Error('STRIPE_SECRET_KEY environment variable is not set');
    const url = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
    client = new Stripe(opts.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'FitForge' },
      ...(url
        ? {
            host: url.hostname,
            port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
            protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
    });
    return client;
  };

  const priceId = (plan: 'basic' | 'pro', interval: 'month' | 'year'): string => {
    const id = opts.prices[plan][interval];
    if (!id) throw new AppError('OPERATION_NOT_ALLOWED', 'Price not configured for the plan and interval');
    return id;
  };

  const planOfPrice = (id: string): { plan: 'basic' | 'pro'; interval: 'month' | 'year' } | null => {
    for (const plan of ['basic', 'pro'] as const) {
      for (const interval of ['month', 'year'] as const) if (opts.prices[plan][interval] === id) return { plan, interval };
    }
    return null;
  };

  const toSubscription = (s: Stripe.Subscription): ProviderSubscription => {
    const item = s.items.data[0];
    const known = item ? planOfPrice(item.price.id) : null;
    const metaPlan = s.metadata?.plan === 'basic' || s.metadata?.plan === 'pro' ? s.metadata.plan : null;
    const recurring = item?.price.recurring?.interval;
    return {
      id: s.id,
      customerId: idOf(s.customer)!,
      status: s.status as ProviderStatus,
      tier: known?.plan ?? metaPlan,
      interval: known?.interval ?? (recurring === 'month' || recurring === 'year' ? recurring : null),
      priceCents: item?.price.unit_amount ?? null,
      currency: item?.price.currency ?? s.currency,
      itemId: item?.id ?? null,
      // A cancel date set from the billing portal may come without cancel_at_period_end.
      cancelAtPeriodEnd: s.cancel_at_period_end || s.cancel_at !== null,
      cancelAt: date(s.cancel_at),
      currentPeriodStart: date(item?.current_period_start),
      currentPeriodEnd: date(item?.current_period_end),
      trialStart: date(s.trial_start),
      trialEnd: date(s.trial_end),
      startDate: date(s.start_date) ?? date(s.created)!,
      userId: s.metadata?.user_id ?? null,
    };
  };

  const toInvoice = (i: Stripe.Invoice): ProviderInvoice => ({
    id: i.id!,
    customerId: idOf(i.customer)!,
    subscriptionId: idOf(i.parent?.subscription_details?.subscription),
    status: i.status ?? 'draft',
    amountDueCents: i.amount_due,
    amountPaidCents: i.amount_paid,
    currency: i.currency,
    created: new Date(i.created * 1000),
    payments: (i.payments?.data ?? []).map((p) => ({
      paymentIntentId: idOf(p.payment.payment_intent),
      chargeId: idOf(p.payment.charge),
      status: p.status,
    })),
  });

  return {
    kind: 'stripe',

    async createCustomer({ email, userId, name }) {
      // The key makes a retried or doubled request return the same customer.
      const customer = await call(() => stripe().customers.create({ email, name, metadata: { user_id: userId } }, { idempotencyKey: `customer-${userId}` }));
      return customer.id;
    },

    async createCheckoutSession(input) {
      const price = priceId(input.plan, input.interval);
      let discounts: Stripe.Checkout.SessionCreateParams.Discount[] | undefined;
      if (input.promotionCode) {
        const found = await call(() => stripe().promotionCodes.list({ code: input.promotionCode, active: true, limit: 1 }));
        if (!found.data[0]) throw new AppError('OPERATION_NOT_ALLOWED', 'This promotion code is not valid');
        discounts = [{ promotion_code: found.data[0].id }];
      }
      const metadata = { user_id: input.userId, plan: input.plan, interval: input.interval };
      const session = await call(() =>
        stripe().checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          payment_method_types: ['card'],
          line_items: [{ price, quantity: 1 }],
          metadata,
          subscription_data: { metadata, ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}) },
          // Stripe takes either a code applied now or a field for the customer to type one in, not both.
          ...(discounts ? { discounts } : { allow_promotion_codes: true }),
          locale: input.locale,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new AppError('EXTERNAL_SERVICE_ERROR', undefined, { cause: new Error('checkout session without a url') });
      return { id: session.id, url: session.url };
    },

    async expireOpenCheckoutSessions(customerId) {
      // Opening a checkout ends the others, so a customer has one open at a time and the first page lists them all.
      const open = await call(() => stripe().checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }));
      for (const session of open.data) {
        try {
          await call(() => stripe().checkout.sessions.expire(session.id));
        } catch (error) {
          // Completed or expired since it was listed: nothing is left to end (a second paid subscription is ended
          // by the webhook).
          if (!(error instanceof AppError && error.cause instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
      }
    },

    async createPortalSession({ customerId, returnUrl, locale }) {
      const session = await call(() => stripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale }));
      return { url: session.url };
    },

    async retrieveSubscription(id) {
      try {
        return toSubscription(await call(() => stripe().subscriptions.retrieve(id)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async listSubscriptions(customerId, { status, limit }) {
      const list = await call(() => stripe().subscriptions.list({ customer: customerId, status, limit }));
      return list.data.map(toSubscription);
    },

    async hasHadTrial(customerId) {
      const list = await call(() => stripe().subscriptions.list({ customer: customerId, status: 'all', limit: 100 }));
      return list.data.some((s) => s.trial_start !== null);
    },

    async latestInvoice(subscriptionId) {
      const list = await call(() => stripe().invoices.list({ subscription: subscriptionId, limit: 1, expand: ['data.payments'] }));
      return list.data[0] ? toInvoice(list.data[0]) : null;
    },

    async findInvoicePayment(invoice): Promise<ProviderPayment | null> {
      if (invoice.amountPaidCents <= 0) return null;
      const record = invoice.payments.find((p) => p.status === 'paid') ?? invoice.payments[0];
      if (record?.paymentIntentId) {
        return { paymentIntentId: record.paymentIntentId, chargeId: record.chargeId, amountCents: invoice.amountPaidCents, currency: invoice.currency };
      }
      if (record?.chargeId) {
        const charge = await call(() => stripe().charges.retrieve(record.chargeId!));
        return { paymentIntentId: idOf(charge.payment_intent), chargeId: charge.id, amountCents: charge.amount, currency: charge.currency };
      }
      // Invoices paid outside the payments record: the customer's recent payment of the same amount at that time.
      const intents = await call(() => stripe().paymentIntents.list({ customer: invoice.customerId, limit: 10 }));
      const created = invoice.created.getTime() / 1000;
      const match = intents.data.find(
        (pi) => pi.status === 'succeeded' && pi.amount === invoice.amountPaidCents && Math.abs(pi.created - created) <= PAYMENT_MATCH_WINDOW_SECONDS,
      );
      return match ? { paymentIntentId: match.id, chargeId: idOf(match.latest_charge), amountCents: match.amount, currency: match.currency } : null;
    },

    async createRefund({ payment, userId, reason, tier }) {
      const target = payment.paymentIntentId ? { payment_intent: payment.paymentIntentId } : { charge: payment.chargeId! };
      const refund = await call(() =>
        stripe().refunds.create(
          { ...target, reason: 'requested_by_customer', metadata: { user_id: userId, refund_reason: reason, subscription_tier: tier } },
          // A doubled request (two tabs, a retry) refunds once.
          { idempotencyKey: `refund-${payment.paymentIntentId ?? payment.chargeId}` },
        ),
      );
      return { id: refund.id, amountCents: refund.amount, currency: refund.currency, status: refund.status ?? 'pending' };
    },

    async cancelSubscription(id) {
      return toSubscription(await call(() => stripe().subscriptions.cancel(id)));
    },

    async cancelAtPeriodEnd(id) {
      return toSubscription(await call(() => stripe().subscriptions.update(id, { cancel_at_period_end: true })));
    },

    async changePlan({ subscription, plan }) {
      const price = priceId(plan, subscription.interval ?? 'month');
      if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
        // Paying what is due makes the subscription active again; a declined card refuses the change.
        const open = await call(() => stripe().invoices.list({ subscription: subscription.id, status: 'open', limit: 10 }));
        for (const invoice of open.data) await call(() => stripe().invoices.pay(invoice.id!));
      }
      const updated = await call(() =>
        stripe().subscriptions.update(subscription.id, {
          items: [{ id: subscription.itemId!, price }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          metadata: { plan },
        }),
      );
      return toSubscription(updated);
    },

    async previewPlanChange({ subscription, plan }) {
      const price = priceId(plan, subscription.interval ?? 'month');
      const preview = await call(() =>
        stripe().invoices.createPreview({
          customer: subscription.customerId,
          subscription: subscription.id,
          subscription_details: {
            items: [{ id: subscription.itemId!, price }],
            proration_behavior: 'create_prorations',
            proration_date: Math.floor(Date.now() / 1000),
          },
        }),
      );
      // The preview is the whole next invoice; what the change itself costs is its proration lines.
      const amountDueCents = preview.lines.data
        .filter((line) => line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration)
        .reduce((sum, line) => sum + line.amount, 0);
      return { amountDueCents, currency: preview.currency };
    },
  };
}
