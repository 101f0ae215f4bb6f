import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prorationCents } from '#core/billing/proration';
import { sandboxInvoices, sandboxPayments, sandboxRefunds, sandboxSubscriptions } from '#server/db/schema';
import { pathOf, subscribe, userRow } from '../support/billing';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/** Money adds up: what the user is shown is what the sandbox provider charges and refunds. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '1000/1m', RATE_LIMIT_WEBHOOK: '10000/1m' });
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function subscriptionOf(email: string) {
  const user = await userRow(t, email);
  const [sub] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, user.stripeSubscriptionId!));
  return sub!;
}

/** A 20-minute period around now: a second moves the proration by almost a cent, so a changed moment shows. */
async function shortPeriod(email: string) {
  const sub = await subscriptionOf(email);
  const now = Date.now();
  const [row] = await t.db
    .update(sandboxSubscriptions)
    .set({ currentPeriodStart: new Date(now - 10 * MINUTE), currentPeriodEnd: new Date(now + 10 * MINUTE) })
    .where(eq(sandboxSubscriptions.id, sub.id))
    .returning();
  return row!;
}

const invoices = async (c: TestClient, query = '') => {
  const res = await c.get(`/api/billing/invoices${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    items: { id: string; amountCents: number; currency: string; status: string; description: string; createdAt: string; receiptUrl: string | null }[];
    upcoming: { amountCents: number; currency: string; date: string } | null;
  };
};

const refundsOf = (subscriptionId: string) =>
  t.db.select().from(sandboxRefunds).where(sql`${sandboxRefunds.paymentIntentId} in (select payment_intent_id from sandbox_invoices where subscription_id = ${subscriptionId})`);

/** Basic, then an upgrade confirmed with its preview: returns the amount the preview showed. */
async function upgradeAsPreviewed(c: TestClient, email: string) {
  await subscribe(t, c, 'basic');
  const period = await shortPeriod(email);
  const preview = (await c.get('/api/billing/change/preview?action=upgrade')).body;
  const previewed = prorationCents({ fromCents: 999, toCents: 1999, periodStart: period.currentPeriodStart, periodEnd: period.currentPeriodEnd, at: new Date(preview.prorationDate) });
  expect(preview).toEqual({ amountDueCents: previewed, overdueCents: 0, currency: 'usd', prorationDate: expect.stringMatching(/\.000Z$/) });
  // Time passes while the user reads the dialog: the charge must not move with it.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const up = await c.post('/api/billing/change', { action: 'upgrade', prorationDate: preview.prorationDate });
  expect(up.body).toEqual({ message: 'Successfully upgraded to Pro plan', messageKey: 'planChange.upgraded' });
  const now = prorationCents({ fromCents: 999, toCents: 1999, periodStart: period.currentPeriodStart, periodEnd: period.currentPeriodEnd, at: new Date() });
  expect(now).toBeLessThan(previewed);
  return previewed;
}

describe('an upgrade', () => {
  it('charges today what the dialog said is due today, and the invoices show both payments', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const due = await upgradeAsPreviewed(c, email);

    const list = await invoices(c);
    expect(list.items.map((i) => [i.amountCents, i.status, i.description])).toEqual([
      [due, 'paid', 'Upgrade to Pro (rest of the period)'],
      [999, 'paid', 'Basic monthly subscription'],
    ]);
    const sub = await subscriptionOf(email);
    const [charged] = await t.db
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.billingReason, 'subscription_update')));
    expect(charged).toMatchObject({ amountPaidCents: due, status: 'paid', plan: 'pro' });
    // Nothing of it is left for the renewal: that is the Pro price.
    expect(sub.pendingProrationCents).toBe(0);
    expect(list.upcoming).toEqual({ amountCents: 1999, currency: 'usd', date: sub.currentPeriodEnd.toISOString() });
  });

  it('refuses a preview too old to honour, or a malformed one, and changes nothing', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const stale = await c.post('/api/billing/change', { action: 'upgrade', prorationDate: new Date(Date.now() - 31 * MINUTE).toISOString() });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: 'OPERATION_NOT_ALLOWED', message: 'The price shown has changed. Review the change again.' });
    const bad = await c.post('/api/billing/change', { action: 'upgrade', prorationDate: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ field: 'prorationDate', message: 'Invalid proration date', messageKey: 'planChange.invalidProrationDate' });
    expect((await subscriptionOf(email)).plan).toBe('basic');
    expect((await invoices(c)).items).toHaveLength(1);
  });

  it('credits a downgrade on the next invoice instead of charging', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await upgradeAsPreviewed(c, email);
    const preview = (await c.get('/api/billing/change/preview?action=downgrade')).body;
    expect(preview.amountDueCents).toBeLessThan(0);
    await c.post('/api/billing/change', { action: 'downgrade', prorationDate: preview.prorationDate });
    const list = await invoices(c);
    expect(list.items).toHaveLength(2);
    expect(list.upcoming!.amountCents).toBe(Math.max(0, 999 + preview.amountDueCents));
  });
});

describe('the money-back guarantee', () => {
  it('returns everything paid for the subscription: the Basic month and the upgrade, one refund each', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const due = await upgradeAsPreviewed(c, email);
    const sub = await subscriptionOf(email);

    const refund = await c.post('/api/billing/refund', {});
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({ success: true, refund: { amount: (999 + due) / 100, currency: 'usd', status: 'succeeded' } });
    const list = await invoices(c);
    expect(list.items.map((i) => i.status)).toEqual(['refunded', 'refunded']);
    expect(list.items.reduce((sum, i) => sum + i.amountCents, 0) / 100).toBe(refund.body.refund.amount);
    expect(list.upcoming).toBeNull();
    expect((await refundsOf(sub.id)).map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([due, 999].sort((a, b) => a - b));
  });

  it('stopped midway, keeps what was refunded, lets the user ask again, and refunds nothing twice', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const due = await upgradeAsPreviewed(c, email);
    const sub = await subscriptionOf(email);
    // The provider refuses the Basic payment's refund (refunded after the newer upgrade's) for now: its record reads
    // refunded with no refund behind it.
    const [basic] = await t.db
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.subscriptionId, sub.id), eq(sandboxInvoices.billingReason, 'subscription_create')));
    await t.db.update(sandboxPayments).set({ amountRefundedCents: 999 }).where(eq(sandboxPayments.id, basic!.paymentIntentId!));

    const failed = await c.post('/api/billing/refund', {});
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Failed to process refund' });
    expect(await refundsOf(sub.id)).toHaveLength(1);
    expect(t.reporter.recent(5).some((r) => r.context.operation === 'refund stopped midway' && String(r.context.refunded).includes(String(due)))).toBe(true);
    expect((await userRow(t, email)).lastRefundAt).toBeNull();
    expect((await c.get('/api/billing/refund-eligibility')).body.eligible).toBe(true);

    await t.db.update(sandboxPayments).set({ amountRefundedCents: 0 }).where(eq(sandboxPayments.id, basic!.paymentIntentId!));
    const again = await c.post('/api/billing/refund', {});
    expect(again.body).toEqual({ success: true, refund: { amount: (999 + due) / 100, currency: 'usd', status: 'succeeded' } });
    expect(await refundsOf(sub.id)).toHaveLength(2);
    expect((await invoices(c)).items.map((i) => i.status)).toEqual(['refunded', 'refunded']);
  });
});

describe('resuming a cancellation', () => {
  it('takes the cancellation back before the period ends: active, no cancel date, renewing again', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.post('/api/billing/resume', {})).body.error).toMatchObject({ statusCode: 400, message: 'Your subscription is not set to cancel' });
    await subscribe(t, c, 'basic');
    expect((await c.post('/api/billing/resume', {})).body.error.message).toBe('Your subscription is not set to cancel');

    await c.post('/api/billing/cancel', {});
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ status: 'canceling' });
    expect((await invoices(c)).upcoming).toBeNull();
    const res = await c.post('/api/billing/resume', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your subscription will continue', messageKey: 'resume.resumed' });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active', cancelAt: null });
    expect(await subscriptionOf(email)).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    expect((await invoices(c)).upcoming!.amountCents).toBe(999);
  });

  it('says so when the period has already ended', async () => {
    const c = t.client();
    await c.signUp();
    await subscribe(t, c, 'basic');
    await c.post('/api/billing/cancel', {});
    // The period ends at the provider: the profile is inactive, and there is nothing left to resume.
    expect((await c.post('/api/billing/sandbox/renew', {})).status).toBe(200);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive' });
    expect((await c.post('/api/billing/resume', {})).body.error.message).toBe('Your subscription has already ended. Subscribe again from the pricing page.');
  });
});

describe('the billing history', () => {
  it('lists the provider’s invoices in the user’s language with receipts, and the next payment', async () => {
    const c = t.client();
    expect((await c.get('/api/billing/invoices')).status).toBe(401);
    const { email } = await c.signUp();
    expect(await invoices(c)).toEqual({ items: [], upcoming: null });
    await subscribe(t, c, 'basic');
    const sub = await subscriptionOf(email);
    const list = await invoices(c);
    expect(list.items).toEqual([
      {
        id: expect.stringMatching(/^in_sbx_/),
        amountCents: 999,
        currency: 'usd',
        status: 'paid',
        description: 'Basic monthly subscription',
        createdAt: sub.startDate.toISOString(),
        receiptUrl: `${t.env.appUrl}/sandbox/receipts/${list.items[0]!.id}`,
      },
    ]);
    expect(list.upcoming).toEqual({ amountCents: 999, currency: 'usd', date: sub.currentPeriodEnd.toISOString() });
    expect((await invoices(c, '?locale=zh')).items[0]!.description).toBe('基础版（月付）订阅');
    const bad = await c.get('/api/billing/invoices?locale=fr');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ field: 'locale', message: 'Locale must be en or zh', messageKey: 'common.locale' });

    const receipt = await c.get(pathOf(list.items[0]!.receiptUrl!));
    expect(receipt.status).toBe(200);
    expect(receipt.body).toContain('Receipt for $9.99');
    expect(receipt.body).toContain('•••• 4242');
    expect((await c.get('/sandbox/receipts/in_sbx_000000000000000000000000')).status).toBe(404);

    // Another account sees none of it.
    const other = t.client();
    await other.signUp();
    expect((await invoices(other)).items).toEqual([]);
  });

  it('shows the trial and, after it, the TRIAL50 price the provider will charge', async () => {
    const c = t.client();
    await c.signUp();
    const me = await subscribe(t, c, 'pro', { promotionCode: 'TRIAL50' });
    const list = await invoices(c);
    expect(list.items.map((i) => [i.amountCents, i.status, i.description])).toEqual([[0, 'paid', 'Pro free trial started']]);
    // 50% off $19.99, as Stripe rounds a percent-off coupon.
    expect(list.upcoming).toEqual({ amountCents: 999, currency: 'usd', date: me.subscription.trialEndsAt });
    expect((await c.post('/api/billing/sandbox/renew', {})).status).toBe(200);
    const after = await invoices(c);
    expect(after.items[0]).toMatchObject({ amountCents: 999, status: 'paid', description: 'Pro monthly, renewal' });
    expect(after.upcoming!.amountCents).toBe(1999);
  });
});
