import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sandbox payment provider's own records (the embedded default; unused with Stripe). db/schema/index.ts exports
 * them with every other table, so migrations cover them.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  userId: text('user_id'),
  cardLast4: text('card_last4'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id').notNull(),
    plan: text('plan', { enum: ['basic', 'pro'] }).notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    trialDays: integer('trial_days').notNull().default(0),
    promotionCode: text('promotion_code'),
    locale: text('locale', { enum: ['en', 'zh'] })
      .notNull()
      .default('en'),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    subscriptionId: text('subscription_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sandbox_checkout_sessions_customer_idx').on(t.customerId)],
);

export const sandboxPortalSessions = pgTable('sandbox_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  locale: text('locale', { enum: ['en', 'zh'] })
    .notNull()
    .default('en'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id'),
    itemId: text('item_id').notNull(),
    plan: text('plan', { enum: ['basic', 'pro'] }).notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['trialing', 'active', 'past_due', 'canceled'] }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: ts('current_period_start').notNull(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    trialStart: ts('trial_start'),
    trialEnd: ts('trial_end'),
    /** Percent off the next paid invoice (the promotion code), used once. */
    pendingPercentOff: integer('pending_percent_off').notNull().default(0),
    /** Prorations of plan changes, added to the next invoice (negative: a credit). */
    pendingProrationCents: integer('pending_proration_cents').notNull().default(0),
    startDate: ts('start_date').notNull(),
    canceledAt: ts('canceled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_subscriptions_customer_idx').on(t.customerId, t.createdAt)],
);

export const sandboxInvoices = pgTable(
  'sandbox_invoices',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    status: text('status', { enum: ['paid', 'open'] }).notNull(),
    billingReason: text('billing_reason', { enum: ['subscription_create', 'subscription_cycle', 'subscription_update'] }).notNull(),
    /** The plan and interval it charged for (the subscription's at the time); null on invoices made before they were kept. */
    plan: text('plan', { enum: ['basic', 'pro'] }),
    interval: text('interval', { enum: ['month', 'year'] }),
    amountDueCents: integer('amount_due_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    paymentIntentId: text('payment_intent_id'),
    createdAt: ts('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('sandbox_invoices_subscription_idx').on(t.subscriptionId, t.createdAt)],
);

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** The payment intent id (pi_…); the charge id is beside it. */
    id: text('id').primaryKey(),
    chargeId: text('charge_id').notNull(),
    customerId: text('customer_id').notNull(),
    invoiceId: text('invoice_id'),
    amountCents: integer('amount_cents').notNull(),
    amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['succeeded', 'requires_payment_method'] }).notNull(),
    cardLast4: text('card_last4'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_payments_customer_idx').on(t.customerId, t.createdAt)],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** failed: a refund to the refundFails test card, some time after it was created (failRefundsDue). */
  status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
  reason: text('reason').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every event the sandbox sent, kept so it can be looked at and delivered again. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    customerId: text('customer_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    deliveredAt: ts('delivered_at'),
    lastStatus: integer('last_status'),
    createdAt: ts('created_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('sandbox_events_customer_idx').on(t.customerId, t.createdAt)],
);
