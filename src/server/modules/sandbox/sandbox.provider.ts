import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { discountedCents, priceCents, PROMOTION_CODE, PROMOTION_PERCENT_OFF } from '#core/billing/catalogue';
import { prorationCents } from '#core/billing/proration';
import type { ProviderSubscription } from '#core/billing/subscription-state';
import type { Locale } from '#core/common/schemas';
import { REFUND_MESSAGES } from '#core/billing/refund';
import { BILLING_MESSAGES } from '#core/billing/messages';
import type { Db } from '#server/db/client';
import { sandboxCheckoutSessions, sandboxCustomers, sandboxEvents, sandboxInvoices, sandboxPayments, sandboxPortalSessions, sandboxRefunds, sandboxSubscriptions } from './sandbox.schema';
import { AppError } from '#server/lib/app-error';
import type { Logger } from '#server/lib/logger';
import type { PaymentProvider, ProviderInvoice, ProviderPayment } from '#server/adapters/payments/port';
import { STRIPE_API_VERSION } from '#server/adapters/payments/stripe';

/**
 * The embedded payment provider: what Stripe does for us, done locally so the product works with no keys. It keeps
 * customers, checkout sessions, subscriptions with periods, invoices, payments and refunds in its own tables, serves
 * a checkout page (see sandbox.handlers.ts), and tells the app what happened the way Stripe does: Stripe-shaped events,
 * signed with the webhook secret, POSTed to /api/webhooks/stripe. The product's state therefore changes through
 * the same webhook path as in production.
 */

export type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type InvoiceRow = typeof sandboxInvoices.$inferSelect;
export type CheckoutSessionRow = typeof sandboxCheckoutSessions.$inferSelect;
export type SandboxEvent = { id: string; object: 'event'; type: string; created: number; data: { object: Record<string, unknown> } } & Record<string, unknown>;

/**
 * Test cards (Stripe's numbers): one that pays, one that is declined, and one that pays but whose refunds fail
 * after they were created, as a closed card's do (failRefundsDue).
 */
export const SANDBOX_CARDS = { success: '4242424242424242', declined: '4000000000000002', refundFails: '4000000000005126' } as const;
/** How long a refund to the refundFails card stands as succeeded before it may fail. */
export const REFUND_FAILS_AFTER_MS = 10_000;
const PAYING_CARDS: readonly string[] = [SANDBOX_CARDS.success, SANDBOX_CARDS.refundFails];
export const CHECKOUT_SESSION_TTL_MS = 24 * 3_600_000;
const PORTAL_SESSION_TTL_MS = 3_600_000;
const PAYMENT_MATCH_WINDOW_SECONDS = 300;
const DAY_MS = 86_400_000;

export type CheckoutResult = { ok: true; redirectUrl: string } | { ok: false; reason: 'not_found' | 'expired' | 'declined' | 'invalid_promotion' };

export interface RenewResult {
  subscription: SubscriptionRow;
  invoice: typeof sandboxInvoices.$inferSelect | null;
  events: string[];
}

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** Where events are POSTed: the app that mounts the sandbox hands in its own fetch. */
  connect(deliver: (request: Request) => Promise<Response>): void;
  checkoutSession(id: string): Promise<CheckoutSessionRow | null>;
  customerEmail(customerId: string): Promise<string | null>;
  /** Pays a checkout session with a card: creates the subscription, sends the events, says where to go next. */
  completeCheckout(id: string, input: { cardNumber: string; promotionCode?: string }): Promise<CheckoutResult>;
  /** An invoice's receipt page: the invoice, its payment, and the customer's language (of their latest checkout). */
  receipt(invoiceId: string): Promise<{ invoice: InvoiceRow; payment: typeof sandboxPayments.$inferSelect | null; email: string; locale: Locale } | null>;
  portalSession(id: string): Promise<{
    session: typeof sandboxPortalSessions.$inferSelect;
    customer: typeof sandboxCustomers.$inferSelect | null;
    subscriptions: SubscriptionRow[];
    invoices: (typeof sandboxInvoices.$inferSelect)[];
  } | null>;
  /**
   * Moves a subscription to its next billing period, as a renewal would: the trial converts, an invoice is paid (or
   * fails: past_due; paying again settles the open invoice), and a subscription set to cancel at period end ends.
   */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): Promise<RenewResult>;
  /**
   * Refunds to the refundFails card older than REFUND_FAILS_AFTER_MS at `now` fail, as Stripe's do days later: the
   * money counts as not refunded again, and `refund.failed` and `charge.refund.updated` are sent. The server runs it
   * every minute, before redeliverPending. Returns how many failed.
   */
  failRefundsDue(now: Date): Promise<number>;
  /**
   * Sends again the events of the last three days that were not accepted (the app was busy, rate-limited or down),
   * oldest first, as Stripe retries its webhooks. The server runs it every minute.
   */
  redeliverPending(): Promise<{ delivered: number; failed: number }>;
  /** Test hooks: hold events instead of sending them, list what was held, send one, sign a payload. */
  holdEvents(hold: boolean): void;
  heldEvents(customerId?: string): Promise<SandboxEvent[]>;
  deliverEvent(event: SandboxEvent): Promise<number>;
  signatureFor(payload: string): Promise<string>;
}

export const isSandbox = (provider: PaymentProvider): provider is SandboxProvider => provider.kind === 'sandbox';

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
/** Ids of hosted pages arrive in a URL: anything not shaped like one of ours is no session, and never a query. */
const isSandboxId = (id: string) => /^[a-z]+_sbx_[0-9a-f]{24}$/.test(id);
const epoch = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);

function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/** What the next renewal asks: the price, less a pending promotion, plus pending prorations (credits), never below 0. */
const nextInvoiceCents = (s: SubscriptionRow) => Math.max(0, discountedCents(s.priceCents, s.pendingPercentOff) + s.pendingProrationCents);

export const sandboxPriceId = (plan: string, interval: string) => `price_sbx_${plan}_${interval}`;

export function isPromotionCode(code: string | undefined | null): boolean {
  return (code ?? '').trim().toUpperCase() === PROMOTION_CODE;
}

/** The card number as digits only. */
export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

function toProviderSubscription(s: SubscriptionRow): ProviderSubscription {
  return {
    id: s.id,
    customerId: s.customerId,
    status: s.status,
    tier: s.plan,
    interval: s.interval,
    priceCents: s.priceCents,
    currency: s.currency,
    itemId: s.itemId,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelAt: s.cancelAtPeriodEnd ? s.currentPeriodEnd : null,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    trialStart: s.trialStart,
    trialEnd: s.trialEnd,
    startDate: s.startDate,
    userId: s.userId,
  };
}

// ---- Stripe-shaped objects, as the webhook receives them --------------------------------------------------------

function stripeSubscription(s: SubscriptionRow) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? epoch(s.currentPeriodEnd) : null,
    canceled_at: epoch(s.canceledAt),
    ended_at: s.status === 'canceled' ? epoch(s.canceledAt) : null,
    created: epoch(s.createdAt),
    start_date: epoch(s.startDate),
    currency: s.currency,
    trial_start: epoch(s.trialStart),
    trial_end: epoch(s.trialEnd),
    livemode: false,
    metadata: { user_id: s.userId ?? '', plan: s.plan, interval: s.interval },
    items: {
      object: 'list',
      data: [
        {
          id: s.itemId,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: epoch(s.currentPeriodStart),
          current_period_end: epoch(s.currentPeriodEnd),
          price: {
            id: sandboxPriceId(s.plan, s.interval),
            object: 'price',
            product: `prod_sbx_${s.plan}`,
            unit_amount: s.priceCents,
            currency: s.currency,
            recurring: { interval: s.interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

function stripeInvoice(i: typeof sandboxInvoices.$inferSelect, s: SubscriptionRow) {
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customerId,
    status: i.status,
    billing_reason: i.billingReason,
    amount_due: i.amountDueCents,
    amount_paid: i.amountPaidCents,
    amount_remaining: i.amountDueCents - i.amountPaidCents,
    currency: i.currency,
    created: epoch(i.createdAt),
    period_start: epoch(i.periodStart),
    period_end: epoch(i.periodEnd),
    livemode: false,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: i.subscriptionId, metadata: { user_id: s.userId ?? '', plan: s.plan, interval: s.interval } },
    },
    payments: {
      object: 'list',
      data: i.paymentIntentId
        ? [{ id: `inpay_${i.id}`, object: 'invoice_payment', status: i.status === 'paid' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: i.paymentIntentId } }]
        : [],
    },
  };
}

export function createSandboxProvider(deps: { db: Db; appUrl: string; webhookSecret: string; logger: Logger }): SandboxProvider {
  const { db, appUrl, webhookSecret, logger } = deps;
  let deliver: ((request: Request) => Promise<Response>) | undefined;
  let holding = false;

  // The SDK signs as Stripe does; imported with the first event, like the webhook's check.
  const signatureFor = async (payload: string) => (await import('stripe')).default.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });

  async function deliverEvent(event: SandboxEvent): Promise<number> {
    if (!deliver) throw new Error('the sandbox payment provider is not connected to an app');
    const payload = JSON.stringify(event);
    let status = 0;
    try {
      const res = await deliver(
        new Request(`${appUrl}/api/webhooks/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': await signatureFor(payload), 'user-agent': 'FitForge-Sandbox/1.0' },
          body: payload,
        }),
      );
      status = res.status;
      await res.body?.cancel();
    } catch (error) {
      logger.warn('sandbox webhook delivery failed', { eventId: event.id, type: event.type, error: (error as Error).message });
    }
    await db
      .update(sandboxEvents)
      .set({ lastStatus: status, ...(status >= 200 && status < 300 ? { deliveredAt: new Date() } : {}) })
      .where(eq(sandboxEvents.id, event.id));
    if (status < 200 || status >= 300) logger.warn('sandbox webhook not accepted', { eventId: event.id, type: event.type, status });
    return status;
  }

  /** Records each event, then (unless held) delivers them in order. Called after the writes they describe commit. */
  async function emit(customerId: string, events: [type: string, object: Record<string, unknown>][]): Promise<string[]> {
    const built: SandboxEvent[] = events.map(([type, object]) => ({
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    }));
    for (const e of built) await db.insert(sandboxEvents).values({ id: e.id, type: e.type, customerId, payload: e, createdAt: new Date() });
    if (!holding) for (const e of built) await deliverEvent(e);
    return built.map((e) => e.type);
  }

  async function checkoutSession(id: string): Promise<CheckoutSessionRow | null> {
    if (!isSandboxId(id)) return null;
    const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id)).limit(1);
    return row ?? null;
  }

  async function subscriptionRow(id: string): Promise<SubscriptionRow | null> {
    const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)).limit(1);
    return row ?? null;
  }

  async function requireLive(id: string): Promise<SubscriptionRow> {
    const row = await subscriptionRow(id);
    if (!row || row.status === 'canceled') throw new AppError('OPERATION_NOT_ALLOWED', REFUND_MESSAGES.noActiveSubscription);
    return row;
  }

  async function updateSubscription(id: string, values: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
    const [row] = await db.update(sandboxSubscriptions).set(values).where(eq(sandboxSubscriptions.id, id)).returning();
    return row!;
  }

  async function cardOf(customerId: string) {
    const [c] = await db.select({ last4: sandboxCustomers.cardLast4 }).from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
    return c?.last4 ?? null;
  }

  async function openInvoiceOf(subscriptionId: string) {
    const [open] = await db
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')))
      .orderBy(desc(sandboxInvoices.createdAt))
      .limit(1);
    return open ?? null;
  }

  /** A past-due subscription pays its open invoice with the card on file and is active again. */
  async function settle(s: SubscriptionRow, open: typeof sandboxInvoices.$inferSelect, now: Date) {
    return db.transaction(async (tx) => {
      const [invoice] = await tx.update(sandboxInvoices).set({ status: 'paid', amountPaidCents: open.amountDueCents }).where(eq(sandboxInvoices.id, open.id)).returning();
      if (open.paymentIntentId) await tx.update(sandboxPayments).set({ status: 'succeeded', createdAt: now }).where(eq(sandboxPayments.id, open.paymentIntentId));
      const [row] = await tx.update(sandboxSubscriptions).set({ status: 'active' }).where(eq(sandboxSubscriptions.id, s.id)).returning();
      return { row: row!, invoice: invoice! };
    });
  }

  /** An invoice for a subscription's period, paid with a succeeded payment when `paid` (and the amount is not 0). */
  async function invoiceFor(
    tx: Pick<Db, 'insert'>,
    s: SubscriptionRow,
    opts: { amountCents: number; paid: boolean; reason: InvoiceRow['billingReason']; periodStart: Date; periodEnd: Date; last4: string | null; at: Date },
  ) {
    const invoiceId = newId('in');
    let paymentIntentId: string | null = null;
    if (opts.amountCents > 0) {
      paymentIntentId = newId('pi');
      await tx.insert(sandboxPayments).values({
        id: paymentIntentId,
        chargeId: newId('ch'),
        customerId: s.customerId,
        invoiceId,
        amountCents: opts.amountCents,
        currency: s.currency,
        status: opts.paid ? 'succeeded' : 'requires_payment_method',
        cardLast4: opts.last4,
        createdAt: opts.at,
      });
    }
    const [invoice] = await tx
      .insert(sandboxInvoices)
      .values({
        id: invoiceId,
        customerId: s.customerId,
        subscriptionId: s.id,
        status: opts.paid || opts.amountCents === 0 ? 'paid' : 'open',
        billingReason: opts.reason,
        plan: s.plan,
        interval: s.interval,
        amountDueCents: opts.amountCents,
        amountPaidCents: opts.paid ? opts.amountCents : 0,
        currency: s.currency,
        periodStart: opts.periodStart,
        periodEnd: opts.periodEnd,
        paymentIntentId,
        createdAt: opts.at,
      })
      .returning();
    return invoice!;
  }

  function toInvoice(i: InvoiceRow, amountRefundedCents: number): ProviderInvoice {
    return {
      id: i.id,
      customerId: i.customerId,
      subscriptionId: i.subscriptionId,
      status: i.status,
      amountDueCents: i.amountDueCents,
      amountPaidCents: i.amountPaidCents,
      currency: i.currency,
      created: i.createdAt,
      payments: i.paymentIntentId ? [{ paymentIntentId: i.paymentIntentId, chargeId: null, status: i.status === 'paid' ? 'paid' : 'open' }] : [],
      amountRefundedCents,
      billingReason: i.billingReason,
      plan: i.plan,
      interval: i.interval,
      receiptUrl: `${appUrl}/sandbox/receipts/${i.id}`,
    };
  }

  const proration = (s: SubscriptionRow, plan: 'basic' | 'pro', at: Date) =>
    // A trial costs nothing, so changing plan during it costs nothing either (as with Stripe).
    s.status === 'trialing' ? 0 : prorationCents({ fromCents: s.priceCents, toCents: priceCents(plan, s.interval), periodStart: s.currentPeriodStart, periodEnd: s.currentPeriodEnd, at });

  return {
    kind: 'sandbox',

    connect(target) {
      deliver = target;
    },

    async createCustomer({ email, userId }) {
      const id = newId('cus');
      await db.insert(sandboxCustomers).values({ id, email, userId });
      return id;
    },

    async createCheckoutSession(input) {
      if (input.promotionCode && !isPromotionCode(input.promotionCode)) throw new AppError('OPERATION_NOT_ALLOWED', BILLING_MESSAGES.promotionCodeInvalid);
      const id = newId('cs');
      await db.insert(sandboxCheckoutSessions).values({
        id,
        customerId: input.customerId,
        userId: input.userId,
        plan: input.plan,
        interval: input.interval,
        priceCents: priceCents(input.plan, input.interval),
        trialDays: input.trialDays,
        promotionCode: input.promotionCode ? PROMOTION_CODE : null,
        locale: input.locale,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        expiresAt: new Date(Date.now() + CHECKOUT_SESSION_TTL_MS),
      });
      return { id, url: `${appUrl}/sandbox/checkout/${id}` };
    },

    async expireOpenCheckoutSessions(customerId) {
      await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckoutSessions.customerId, customerId), eq(sandboxCheckoutSessions.status, 'open')));
    },

    checkoutSession,

    async customerEmail(customerId) {
      const [c] = await db.select({ email: sandboxCustomers.email }).from(sandboxCustomers).where(eq(sandboxCustomers.id, customerId));
      return c?.email ?? null;
    },

    async completeCheckout(id, input) {
      const session = await checkoutSession(id);
      if (!session) return { ok: false, reason: 'not_found' };
      const redirectUrl = session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id);
      if (session.status === 'complete') return { ok: true, redirectUrl }; // a second submit of the same page
      if (session.status === 'expired' || session.expiresAt.getTime() < Date.now()) return { ok: false, reason: 'expired' };
      const promo = session.promotionCode ?? (input.promotionCode?.trim() ? input.promotionCode : null);
      if (promo && !isPromotionCode(promo)) return { ok: false, reason: 'invalid_promotion' };
      const card = cardDigits(input.cardNumber);
      if (!PAYING_CARDS.includes(card)) return { ok: false, reason: 'declined' };

      const now = new Date();
      const last4 = card.slice(-4);
      const percentOff = promo ? PROMOTION_PERCENT_OFF : 0;
      const trial = session.trialDays > 0;
      const trialEnd = trial ? new Date(now.getTime() + session.trialDays * DAY_MS) : null;
      const periodEnd = trialEnd ?? addInterval(now, session.interval);
      const created = await db.transaction(async (tx) => {
        // Only the first submit of a session makes a subscription.
        const [claimed] = await tx
          .update(sandboxCheckoutSessions)
          .set({ status: 'complete' })
          .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
          .returning();
        if (!claimed) return null;
        const [sub] = await tx
          .insert(sandboxSubscriptions)
          .values({
            id: newId('sub'),
            customerId: session.customerId,
            userId: session.userId,
            itemId: newId('si'),
            plan: session.plan,
            interval: session.interval,
            priceCents: session.priceCents,
            status: trial ? 'trialing' : 'active',
            currentPeriodStart: now,
            currentPeriodEnd: periodEnd,
            trialStart: trial ? now : null,
            trialEnd,
            // The promotion takes 50% off the first paid invoice: now, or when the trial ends.
            pendingPercentOff: trial ? percentOff : 0,
            startDate: now,
            createdAt: now,
          })
          .returning();
        const invoice = await invoiceFor(tx, sub!, {
          amountCents: trial ? 0 : discountedCents(session.priceCents, percentOff),
          paid: true,
          reason: 'subscription_create',
          periodStart: now,
          periodEnd,
          last4,
          at: now,
        });
        await tx.update(sandboxCheckoutSessions).set({ subscriptionId: sub!.id }).where(eq(sandboxCheckoutSessions.id, id));
        await tx.update(sandboxCustomers).set({ cardLast4: last4 }).where(eq(sandboxCustomers.id, session.customerId));
        return { sub: sub!, invoice, session: { ...claimed, subscriptionId: sub!.id } };
      });
      if (!created) return { ok: true, redirectUrl };

      const { sub, invoice } = created;
      await emit(session.customerId, [
        ['customer.subscription.created', stripeSubscription(sub)],
        ['invoice.paid', stripeInvoice(invoice, sub)],
        [
          'checkout.session.completed',
          {
            id: session.id,
            object: 'checkout.session',
            mode: 'subscription',
            status: 'complete',
            payment_status: invoice.amountDueCents > 0 ? 'paid' : 'no_payment_required',
            customer: session.customerId,
            subscription: sub.id,
            client_reference_id: session.userId,
            metadata: { user_id: session.userId, plan: session.plan, interval: session.interval },
            amount_total: invoice.amountDueCents,
            currency: session.currency,
            success_url: session.successUrl,
            cancel_url: session.cancelUrl,
            livemode: false,
          },
        ],
      ]);
      return { ok: true, redirectUrl };
    },

    async createPortalSession({ customerId, returnUrl, locale }) {
      const id = newId('bps');
      await db.insert(sandboxPortalSessions).values({ id, customerId, returnUrl, locale, expiresAt: new Date(Date.now() + PORTAL_SESSION_TTL_MS) });
      return { url: `${appUrl}/sandbox/portal/${id}` };
    },

    async receipt(invoiceId) {
      if (!isSandboxId(invoiceId)) return null;
      const [invoice] = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId)).limit(1);
      if (!invoice) return null;
      const [payment] = invoice.paymentIntentId ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, invoice.paymentIntentId)) : [];
      const [customer] = await db.select({ email: sandboxCustomers.email }).from(sandboxCustomers).where(eq(sandboxCustomers.id, invoice.customerId));
      const [checkout] = await db
        .select({ locale: sandboxCheckoutSessions.locale })
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.customerId, invoice.customerId))
        .orderBy(desc(sandboxCheckoutSessions.createdAt))
        .limit(1);
      return { invoice, payment: payment ?? null, email: customer?.email ?? '', locale: checkout?.locale ?? 'en' };
    },

    async portalSession(id) {
      if (!isSandboxId(id)) return null;
      const [session] = await db.select().from(sandboxPortalSessions).where(eq(sandboxPortalSessions.id, id)).limit(1);
      if (!session || session.expiresAt.getTime() < Date.now()) return null;
      const [customer] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, session.customerId));
      const subscriptions = await db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.customerId, session.customerId))
        .orderBy(desc(sandboxSubscriptions.createdAt))
        .limit(5);
      const invoices = await db.select().from(sandboxInvoices).where(eq(sandboxInvoices.customerId, session.customerId)).orderBy(desc(sandboxInvoices.createdAt)).limit(12);
      return { session, customer: customer ?? null, subscriptions, invoices };
    },

    async retrieveSubscription(id) {
      const row = await subscriptionRow(id);
      return row ? toProviderSubscription(row) : null;
    },

    async listSubscriptions(customerId, { status, limit }) {
      const rows = await db
        .select()
        .from(sandboxSubscriptions)
        .where(status === 'active' ? and(eq(sandboxSubscriptions.customerId, customerId), eq(sandboxSubscriptions.status, 'active')) : eq(sandboxSubscriptions.customerId, customerId))
        .orderBy(desc(sandboxSubscriptions.createdAt), desc(sandboxSubscriptions.id))
        .limit(limit);
      return rows.map(toProviderSubscription);
    },

    async hasHadTrial(customerId) {
      const rows = await db
        .select({ id: sandboxSubscriptions.id })
        .from(sandboxSubscriptions)
        .where(and(eq(sandboxSubscriptions.customerId, customerId), isNotNull(sandboxSubscriptions.trialStart)))
        .limit(1);
      return rows.length > 0;
    },

    async listInvoices(filter) {
      const rows = await db
        .select({ invoice: sandboxInvoices, refunded: sandboxPayments.amountRefundedCents })
        .from(sandboxInvoices)
        .leftJoin(sandboxPayments, eq(sandboxPayments.id, sandboxInvoices.paymentIntentId))
        .where('customerId' in filter ? eq(sandboxInvoices.customerId, filter.customerId) : eq(sandboxInvoices.subscriptionId, filter.subscriptionId))
        .orderBy(desc(sandboxInvoices.createdAt), desc(sandboxInvoices.id))
        .limit(100);
      return rows.map((r) => toInvoice(r.invoice, r.refunded ?? 0));
    },

    async upcomingInvoice(subscription) {
      const row = await subscriptionRow(subscription.id);
      if (!row || row.status === 'canceled' || row.cancelAtPeriodEnd) return null;
      return { amountDueCents: nextInvoiceCents(row), currency: row.currency };
    },

    async findInvoicePayment(invoice): Promise<ProviderPayment | null> {
      if (invoice.amountPaidCents <= 0) return null;
      const byInvoice = invoice.payments.find((p) => p.paymentIntentId)?.paymentIntentId;
      const candidates = byInvoice
        ? await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, byInvoice))
        : await db.select().from(sandboxPayments).where(eq(sandboxPayments.customerId, invoice.customerId)).orderBy(desc(sandboxPayments.createdAt)).limit(10);
      const match = candidates.find(
        (p) =>
          p.status === 'succeeded' &&
          (p.id === byInvoice || (p.amountCents === invoice.amountPaidCents && Math.abs(p.createdAt.getTime() - invoice.created.getTime()) <= PAYMENT_MATCH_WINDOW_SECONDS * 1000)),
      );
      return match ? { paymentIntentId: match.id, chargeId: match.chargeId, amountCents: match.amountCents, currency: match.currency } : null;
    },

    async createRefund({ payment, userId, reason, tier, subscriptionId, kind }) {
      const [pay] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, payment.paymentIntentId ?? ''));
      if (pay?.status !== 'succeeded') throw new AppError('EXTERNAL_SERVICE_ERROR', undefined, { cause: new Error('sandbox: no such payment') });
      const amount = pay.amountCents - pay.amountRefundedCents;
      const refund = await db.transaction(async (tx) => {
        // What is left of the payment is claimed first: of two refunds asked at once one moves the money, and the
        // other, like a request repeated with Stripe's idempotency key, answers with that refund.
        const [claimed] = await tx
          .update(sandboxPayments)
          .set({ amountRefundedCents: pay.amountCents })
          .where(and(eq(sandboxPayments.id, pay.id), lt(sandboxPayments.amountRefundedCents, pay.amountCents)))
          .returning({ id: sandboxPayments.id });
        if (!claimed) return null;
        const [row] = await tx
          .insert(sandboxRefunds)
          .values({
            id: newId('re'),
            paymentIntentId: pay.id,
            amountCents: amount,
            currency: pay.currency,
            status: 'succeeded',
            reason: 'requested_by_customer',
            metadata: { user_id: userId, refund_reason: reason, subscription_tier: tier, subscription_id: subscriptionId, refund_kind: kind },
          })
          .returning();
        return row!;
      });
      if (!refund) {
        const [earlier] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, pay.id)).orderBy(desc(sandboxRefunds.createdAt)).limit(1);
        if (!earlier) throw new AppError('EXTERNAL_SERVICE_ERROR', undefined, { cause: new Error('sandbox: payment refunded without a refund') });
        return { id: earlier.id, amountCents: earlier.amountCents, currency: earlier.currency, status: earlier.status };
      }
      await emit(pay.customerId, [
        [
          'charge.refunded',
          {
            id: pay.chargeId,
            object: 'charge',
            customer: pay.customerId,
            payment_intent: pay.id,
            amount: pay.amountCents,
            amount_refunded: pay.amountCents,
            refunded: true,
            currency: pay.currency,
            status: 'succeeded',
            livemode: false,
          },
        ],
      ]);
      return { id: refund.id, amountCents: refund.amountCents, currency: refund.currency, status: refund.status };
    },

    async retrieveRefund(id) {
      const [row] = await db
        .select({ refund: sandboxRefunds, customerId: sandboxPayments.customerId })
        .from(sandboxRefunds)
        .innerJoin(sandboxPayments, eq(sandboxPayments.id, sandboxRefunds.paymentIntentId))
        .where(eq(sandboxRefunds.id, id))
        .limit(1);
      if (!row) return null;
      const { refund, customerId } = row;
      const kind = refund.metadata.refund_kind;
      return {
        id: refund.id,
        amountCents: refund.amountCents,
        currency: refund.currency,
        status: refund.status,
        userId: refund.metadata.user_id ?? null,
        kind: kind === 'guarantee' || kind === 'duplicate_subscription' ? kind : null,
        subscriptionId: refund.metadata.subscription_id ?? null,
        customerId,
      };
    },

    async failRefundsDue(now) {
      const due = await db
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .innerJoin(sandboxPayments, eq(sandboxPayments.id, sandboxRefunds.paymentIntentId))
        .where(
          and(
            eq(sandboxRefunds.status, 'succeeded'),
            eq(sandboxPayments.cardLast4, SANDBOX_CARDS.refundFails.slice(-4)),
            lt(sandboxRefunds.createdAt, new Date(now.getTime() - REFUND_FAILS_AFTER_MS)),
          ),
        );
      let failed = 0;
      for (const { id } of due) {
        const done = await db.transaction(async (tx) => {
          // Only the run that moves it from succeeded fails it (two instances, or a run that overlaps the last).
          const [refund] = await tx
            .update(sandboxRefunds)
            .set({ status: 'failed' })
            .where(and(eq(sandboxRefunds.id, id), eq(sandboxRefunds.status, 'succeeded')))
            .returning();
          if (!refund) return null;
          const [pay] = await tx
            .update(sandboxPayments)
            .set({ amountRefundedCents: sql`${sandboxPayments.amountRefundedCents} - ${refund.amountCents}` })
            .where(eq(sandboxPayments.id, refund.paymentIntentId))
            .returning();
          return { refund, pay: pay! };
        });
        if (!done) continue;
        const { refund, pay } = done;
        const object = {
          id: refund.id,
          object: 'refund',
          amount: refund.amountCents,
          currency: refund.currency,
          status: 'failed',
          failure_reason: 'expired_or_canceled_card',
          charge: pay.chargeId,
          payment_intent: pay.id,
          metadata: refund.metadata,
          reason: refund.reason,
          created: epoch(refund.createdAt),
        };
        await emit(pay.customerId, [
          ['charge.refund.updated', object],
          ['refund.failed', object],
        ]);
        failed++;
      }
      return failed;
    },

    async cancelSubscription(id) {
      const current = await subscriptionRow(id);
      if (!current) throw new AppError('EXTERNAL_SERVICE_ERROR', undefined, { cause: new Error('sandbox: no such subscription') });
      if (current.status === 'canceled') return toProviderSubscription(current);
      const row = await updateSubscription(id, { status: 'canceled', canceledAt: new Date(), cancelAtPeriodEnd: false });
      await emit(row.customerId, [['customer.subscription.deleted', stripeSubscription(row)]]);
      return toProviderSubscription(row);
    },

    async cancelAtPeriodEnd(id) {
      await requireLive(id);
      const row = await updateSubscription(id, { cancelAtPeriodEnd: true, canceledAt: new Date() });
      await emit(row.customerId, [['customer.subscription.updated', stripeSubscription(row)]]);
      return toProviderSubscription(row);
    },

    async resumeSubscription(id) {
      const current = await requireLive(id);
      if (!current.cancelAtPeriodEnd) return toProviderSubscription(current);
      const row = await updateSubscription(id, { cancelAtPeriodEnd: false, canceledAt: null });
      await emit(row.customerId, [['customer.subscription.updated', stripeSubscription(row)]]);
      return toProviderSubscription(row);
    },

    async changePlan({ subscription, plan, prorationDate }) {
      let current = await requireLive(subscription.id);
      const now = new Date();
      const events: [string, Record<string, unknown>][] = [];
      const open = current.status === 'past_due' ? await openInvoiceOf(current.id) : null;
      if (open) {
        const settled = await settle(current, open, now);
        current = settled.row;
        events.push(['invoice.paid', stripeInvoice(settled.invoice, current)]);
      }
      const amount = proration(current, plan, prorationDate);
      const last4 = await cardOf(current.customerId);
      const { row, invoice } = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxSubscriptions)
          .set({
            plan,
            priceCents: priceCents(plan, current.interval),
            // A credit waits for the next invoice; a charge is invoiced and paid now (Stripe's always_invoice).
            pendingProrationCents: current.pendingProrationCents + Math.min(0, amount),
            cancelAtPeriodEnd: false,
            canceledAt: null,
          })
          .where(eq(sandboxSubscriptions.id, current.id))
          .returning();
        const invoice =
          amount > 0
            ? await invoiceFor(tx, row!, {
                amountCents: amount,
                paid: true,
                reason: 'subscription_update',
                periodStart: prorationDate,
                periodEnd: current.currentPeriodEnd,
                last4,
                at: now,
              })
            : null;
        return { row: row!, invoice };
      });
      if (invoice) events.push(['invoice.paid', stripeInvoice(invoice, row)]);
      events.push(['customer.subscription.updated', stripeSubscription(row)]);
      await emit(row.customerId, events);
      return toProviderSubscription(row);
    },

    async previewPlanChange({ subscription, plan, prorationDate }) {
      const current = await requireLive(subscription.id);
      const open = current.status === 'past_due' ? await openInvoiceOf(current.id) : null;
      const overdueCents = open ? open.amountDueCents - open.amountPaidCents : 0;
      return { amountDueCents: proration(current, plan, prorationDate), overdueCents, currency: current.currency };
    },

    async renew(subscriptionId, outcome) {
      const s = await requireLive(subscriptionId);
      const now = new Date();
      if (s.cancelAtPeriodEnd) {
        const row = await updateSubscription(s.id, { status: 'canceled', cancelAtPeriodEnd: false, canceledAt: now });
        return { subscription: row, invoice: null, events: await emit(s.customerId, [['customer.subscription.deleted', stripeSubscription(row)]]) };
      }
      const last4 = await cardOf(s.customerId);

      if (s.status === 'past_due') {
        // Settling: the open invoice is paid (or fails again); the period already moved on when it was issued.
        const open = await openInvoiceOf(s.id);
        if (outcome === 'failed' || !open) {
          return { subscription: s, invoice: open, events: open ? await emit(s.customerId, [['invoice.payment_failed', stripeInvoice(open, s)]]) : [] };
        }
        const { row, invoice } = await settle(s, open, now);
        return {
          subscription: row,
          invoice,
          events: await emit(s.customerId, [
            ['invoice.paid', stripeInvoice(invoice, row)],
            ['customer.subscription.updated', stripeSubscription(row)],
          ]),
        };
      }

      const periodStart = s.currentPeriodEnd;
      const periodEnd = addInterval(periodStart, s.interval);
      const amount = nextInvoiceCents(s);
      const paid = outcome === 'paid';
      const { row, invoice } = await db.transaction(async (tx) => {
        const invoice = await invoiceFor(tx, s, { amountCents: amount, paid, reason: 'subscription_cycle', periodStart, periodEnd, last4, at: now });
        const [row] = await tx
          .update(sandboxSubscriptions)
          .set({
            status: paid || amount === 0 ? 'active' : 'past_due',
            currentPeriodStart: periodStart,
            currentPeriodEnd: periodEnd,
            pendingPercentOff: 0,
            pendingProrationCents: 0,
          })
          .where(eq(sandboxSubscriptions.id, s.id))
          .returning();
        return { row: row!, invoice };
      });
      const failed = invoice.status === 'open';
      return {
        subscription: row,
        invoice,
        events: await emit(s.customerId, [
          [failed ? 'invoice.payment_failed' : 'invoice.paid', stripeInvoice(invoice, row)],
          ['customer.subscription.updated', stripeSubscription(row)],
        ]),
      };
    },

    async redeliverPending() {
      const rows = await db
        .select()
        .from(sandboxEvents)
        .where(and(isNull(sandboxEvents.deliveredAt), gt(sandboxEvents.createdAt, new Date(Date.now() - 3 * DAY_MS))))
        .orderBy(sandboxEvents.createdAt)
        .limit(500);
      let delivered = 0;
      for (const row of rows) {
        const status = await deliverEvent(row.payload as SandboxEvent);
        if (status >= 200 && status < 300) delivered++;
        // The app is refusing (rate limit, outage): the rest waits for the next run.
        else break;
      }
      return { delivered, failed: rows.length - delivered };
    },

    holdEvents(hold) {
      holding = hold;
    },

    async heldEvents(customerId) {
      const rows = await db
        .select()
        .from(sandboxEvents)
        .where(customerId ? eq(sandboxEvents.customerId, customerId) : undefined)
        .orderBy(sandboxEvents.createdAt);
      return rows.filter((r) => !r.deliveredAt).map((r) => r.payload as SandboxEvent);
    },

    deliverEvent,
    signatureFor,
  };
}
