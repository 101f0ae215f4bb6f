import type { Locale } from '#core/common/schemas';
import type { Interval } from '#core/profile/schemas';
import { catalogueEntry } from './catalogue';

/** What the billing history says of an invoice (GET /api/billing/invoices). */
export const INVOICE_STATUSES = ['paid', 'refunded', 'partially_refunded', 'open', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The provider's invoice, reduced to what the history and the refund need. */
export interface InvoiceFacts {
  /** The provider's status: draft, open, paid, void or uncollectible (Stripe's set). */
  status: string;
  amountDueCents: number;
  amountPaidCents: number;
  /** What went back of the invoice's payment. */
  amountRefundedCents: number;
}

/**
 * The status a person reads: a paid invoice whose payment went back in full is refunded, in part partially
 * refunded; an uncollectible one is still owed (open). Drafts are not shown (null): nothing was asked for yet.
 */
export function invoiceStatus(invoice: InvoiceFacts): InvoiceStatus | null {
  if (invoice.status === 'draft') return null;
  if (invoice.status === 'void') return 'void';
  if (invoice.status !== 'paid') return 'open';
  if (invoice.amountRefundedCents <= 0) return 'paid';
  return invoice.amountRefundedCents >= invoice.amountPaidCents ? 'refunded' : 'partially_refunded';
}

/** The amount a person reads beside the invoice: what was paid, or for an unpaid one what is owed. */
export const invoiceAmountCents = (invoice: InvoiceFacts): number => (invoice.status === 'paid' ? invoice.amountPaidCents : invoice.amountDueCents);

const INTERVAL_TEXT: Record<Locale, Record<Interval, string>> = {
  en: { month: 'monthly', year: 'yearly' },
  zh: { month: '月付', year: '年付' },
};

/**
 * One line for the billing history, in the reader's language: "Pro monthly", "Pro monthly, renewal", "Upgrade to
 * Pro (rest of the period)". A plan the provider did not name (a price that is not ours) reads as the product.
 */
export function invoiceDescription(input: { reason: string | null; plan: 'basic' | 'pro' | null; interval: Interval | null; amountCents: number }, locale: Locale): string {
  const plan = input.plan ? catalogueEntry(input.plan).name[locale] : 'FitForge';
  const interval = input.interval ? INTERVAL_TEXT[locale][input.interval] : null;
  const product = interval ? (locale === 'zh' ? `${plan}（${interval}）` : `${plan} ${interval}`) : plan;
  const zh = locale === 'zh';
  switch (input.reason) {
    case 'subscription_create':
      // The first invoice of a trial is nothing to pay: it starts the trial.
      if (input.amountCents === 0 && input.plan === 'pro') return zh ? `${plan}免费试用开始` : `${plan} free trial started`;
      return zh ? `${product}订阅` : `${product} subscription`;
    case 'subscription_cycle':
      return zh ? `${product}续订` : `${product}, renewal`;
    case 'subscription_update':
      return zh ? `升级到${plan}（本周期剩余时间）` : `Upgrade to ${plan} (rest of the period)`;
    default:
      return product;
  }
}
