import type { ProviderPayment, ProviderRefund, RefundKind } from '#server/adapters/payments/port';
import { REFUND_MESSAGES } from '#core/billing/refund';
import { AppError } from '#server/lib/app-error';
import type { BillingDeps } from '../billing.deps';

/** Everything a subscription has charged: the payment of each of its paid invoices, each once. */
export async function subscriptionPayments(deps: BillingDeps, subscriptionId: string): Promise<{ invoices: number; payments: ProviderPayment[] }> {
  const invoices = await deps.payments.listInvoices({ subscriptionId });
  const payments = new Map<string, ProviderPayment>();
  for (const invoice of invoices) {
    const payment = await deps.payments.findInvoicePayment(invoice);
    if (payment) payments.set(payment.paymentIntentId ?? payment.chargeId ?? '', payment);
  }
  return { invoices: invoices.length, payments: [...payments.values()] };
}

export interface RefundTotal {
  amountCents: number;
  currency: string;
  /** succeeded when every refund did; else the first other status (pending, …). */
  status: string;
  refunds: ProviderRefund[];
}

/**
 * Refunds each payment in full, one refund per payment. A payment refunded by an earlier attempt that stopped midway
 * answers with that same refund (the provider's idempotency), so asking again is safe and the total is the whole
 * sum. When the provider refuses one, what was refunded so far is reported before the error goes on.
 */
export async function refundPayments(
  deps: BillingDeps,
  payments: readonly ProviderPayment[],
  meta: { userId: string; reason: string; tier: string; subscriptionId: string; kind: RefundKind },
): Promise<RefundTotal> {
  const refunds: ProviderRefund[] = [];
  try {
    for (const payment of payments) {
      const refund = await deps.payments.createRefund({ payment, ...meta });
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new AppError('STRIPE_ERROR', REFUND_MESSAGES.refundNotCompleted, { cause: new Error(`refund ${refund.id} ${refund.status}`) });
      }
      refunds.push(refund);
    }
  } catch (error) {
    if (refunds.length > 0) {
      deps.reporter.report(error, {
        source: 'billing',
        operation: 'refund stopped midway',
        userId: meta.userId,
        subscriptionId: meta.subscriptionId,
        refunded: refunds.map((r) => `${r.id} ${r.amountCents} ${r.currency} ${r.status}`).join(', '),
      });
    }
    throw error;
  }
  return {
    amountCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
    currency: refunds[0]?.currency ?? payments[0]?.currency ?? 'usd',
    status: refunds.find((r) => r.status !== 'succeeded')?.status ?? 'succeeded',
    refunds,
  };
}
