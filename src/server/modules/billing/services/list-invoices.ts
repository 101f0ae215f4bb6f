import { invoiceAmountCents, invoiceDescription, invoiceStatus } from '#core/billing/invoices';
import type { InvoiceList } from '#core/billing/schemas';
import { isLive } from '#core/billing/subscription-state';
import type { Locale } from '#core/common/schemas';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';

/**
 * The billing history, read from the provider (never from our own records, so it shows what was really charged and
 * refunded), and the next payment as the provider computes it: a promotion or a downgrade's credit included.
 */
export async function listInvoices(deps: BillingDeps, user: UserRow, locale: Locale): Promise<InvoiceList> {
  if (!user.stripeCustomerId) return { items: [], upcoming: null };
  const invoices = await deps.payments.listInvoices({ customerId: user.stripeCustomerId });
  const items = invoices.flatMap((invoice) => {
    const status = invoiceStatus(invoice);
    if (!status) return [];
    const amountCents = invoiceAmountCents(invoice);
    return [
      {
        id: invoice.id,
        amountCents,
        currency: invoice.currency,
        status,
        description: invoiceDescription({ reason: invoice.billingReason, plan: invoice.plan, interval: invoice.interval, amountCents }, locale),
        createdAt: invoice.created.toISOString(),
        receiptUrl: invoice.receiptUrl,
      },
    ];
  });
  return { items, upcoming: await upcomingPayment(deps, user) };
}

async function upcomingPayment(deps: BillingDeps, user: UserRow): Promise<InvoiceList['upcoming']> {
  if (!user.stripeSubscriptionId || user.subscriptionStatus === 'inactive') return null;
  const sub = await deps.payments.retrieveSubscription(user.stripeSubscriptionId);
  if (!sub || !isLive(sub) || sub.customerId !== user.stripeCustomerId) return null;
  const date = sub.status === 'trialing' ? sub.trialEnd : sub.currentPeriodEnd;
  const next = date ? await deps.payments.upcomingInvoice(sub) : null;
  return next && date ? { amountCents: next.amountDueCents, currency: next.currency, date: date.toISOString() } : null;
}
