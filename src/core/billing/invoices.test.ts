import { describe, expect, it } from 'vitest';
import { invoiceAmountCents, invoiceDescription, invoiceStatus } from './invoices';

const paid = { status: 'paid', amountDueCents: 999, amountPaidCents: 999, amountRefundedCents: 0 };

describe('invoices as the billing history shows them', () => {
  it('reads refunds from the payment: refunded in full, in part, or not', () => {
    expect(invoiceStatus(paid)).toBe('paid');
    expect(invoiceStatus({ ...paid, amountRefundedCents: 999 })).toBe('refunded');
    expect(invoiceStatus({ ...paid, amountRefundedCents: 500 })).toBe('partially_refunded');
  });

  it('shows what is owed as open, voided as void, and no drafts', () => {
    expect(invoiceStatus({ ...paid, status: 'open', amountPaidCents: 0 })).toBe('open');
    expect(invoiceStatus({ ...paid, status: 'uncollectible', amountPaidCents: 0 })).toBe('open');
    expect(invoiceStatus({ ...paid, status: 'void' })).toBe('void');
    expect(invoiceStatus({ ...paid, status: 'draft' })).toBeNull();
    expect(invoiceAmountCents({ ...paid, status: 'open', amountPaidCents: 0 })).toBe(999);
  });

  it('describes each invoice in the reader’s language', () => {
    const base = { plan: 'pro' as const, interval: 'month' as const, amountCents: 1999 };
    expect(invoiceDescription({ ...base, reason: 'subscription_create' }, 'en')).toBe('Pro monthly subscription');
    expect(invoiceDescription({ ...base, reason: 'subscription_create', amountCents: 0 }, 'en')).toBe('Pro free trial started');
    expect(invoiceDescription({ ...base, reason: 'subscription_cycle', interval: 'year' }, 'zh')).toBe('专业版（年付）续订');
    expect(invoiceDescription({ ...base, reason: 'subscription_update' }, 'en')).toBe('Upgrade to Pro (rest of the period)');
    expect(invoiceDescription({ ...base, reason: 'manual', plan: null, interval: null }, 'en')).toBe('FitForge');
  });
});
