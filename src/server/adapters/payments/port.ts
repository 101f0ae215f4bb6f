import type { ProviderSubscription } from '../../../core/billing/subscription-state';
import type { Locale } from '../../../core/common/schemas';

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
  /** The subscription's newest invoice. */
  latestInvoice(subscriptionId: string): Promise<ProviderInvoice | null>;
  /**
   * The payment that paid the invoice: by the invoice's own payment record, else among the customer's recent
   * payment intents (limit 10) one of the same amount, succeeded, created within 300 s of the invoice.
   */
  findInvoicePayment(invoice: ProviderInvoice): Promise<ProviderPayment | null>;
  /** Refunds the whole payment. Asked again for the same payment, it answers with the refund already made. */
  createRefund(input: { payment: ProviderPayment; userId: string; reason: string; tier: string }): Promise<ProviderRefund>;
  /** Ends the subscription now. */
  cancelSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Ends the subscription when its current period ends. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Moves the subscription's item to the price of another plan, with prorations, and undoes a scheduled cancel. A
   * past-due subscription first pays its open invoice with the card on file (the change is refused if that fails),
   * so an accepted change leaves it active.
   */
  changePlan(input: { subscription: ProviderSubscription; plan: 'basic' | 'pro' }): Promise<ProviderSubscription>;
  /** What `changePlan` would charge (negative: credit), in cents. */
  previewPlanChange(input: { subscription: ProviderSubscription; plan: 'basic' | 'pro' }): Promise<{ amountDueCents: number; currency: string }>;
}
