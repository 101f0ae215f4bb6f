import { eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sandboxEvents, webhookEvents } from '#server/db/schema';
import type { SandboxEvent, SandboxProvider } from '#server/modules/sandbox';
import { pathOf, setUser, startBillingApp, stripeAppEnv, submitCheckout, userRow } from '../support/billing';
import { startStripeMock, stripeSubscription, type StripeMock } from '../support/stripe-mock';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

/**
 * A refund can fail after it was created (the card was closed, the bank refused it): the money never reaches the
 * user although the app said "Refunded". The provider then sends refund.failed and charge.refund.updated.
 */

const WEBHOOK_SECRET = 'whsec_refund_failed_test_secret';
const SUPPORT = 'help@fitforge.example';

const mailTo = (t: TestApp, email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
const reportsOf = (t: TestApp, refundId: string) => t.reporter.recent(100).filter((r) => r.context.operation === 'refund failed' && r.context.refundId === refundId);

describe('a refund that fails after it was created, with Stripe', () => {
  let mock: StripeMock;
  let t: TestApp;
  beforeAll(async () => {
    mock = await startStripeMock();
    t = await startTestApp({
      ...stripeAppEnv(mock.url, WEBHOOK_SECRET),
      SUPPORT_EMAIL: SUPPORT,
    });
  });
  afterAll(async () => {
    await t.close();
    await mock.close();
  });

  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.client().request('POST', '/api/webhooks/stripe', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header }, csrf: false });
  };
  /** The event as Stripe sends it: the refund itself, which names no customer. */
  const refundEvent = (id: string, type: 'refund.failed' | 'charge.refund.updated', refund: object) => ({ id, object: 'event', type, data: { object: refund } });

  /** A Basic subscriber of an hour, paid $12.34 through Stripe, who asks for the guarantee's refund and gets it. */
  async function refundedSubscriber(c: TestClient, locale: 'en' | 'zh' = 'en') {
    const { email } = await c.signUp();
    if (locale === 'zh') expect((await c.put('/api/me/preferences', { locale })).status).toBe(200);
    const row = await userRow(t, email);
    const tag = row.id.slice(0, 8);
    const [customer, subId] = [`cus_rf_${tag}`, `sub_rf_${tag}`];
    mock.state.subscriptions.set(subId, stripeSubscription({ id: subId, customer, userId: row.id, unitAmount: 1234 }));
    mock.addInvoice({ id: `in_rf_${tag}`, customer, subscription: subId, cents: 1234, price: 'price_basic_month' });
    await setUser(t, email, { stripeCustomerId: customer, stripeSubscriptionId: subId, subscriptionTier: 'basic', subscriptionStatus: 'active', subscriptionStartedAt: new Date() });
    const refunded = await c.post('/api/billing/refund', { reason: 'Not for me' });
    expect(refunded.body).toEqual({ success: true, refund: { amount: 12.34, currency: 'usd', status: 'succeeded' } });
    const refund = mock.state.refunds.find((r) => r.payment_intent === `pi_in_rf_${tag}`)!;
    expect(refund.metadata).toMatchObject({ user_id: row.id, subscription_id: subId, refund_kind: 'guarantee' });
    return { email, row, customer, subId, refund };
  }

  it('marks it failed once: the invoice reads paid again, the guarantee is not used, the user is told the amount and the operator is told', async () => {
    const c = t.client();
    const { email, row, refund } = await refundedSubscriber(c);
    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string }) => i.status)).toEqual(['refunded']);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive' });
    expect((await userRow(t, email)).lastRefundAt).not.toBeNull();

    const failed = mock.failRefund(refund.id);
    // Forged (another secret) or unsigned: refused, nothing recorded, nothing sent.
    expect((await deliver(refundEvent(`evt_forged_${row.id}`, 'refund.failed', failed), 'whsec_someone_else')).status).toBe(400);
    const unsigned = await t.client().request('POST', '/api/webhooks/stripe', {
      body: JSON.stringify(refundEvent(`evt_unsigned_${row.id}`, 'refund.failed', failed)),
      headers: { 'content-type': 'application/json' },
      csrf: false,
    });
    expect(unsigned.status).toBe(400);
    expect(await mailTo(t, email)).toHaveLength(0);
    expect((await userRow(t, email)).lastRefundAt).not.toBeNull();
    expect(
      await t.db
        .select()
        .from(webhookEvents)
        .where(like(webhookEvents.eventId, `%${refund.id}%`)),
    ).toHaveLength(0);

    // charge.refund.updated arrives first, refund.failed after it (either order happens): one failure.
    const updated = await deliver(refundEvent(`evt_updated_${row.id}`, 'charge.refund.updated', failed));
    expect(updated.body).toEqual({ received: true, outcome: 'processed' });
    expect(mock.calls('GET', `/v1/refunds/${refund.id}`).at(-1)!.params).toEqual({ 'expand[0]': 'charge' });

    const mail = await mailTo(t, email);
    expect(mail.map((m) => m.subject)).toEqual(['Your refund of $12.34 could not be completed']);
    expect(mail[0]!.text).toContain('We could not complete the refund of $12.34 to your card');
    expect(mail[0]!.text).toContain('The subscription it was for has already ended. Our support team will send you the $12.34 another way');
    expect(mail[0]!.text).toContain(`You can also reach our support team at ${SUPPORT}.`);
    expect(mail[0]!.text).toContain(`${t.env.appUrl}/en/app/billing`);

    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string; amountCents: number }) => [i.status, i.amountCents])).toEqual([['paid', 1234]]);
    expect((await userRow(t, email)).lastRefundAt).toBeNull();
    const [report] = reportsOf(t, refund.id);
    expect(report!.context).toMatchObject({ source: 'billing', userId: row.id, amountCents: 1234, currency: 'usd', kind: 'guarantee', next: 'ended' });
    expect(report!.error.message).toContain(`Refund ${refund.id} of 1234 usd failed`);

    // The same failure's other event, and each event again: recorded, nothing sent twice.
    const other = refundEvent(`evt_failed_${row.id}`, 'refund.failed', failed);
    expect((await deliver(other)).body.outcome).toBe('processed');
    expect((await deliver(other)).body.outcome).toBe('duplicate');
    expect((await deliver(refundEvent(`evt_updated_${row.id}`, 'charge.refund.updated', failed))).body.outcome).toBe('duplicate');
    expect(await mailTo(t, email)).toHaveLength(1);
    expect(reportsOf(t, refund.id)).toHaveLength(1);
  });

  it('tells the user when the process stopped after recording the failure: the retried event tells them, once', async () => {
    const c = t.client();
    const { email, row, refund } = await refundedSubscriber(c);
    const failed = mock.failRefund(refund.id);
    const event = refundEvent(`evt_cut_${row.id}`, 'refund.failed', failed);
    // What the stopped process left: the event and the failure recorded, nobody told (Stripe never had its 200).
    await t.db.insert(webhookEvents).values([
      { eventId: event.id, type: event.type, status: 'processed' },
      { eventId: `refund_failed:${refund.id}`, type: 'refund.failed', status: 'ending' },
    ]);
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect((await mailTo(t, email)).map((m) => m.subject)).toEqual(['Your refund of $12.34 could not be completed']);
    expect(reportsOf(t, refund.id)).toHaveLength(1);
    expect((await deliver(event)).body.outcome).toBe('duplicate');
    expect(await mailTo(t, email)).toHaveLength(1);
  });

  it('tells the operator about a failed refund of an account deleted since', async () => {
    const c = t.client();
    const { row, refund } = await refundedSubscriber(c);
    expect((await c.delete('/api/me', { password: 'Str0ngPass' })).status).toBe(200);
    const failed = mock.failRefund(refund.id);
    expect((await deliver(refundEvent(`evt_gone_${row.id}`, 'refund.failed', failed))).body.outcome).toBe('processed');
    expect(reportsOf(t, refund.id).map((r) => r.context)).toMatchObject([{ userId: row.id, amountCents: 1234 }]);
  });

  it('tells a zh account in Chinese, and when the subscription is still live the guarantee can be asked for again', async () => {
    const c = t.client();
    // The refund's cancel at Stripe fails (reported for an operator): the subscription lives on, and its next event
    // brings the profile back to it.
    mock.fail(/DELETE \/v1\/subscriptions\//, 500);
    const { email, row, customer, subId } = await refundedSubscriber(c, 'zh');
    expect(mock.state.subscriptions.get(subId)!.status).toBe('active');
    await deliver({ id: `evt_back_${row.id}`, object: 'event', type: 'customer.subscription.updated', data: { object: { id: subId, object: 'subscription', customer } } });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });
    expect((await c.get('/api/billing/refund-eligibility')).body).toMatchObject({ eligible: false, reasonKey: 'refund.alreadyUsed' });

    const refund = mock.state.refunds.find((r) => r.metadata.user_id === row.id)!;
    const failed = mock.failRefund(refund.id);
    expect((await deliver(refundEvent(`evt_zh_${row.id}`, 'refund.failed', failed))).body.outcome).toBe('processed');

    const [mail, ...more] = await mailTo(t, email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('你的 US$12.34 退款未能完成');
    expect(mail!.text).toContain('我们未能把 US$12.34 退还到你的卡上');
    expect(mail!.text).toContain('你可以在“套餐与账单”页面再次申请退款');
    expect(mail!.text).toContain(SUPPORT);
    expect(mail!.text).toContain('/zh/app/billing');
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toContain('您');
    expect(reportsOf(t, refund.id)[0]!.context.next).toBe('askAgain');

    // The guarantee is not used: asked again, the same payment is refunded anew (the failed refund does not count).
    expect((await c.get('/api/billing/refund-eligibility')).body).toMatchObject({ eligible: true, reasonKey: 'refund.remaining' });
    const again = await c.post('/api/billing/refund', {});
    expect(again.body).toEqual({ success: true, refund: { amount: 12.34, currency: 'usd', status: 'succeeded' } });
    expect(mock.state.refunds.filter((r) => r.metadata.user_id === row.id).map((r) => r.status)).toEqual(['failed', 'succeeded']);
    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string }) => i.status)).toEqual(['refunded']);
  });

  it('acknowledges and ignores an event of a refund it does not know, of one that did not fail, and of one of no user of ours', async () => {
    const c = t.client();
    const { email, row } = await refundedSubscriber(c);
    const refund = mock.state.refunds.find((r) => r.metadata.user_id === row.id)!;

    const unknown = await deliver(refundEvent(`evt_unknown_${row.id}`, 'refund.failed', { id: 're_nobody_knows', object: 'refund', status: 'failed', amount: 500 }));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ received: true, outcome: 'processed' });
    // The body says failed, the provider says succeeded: the provider is believed.
    const lying = await deliver(refundEvent(`evt_lying_${row.id}`, 'charge.refund.updated', { ...refund, status: 'failed' }));
    expect(lying.body.outcome).toBe('processed');

    const stranger = mock.state.refunds.find((r) => r.metadata.user_id === row.id)!;
    mock.state.refunds.push({ ...stranger, id: `re_stranger_${row.id.slice(0, 8)}`, status: 'failed', payment_intent: 'pi_not_ours', metadata: { user_id: 'not-a-user-of-ours' } });
    expect((await deliver(refundEvent(`evt_stranger_${row.id}`, 'refund.failed', { id: `re_stranger_${row.id.slice(0, 8)}` }))).body.outcome).toBe('processed');

    expect(await mailTo(t, email)).toHaveLength(0);
    expect((await userRow(t, email)).lastRefundAt).not.toBeNull();
    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string }) => i.status)).toEqual(['refunded']);
    expect(await t.db.select().from(webhookEvents).where(like(webhookEvents.eventId, 'refund_failed:%'))).toHaveLength(3); // the three tests before
  });

  it('finds the user of a refund made without our metadata (from the dashboard) by the customer of its charge', async () => {
    const c = t.client();
    const { email, row } = await refundedSubscriber(c);
    const ours = mock.state.refunds.find((r) => r.metadata.user_id === row.id)!;
    const id = `re_dashboard_${row.id.slice(0, 8)}`;
    mock.state.refunds.push({ ...ours, id, amount: 500, status: 'failed', metadata: {} });
    expect((await deliver(refundEvent(`evt_dashboard_${row.id}`, 'refund.failed', { id, object: 'refund' }))).body.outcome).toBe('processed');
    const [mail, ...more] = await mailTo(t, email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Your refund of $5.00 could not be completed');
    expect(mail!.text).toContain('Our support team will send you the $5.00 another way');
    // Not the guarantee's refund: the guarantee stays used.
    expect((await userRow(t, email)).lastRefundAt).not.toBeNull();
    expect(reportsOf(t, id)[0]!.context).toMatchObject({ kind: null, next: 'support' });
  });
});

describe('a refund that fails after it was created, in the sandbox (test card 4000 0000 0000 5126)', () => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  beforeAll(async () => {
    ({ t, sandbox } = await startBillingApp());
  });
  afterAll(() => t.close());

  it('pays, refunds, and a minute later the refund fails: the history reads paid, the user is emailed once', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    const done = await submitCheckout(c, start.body.url, { card: '4000 0000 0000 5126' });
    expect(done.status).toBe(303);
    expect(pathOf(done.headers.get('location')!)).toContain('checkout=success');
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });

    const refunded = await c.post('/api/billing/refund', {});
    expect(refunded.body).toEqual({ success: true, refund: { amount: 9.99, currency: 'usd', status: 'succeeded' } });
    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string }) => i.status)).toEqual(['refunded']);

    // Not yet: a refund stands as succeeded for a while.
    expect(await sandbox.failRefundsDue(new Date())).toBe(0);
    expect(await sandbox.failRefundsDue(new Date(Date.now() + 60_000))).toBe(1);
    expect(await sandbox.failRefundsDue(new Date(Date.now() + 60_000))).toBe(0);

    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string; amountCents: number }) => [i.status, i.amountCents])).toEqual([['paid', 999]]);
    const mail = await mailTo(t, email);
    expect(mail.map((m) => m.subject)).toEqual(['Your refund of $9.99 could not be completed']);
    expect(mail[0]!.text).toContain('The subscription it was for has already ended');
    // No SUPPORT_EMAIL in this deployment: no address is made up.
    expect(mail[0]!.text).not.toContain('reach our support team at');
    expect((await userRow(t, email)).lastRefundAt).toBeNull();
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive' });

    // Delivered again (Stripe retries; the sandbox's minute job), nothing more is sent.
    const sent = await t.db.select().from(sandboxEvents).where(eq(sandboxEvents.type, 'refund.failed'));
    expect(sent).toHaveLength(1);
    expect(await sandbox.deliverEvent(sent[0]!.payload as SandboxEvent)).toBe(200);
    expect(await mailTo(t, email)).toHaveLength(1);
  });

  it('never fails a refund to the card that takes refunds', async () => {
    const c = t.client();
    await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    expect((await submitCheckout(c, start.body.url, {})).status).toBe(303);
    expect((await c.post('/api/billing/refund', {})).body.success).toBe(true);
    expect(await sandbox.failRefundsDue(new Date(Date.now() + 60_000))).toBe(0);
    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string }) => i.status)).toEqual(['refunded']);
  });
});
