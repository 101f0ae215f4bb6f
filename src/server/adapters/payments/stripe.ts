import type Stripe from 'stripe';
import type { ProviderStatus, ProviderSubscription } from '#core/billing/subscription-state';
import { BILLING_MESSAGES } from '#core/billing/messages';
import type { StripePrices } from '#server/env';
import { AppError } from '#server/lib/app-error';
import type { PaymentProvider, PlanChangeRequest, ProviderInvoice, ProviderPayment } from './port';

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

/** The SDK, imported by the first `call`: a server without STRIPE_SECRET_KEY never uses this provider, nor loads it. */
let sdk: typeof Stripe | undefined;

/** Provider failures become EXTERNAL_SERVICE_ERROR; the Stripe error is kept as the cause for the log only. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  sdk ??= (await import('stripe')).default;
  try {
    return await fn();
  } catch (error) {
    if (error instanceof sdk.errors.StripeError) throw new AppError('EXTERNAL_SERVICE_ERROR', undefined, { cause: error });
    throw error;
  }
}

const isMissing = (error: unknown) => error instanceof AppError && sdk !== undefined && error.cause instanceof sdk.errors.StripeError && error.cause.code === 'resource_missing';

export function createStripeProvider(opts: StripeProviderOptions): PaymentProvider {
  let client: Stripe | undefined;
  /** Created on first use (always inside `call`, which has imported the SDK), so a process that never takes a payment never needs the key. */
  const stripe = (): Stripe => {
    if (client) return client;
    if (!opts.secretKey) throw new Error('STRIPE_SECRET_KEY environment variable is not set');
    if (!sdk) throw new Error('the Stripe SDK is used before it was imported');
    const url = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
    client = new sdk(opts.secretKey, {
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
    if (!id) throw new AppError('OPERATION_NOT_ALLOWED', BILLING_MESSAGES.priceNotConfigured);
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

  /** The invoice's plan: the price of its first line when it is one of ours, else the subscription's metadata. */
  const planOfInvoice = (i: Stripe.Invoice) => {
    const price = i.lines?.data.find((line) => line.pricing?.price_details?.price)?.pricing?.price_details?.price;
    const known = price ? planOfPrice(price) : null;
    if (known) return known;
    const meta = i.parent?.subscription_details?.metadata;
    const plan: 'basic' | 'pro' | null = meta?.plan === 'basic' || meta?.plan === 'pro' ? meta.plan : null;
    const interval: 'month' | 'year' | null = meta?.interval === 'month' || meta?.interval === 'year' ? meta.interval : null;
    return { plan, interval };
  };

  /** Refunds show on the charge, not the invoice: the charge behind each payment gives what went back and the receipt. */
  type ChargeFacts = { amountRefundedCents: number; receiptUrl: string | null };
  const toInvoice = (i: Stripe.Invoice, charges: Map<string, ChargeFacts> = new Map()): ProviderInvoice => {
    const payments = (i.payments?.data ?? []).map((p) => ({
      paymentIntentId: idOf(p.payment.payment_intent),
      chargeId: idOf(p.payment.charge),
      status: p.status,
    }));
    const paid = payments.map((p) => charges.get(p.chargeId ?? '') ?? charges.get(p.paymentIntentId ?? '')).filter((c) => c !== undefined);
    return {
      id: i.id!,
      customerId: idOf(i.customer)!,
      subscriptionId: idOf(i.parent?.subscription_details?.subscription),
      status: i.status ?? 'draft',
      amountDueCents: i.amount_due,
      amountPaidCents: i.amount_paid,
      currency: i.currency,
      created: new Date(i.created * 1000),
      payments,
      amountRefundedCents: paid.reduce((sum, c) => sum + c.amountRefundedCents, 0),
      billingReason: i.billing_reason,
      ...planOfInvoice(i),
      receiptUrl: paid.find((c) => c.receiptUrl)?.receiptUrl ?? i.hosted_invoice_url ?? null,
    };
  };

  /** The customer's recent charges by charge id and by payment intent id. */
  const chargesOf = async (customerId: string): Promise<Map<string, ChargeFacts>> => {
    const list = await call(() => stripe().charges.list({ customer: customerId, limit: 100 }));
    const byId = new Map<string, ChargeFacts>();
    for (const charge of list.data) {
      const facts = { amountRefundedCents: charge.amount_refunded, receiptUrl: charge.receipt_url };
      byId.set(charge.id, facts);
      const intent = idOf(charge.payment_intent);
      if (intent) byId.set(intent, facts);
    }
    return byId;
  };

  /**
   * An upgrade's proration is invoiced and paid at once, so "due today" is charged today, and a declined card
   * refuses the change instead of leaving an unpaid upgrade; a downgrade's credit waits for the next invoice.
   */
  const changeTerms = ({ subscription, plan, prorationDate }: PlanChangeRequest) => ({
    items: [{ id: subscription.itemId!, price: priceId(plan, subscription.interval ?? 'month') }],
    proration_behavior: plan === 'pro' ? ('always_invoice' as const) : ('create_prorations' as const),
    proration_date: Math.floor(prorationDate.getTime() / 1000),
  });

  /** What a past-due subscription owes: its open invoices (none for any other status). */
  const openInvoices = async (subscription: PlanChangeRequest['subscription']) =>
    subscription.status === 'past_due' || subscription.status === 'unpaid'
      ? (await call(() => stripe().invoices.list({ subscription: subscription.id, status: 'open', limit: 10 }))).data
      : [];

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
        if (!found.data[0]) throw new AppError('OPERATION_NOT_ALLOWED', BILLING_MESSAGES.promotionCodeInvalid);
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
          if (!(error instanceof AppError && error.cause instanceof sdk!.errors.StripeInvalidRequestError)) throw error;
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

    async listInvoices(filter) {
      const by = 'customerId' in filter ? { customer: filter.customerId } : { subscription: filter.subscriptionId };
      const list = await call(() => stripe().invoices.list({ ...by, limit: 100, expand: ['data.payments'] }));
      const customerId = 'customerId' in filter ? filter.customerId : list.data[0] ? idOf(list.data[0].customer) : null;
      const charges = customerId && list.data.some((i) => i.amount_paid > 0) ? await chargesOf(customerId) : new Map<string, ChargeFacts>();
      return list.data.map((i) => toInvoice(i, charges));
    },

    async upcomingInvoice(subscription) {
      if (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd) return null;
      const preview = await call(() => stripe().invoices.createPreview({ customer: subscription.customerId, subscription: subscription.id }));
      return { amountDueCents: preview.amount_due, currency: preview.currency };
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
      const match = intents.data.find((pi) => pi.status === 'succeeded' && pi.amount === invoice.amountPaidCents && Math.abs(pi.created - created) <= PAYMENT_MATCH_WINDOW_SECONDS);
      return match ? { paymentIntentId: match.id, chargeId: idOf(match.latest_charge), amountCents: match.amount, currency: match.currency } : null;
    },

    async createRefund({ payment, userId, reason, tier, subscriptionId, kind }) {
      const target = payment.paymentIntentId ? { payment_intent: payment.paymentIntentId } : { charge: payment.chargeId! };
      // What went back of this payment already (an earlier attempt that stopped midway) counts and is not asked again.
      const earlier = await call(() => stripe().refunds.list({ ...target, limit: 100 }));
      const standing = earlier.data.filter((r) => r.status !== 'failed' && r.status !== 'canceled');
      const refunded = standing.reduce((sum, r) => sum + r.amount, 0);
      if (standing[0] && refunded >= payment.amountCents) {
        return { id: standing[0].id, amountCents: refunded, currency: standing[0].currency, status: standing[0].status ?? 'pending' };
      }
      const refund = await call(() =>
        stripe().refunds.create(
          {
            ...target,
            reason: 'requested_by_customer',
            metadata: { user_id: userId, refund_reason: reason, subscription_tier: tier, subscription_id: subscriptionId, refund_kind: kind },
          },
          // A doubled request (two tabs, a retry) refunds once; after a refund that failed, the next try is a new one.
          { idempotencyKey: `refund-${payment.paymentIntentId ?? payment.chargeId}-${earlier.data.length}` },
        ),
      );
      return { id: refund.id, amountCents: refunded + refund.amount, currency: refund.currency, status: refund.status ?? 'pending' };
    },

    async retrieveRefund(id) {
      let refund: Stripe.Refund;
      try {
        // The charge comes along for its customer: a refund names none of its own.
        refund = await call(() => stripe().refunds.retrieve(id, { expand: ['charge'] }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const meta = refund.metadata ?? {};
      const charge = refund.charge && typeof refund.charge === 'object' ? refund.charge : null;
      return {
        id: refund.id,
        amountCents: refund.amount,
        currency: refund.currency,
        status: refund.status ?? 'pending',
        userId: meta.user_id || null,
        kind: meta.refund_kind === 'guarantee' || meta.refund_kind === 'duplicate_subscription' ? meta.refund_kind : null,
        subscriptionId: meta.subscription_id || null,
        customerId: idOf(charge?.customer),
      };
    },

    async cancelSubscription(id) {
      return toSubscription(await call(() => stripe().subscriptions.cancel(id)));
    },

    async cancelAtPeriodEnd(id) {
      return toSubscription(await call(() => stripe().subscriptions.update(id, { cancel_at_period_end: true })));
    },

    async resumeSubscription(id) {
      return toSubscription(await call(() => stripe().subscriptions.update(id, { cancel_at_period_end: false })));
    },

    async changePlan(request) {
      const { subscription, plan } = request;
      // Paying what is due makes the subscription active again; a declined card refuses the change.
      for (const invoice of await openInvoices(subscription)) await call(() => stripe().invoices.pay(invoice.id!));
      const updated = await call(() =>
        stripe().subscriptions.update(subscription.id, {
          ...changeTerms(request),
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          metadata: { plan },
        }),
      );
      return toSubscription(updated);
    },

    async previewPlanChange(request) {
      const { subscription, plan } = request;
      const preview = await call(() => stripe().invoices.createPreview({ customer: subscription.customerId, subscription: subscription.id, subscription_details: changeTerms(request) }));
      // An upgrade's preview is the invoice paid at once: Stripe's own amount due. A downgrade's is the next
      // invoice, whose proration lines are the credit.
      const amountDueCents =
        plan === 'pro'
          ? preview.amount_due
          : preview.lines.data
              .filter((line) => line.parent?.subscription_item_details?.proration || line.parent?.invoice_item_details?.proration)
              .reduce((sum, line) => sum + line.amount, 0);
      const overdueCents = (await openInvoices(subscription)).reduce((sum, invoice) => sum + invoice.amount_due - invoice.amount_paid, 0);
      return { amountDueCents, overdueCents, currency: preview.currency };
    },
  };
}
