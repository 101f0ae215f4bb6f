import type { ProviderSubscription } from '#core/billing/subscription-state';
import type { Locale } from '#core/common/schemas';

export type { ProviderSubscription };

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  email: string;
  plan: 'basic' | 'pro';
  interval: 'month' | 'year';
  /** Days of the Pro trial to give, or 0. The caller decides (once per account). */
  trialDays: number;
  /** A promotion code to apply at once; otherwise the checkout page accepts one. */
  promotionCode?: string;
  locale: Locale;
  /** May contain {CHECKOUT_SESSION_ID}, replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  subscriptionId: string | null;
  status: string;
  amountDueCents: number;
  amountPaidCents: number;
  currency: string;
  created: Date;
  /** The payments the provider records against the invoice (payment intent or charge ids). */
  payments: { paymentIntentId: string | null; chargeId: string | null; status: string }[];
  /** What went back of its payment. */
  amountRefundedCents: number;
  /** Stripe's billing_reason: subscription_create, subscription_cycle, subscription_update, … */
  billingReason: string | null;
  /** The plan and interval of the price it charged for, when that price is one of ours. */
  plan: 'basic' | 'pro' | null;
  interval: 'month' | 'year' | null;
  /** The provider's receipt for the payment, else its page for the invoice. */
  receiptUrl: string | null;
}

export interface PlanChangeRequest {
  subscription: ProviderSubscription;
  plan: 'basic' | 'pro';
  /** The moment the change is prorated to, in whole seconds: the same for its preview and for the change. */
  prorationDate: Date;
}

/** A payment that can be refunded: by its payment intent when it has one, else by its charge. */
export interface ProviderPayment {
  paymentIntentId: string | null;
  chargeId: string | null;
  amountCents: number;
  currency: string;
}

export interface ProviderRefund {
  id: string;
  amountCents: number;
  currency: string;
  /** pending, requires_action, succeeded, failed or canceled (Stripe's set). */
  status: string;
}

/** Why we refunded: the money-back guarantee, or a second subscription ended (end-duplicate-subscriptions.ts). */
export type RefundKind = 'guarantee' | 'duplicate_subscription';

/** What the metadata of a refund we created says of it, with the customer of the payment it refunds. */
export interface ProviderRefundRecord extends ProviderRefund {
  /** The user and the kind our createRefund put on it; null on a refund made elsewhere (the dashboard). */
  userId: string | null;
  kind: RefundKind | null;
  subscriptionId: string | null;
  customerId: string | null;
}

/**
 * The card payment provider (spec section 7). Two adapters: Stripe, and the embedded sandbox that keeps its own
 * records and sends Stripe-shaped events to our webhook. Failures of the provider itself are thrown as AppError
 * EXTERNAL_SERVICE_ERROR (the cause kept for the log); a missing object is null, not an error.
 */
export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  createCustomer(input: { email: string; userId: string; name: string }): Promise<string>;
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Ends the customer's checkout sessions that are still open: their pages can no longer be paid. */
  expireOpenCheckoutSessions(customerId: string): Promise<void>;
  createPortalSession(input: { customerId: string; returnUrl: string; locale: Locale }): Promise<{ url: string }>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** Newest first. `status: 'active'` lists only active ones; 'all' includes ended ones. */
  listSubscriptions(customerId: string, opts: { status: 'active' | 'all'; limit: number }): Promise<ProviderSubscription[]>;
  /** Whether any subscription of the customer ever had a trial. */
  hasHadTrial(customerId: string): Promise<boolean>;
  /** A customer's or a subscription's invoices, newest first (the newest 100). */
  listInvoices(filter: { customerId: string } | { subscriptionId: string }): Promise<ProviderInvoice[]>;
  /** What the subscription's next invoice will ask, as the provider computes it now (discounts, credits), in cents. */
  upcomingInvoice(subscription: ProviderSubscription): Promise<{ amountDueCents: number; currency: string } | null>;
  /**
   * The payment that paid the invoice: by the invoice's own payment record, else among the customer's recent
   * payment intents (limit 10) one of the same amount, succeeded, created within 300 s of the invoice.
   */
  findInvoicePayment(invoice: ProviderInvoice): Promise<ProviderPayment | null>;
  /**
   * Refunds what is left of the payment; the answer's amount is all that went back of it. Asked again for a payment
   * refunded already, it answers with that refund (at once, or in the race of two requests).
   */
  createRefund(input: { payment: ProviderPayment; userId: string; reason: string; tier: string; subscriptionId: string; kind: RefundKind }): Promise<ProviderRefund>;
  /** A refund as the provider has it now (a refund can fail days after it was created), or null if there is none. */
  retrieveRefund(refundId: string): Promise<ProviderRefundRecord | null>;
  /** Ends the subscription now. */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Ends the subscription when its current period ends. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** Takes back a cancellation at period end: the subscription renews again. */
  resumeSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Moves the subscription's item to the price of another plan, prorated to `prorationDate`, and undoes a scheduled
   * cancel. An upgrade's proration is invoiced and paid at once with the card on file; a downgrade's credit goes
   * to the next invoice. A past-due subscription first pays its open invoice (the change is refused if that
   * fails), so an accepted change leaves it active.
   */
  changePlan(input: PlanChangeRequest): Promise<ProviderSubscription>;
  /**
   * What `changePlan` with the same request charges now (negative: a credit for the next invoice), in cents, and what
   * a past-due subscription owes on its open invoices, paid first by the same change (0 when nothing is owed).
   */
  previewPlanChange(input: PlanChangeRequest): Promise<{ amountDueCents: number; overdueCents: number; currency: string }>;
}
