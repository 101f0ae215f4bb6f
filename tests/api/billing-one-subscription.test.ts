import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxEvent, SandboxProvider } from '#server/modules/sandbox';
import { emailOutbox, webhookEvents, sandboxCheckoutSessions, sandboxEvents, sandboxInvoices, sandboxPayments, sandboxRefunds, sandboxSubscriptions } from '#server/db/schema';
import { pathOf, startBillingApp, submitCheckout, subscribe, userRow, withEventsHeld } from '../support/billing';
import type { TestApp, TestClient } from '../support/test-app';

/** One subscription per account, whatever the order of clicks, through the sandbox provider. */

let t: TestApp;
let sandbox: SandboxProvider;
beforeAll(async () => {
  ({ t, sandbox } = await startBillingApp());
});
afterAll(() => t.close());

const sessionId = (url: string) => new URL(url).pathname.split('/').pop()!;

async function openCheckout(c: TestClient, body: Record<string, string>) {
  const res = await c.post('/api/billing/checkout', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.url as string;
}

async function subscriptionsOf(email: string) {
  const { stripeCustomerId } = await userRow(t, email);
  return t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, stripeCustomerId!));
}

/** Two checkouts opened in two tabs at the same moment: the expiry of the first lost the race, so both can be paid. */
async function twoOpenCheckouts(c: TestClient, firstBody: Record<string, string>, secondBody: Record<string, string>) {
  const first = await openCheckout(c, firstBody);
  const second = await openCheckout(c, secondBody);
  await t.db
    .update(sandboxCheckoutSessions)
    .set({ status: 'open' })
    .where(eq(sandboxCheckoutSessions.id, sessionId(first)));
  return { first, second };
}

describe('opening a checkout', () => {
  it('expires the account’s earlier checkout: its page and its pay endpoint answer 410, in the user’s language or the envelope', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const first = await openCheckout(c, { plan: 'basic', interval: 'month', locale: 'zh' });
    const second = await openCheckout(c, { plan: 'pro', interval: 'year' });

    const page = await c.get<string>(pathOf(first));
    expect(page.status).toBe(410);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('此结账已失效：你的账户已开始了新的结账');
    expect(page.body).not.toContain('4242 4242 4242 4242');
    const paid = await submitCheckout(c, first, {});
    expect(paid.status).toBe(410);
    expect(paid.body).toContain('此结账已失效');
    const api = await c.request('POST', pathOf(first), {
      body: 'card=4242424242424242&expiry=12%2F34&cvc=123',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    expect(api.status).toBe(410);
    expect(api.body.error).toMatchObject({
      code: 'CHECKOUT_EXPIRED',
      statusCode: 410,
      message: 'This checkout has expired: a newer checkout was started for your account, or this one was left open too long. Start again from the pricing page.',
    });
    expect(await subscriptionsOf(email)).toHaveLength(0);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'active' });

    // The newest checkout is the one that can be paid.
    expect((await submitCheckout(c, second, {})).status).toBe(303);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', interval: 'year', status: 'active' });
    expect(await subscriptionsOf(email)).toHaveLength(1);
  });

  it('is refused while the account has a live subscription at the provider, even before our record shows it', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const url = await openCheckout(c, { plan: 'basic', interval: 'month' });
    await withEventsHeld(sandbox, async () => {
      expect((await submitCheckout(c, url, {})).status).toBe(303);
      // The webhook has not arrived: the profile still reads free.
      expect((await userRow(t, email)).subscriptionTier).toBe('free');
      const again = await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
      expect(again.status).toBe(400);
      expect(again.body.error).toMatchObject({ code: 'OPERATION_NOT_ALLOWED', message: 'You already have a subscription. Change or cancel it from the billing page.' });
    });
  });
});

describe('a second subscription paid in a race', () => {
  it('is refunded in full and ended at once, the first kept, and the user told once in their language', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await c.put('/api/me/preferences', { locale: 'zh' });
    const { first, second } = await twoOpenCheckouts(c, { plan: 'basic', interval: 'month' }, { plan: 'basic', interval: 'year' });

    expect((await submitCheckout(c, first, {})).status).toBe(303);
    const kept = (await userRow(t, email)).stripeSubscriptionId!;
    const held = await withEventsHeld(sandbox, async () => {
      expect((await submitCheckout(c, second, {})).status).toBe(303);
      return sandbox.heldEvents((await userRow(t, email)).stripeCustomerId!);
    });
    // The duplicate's events all arrive at once.
    expect(held.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(await Promise.all(held.map((e) => sandbox.deliverEvent(e)))).toEqual([200, 200, 200]);

    const subs = await subscriptionsOf(email);
    expect(subs).toHaveLength(2);
    const duplicate = subs.find((s) => s.id !== kept)!;
    expect(duplicate).toMatchObject({ interval: 'year', status: 'canceled' });
    expect(subs.find((s) => s.id === kept)).toMatchObject({ interval: 'month', status: 'active' });

    // Refunded: exactly what was charged for it, once.
    const [charged] = await t.db
      .select()
      .from(sandboxPayments)
      .innerJoin(sandboxInvoices, eq(sandboxInvoices.paymentIntentId, sandboxPayments.id))
      .where(eq(sandboxInvoices.subscriptionId, duplicate.id));
    expect(charged!.sandbox_payments).toMatchObject({ amountCents: 9990, amountRefundedCents: 9990 });
    const refunds = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, charged!.sandbox_payments.id));
    expect(refunds.map((r) => r.amountCents)).toEqual([9990]);
    const [keptPayment] = await t.db
      .select()
      .from(sandboxPayments)
      .innerJoin(sandboxInvoices, eq(sandboxInvoices.paymentIntentId, sandboxPayments.id))
      .where(eq(sandboxInvoices.subscriptionId, kept));
    expect(keptPayment!.sandbox_payments.amountRefundedCents).toBe(0);

    const me = (await c.get('/api/me')).body.subscription;
    expect(me).toMatchObject({ tier: 'basic', interval: 'month', status: 'active' });
    const row = await userRow(t, email);
    expect(row.stripeSubscriptionId).toBe(kept);
    // The money-back guarantee is the user's own and still unused.
    expect(row.lastRefundAt).toBeNull();

    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('我们已退还你重复订阅的 US$99.90');
    expect(mail[0]!.text).toContain('第二个订阅收取的 US$99.90 已全额退还到你的卡上');
    expect(mail[0]!.text).toContain(`${t.env.appUrl}/zh/app/billing`);

    // Any later event of the customer finds one live subscription and changes nothing.
    const [late] = await t.db
      .select()
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.customerId, row.stripeCustomerId!), eq(sandboxEvents.type, 'invoice.paid')));
    expect(await sandbox.deliverEvent({ ...(late!.payload as SandboxEvent), id: `evt_late_${duplicate.id}` })).toBe(200);
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, charged!.sandbox_payments.id))).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(1);
  });

  it('is finished by the next event when the end was cut short: refunded in full and the user told once', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const { first, second } = await twoOpenCheckouts(c, { plan: 'basic', interval: 'month' }, { plan: 'basic', interval: 'year' });
    expect((await submitCheckout(c, first, {})).status).toBe(303);
    const kept = (await userRow(t, email)).stripeSubscriptionId!;
    const { id: userId, stripeCustomerId } = await userRow(t, email);

    // The duplicate's handler noted the end and the subscription was ended at the provider; then the process
    // stopped, before the refund and the email.
    const held = await withEventsHeld(sandbox, async () => {
      expect((await submitCheckout(c, second, {})).status).toBe(303);
      const duplicate = (await subscriptionsOf(email)).find((s) => s.id !== kept)!;
      await t.db.insert(webhookEvents).values({ eventId: `duplicate:${userId}:${duplicate.id}`, type: 'duplicate_subscription.ended', status: 'ending' });
      await sandbox.cancelSubscription(duplicate.id);
      return sandbox.heldEvents(stripeCustomerId!);
    });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(0);

    // The customer's next events finish it, once.
    for (const event of held) expect(await sandbox.deliverEvent(event)).toBe(200);
    for (const event of held) expect(await sandbox.deliverEvent({ ...event, id: `${event.id}_again` })).toBe(200);
    const duplicate = (await subscriptionsOf(email)).find((s) => s.id !== kept)!;
    const [charged] = await t.db
      .select()
      .from(sandboxPayments)
      .innerJoin(sandboxInvoices, eq(sandboxInvoices.paymentIntentId, sandboxPayments.id))
      .where(eq(sandboxInvoices.subscriptionId, duplicate.id));
    expect(charged!.sandbox_payments).toMatchObject({ amountCents: 9990, amountRefundedCents: 9990 });
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail.map((m) => m.subject)).toEqual(['We refunded $99.90 for a duplicate FitForge subscription']);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });
  });

  it("leaves alone a noted end whose subscription became the account's only one: no refund, no email", async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const { id: userId, stripeSubscriptionId: kept, stripeCustomerId } = await userRow(t, email);
    // Noted as a duplicate, then the process stopped; the subscription it was a duplicate of ended since.
    await t.db.insert(webhookEvents).values({ eventId: `duplicate:${userId}:${kept}`, type: 'duplicate_subscription.ended', status: 'ending' });
    const [paid] = await t.db
      .select()
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.customerId, stripeCustomerId!), eq(sandboxEvents.type, 'invoice.paid')));
    expect(await sandbox.deliverEvent({ ...(paid!.payload as SandboxEvent), id: `evt_after_${kept}` })).toBe(200);

    const [payment] = await t.db
      .select()
      .from(sandboxPayments)
      .innerJoin(sandboxInvoices, eq(sandboxInvoices.paymentIntentId, sandboxPayments.id))
      .where(eq(sandboxInvoices.subscriptionId, kept!));
    expect(payment!.sandbox_payments.amountRefundedCents).toBe(0);
    expect(
      (
        await t.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, '%duplicate%')))
      ).length,
    ).toBe(0);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });
    const [note] = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `duplicate:${userId}:${kept}`));
    expect(note!.status).toBe('processed');
  });

  it('costs nothing to end when it was a trial, and the email says so', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const { first, second } = await twoOpenCheckouts(c, { plan: 'pro', interval: 'month' }, { plan: 'pro', interval: 'month' });
    expect((await submitCheckout(c, first, {})).status).toBe(303);
    const kept = (await userRow(t, email)).stripeSubscriptionId!;
    expect((await submitCheckout(c, second, {})).status).toBe(303);

    const subs = await subscriptionsOf(email);
    expect(subs.filter((s) => s.status !== 'canceled').map((s) => s.id)).toEqual([kept]);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active' });
    const mail = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, '%duplicate%')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('We canceled a duplicate FitForge subscription');
    expect(mail[0]!.text).toContain('The second one had not charged you anything.');
  });
});

describe('an upgrade from past_due', () => {
  it('pays what is due, leaves the subscription active, and a late past_due event does not bring it back', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const failed = await c.post('/api/billing/sandbox/renew', { outcome: 'failed' });
    expect(failed.body.profile).toEqual({ tier: 'basic', status: 'past_due' });
    const { stripeCustomerId, stripeSubscriptionId } = await userRow(t, email);
    const [stale] = await t.db
      .select()
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.customerId, stripeCustomerId!), eq(sandboxEvents.type, 'customer.subscription.updated')));

    // The preview names the unpaid renewal beside the upgrade's charge: together, what the change takes today.
    const preview = await c.get('/api/billing/change/preview?action=upgrade');
    expect(preview.status).toBe(200);
    expect(preview.body.overdueCents).toBe(999);
    expect(preview.body.amountDueCents).toBeGreaterThan(0);
    const before = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, stripeSubscriptionId!));
    const paidBefore = before.reduce((sum, i) => sum + i.amountPaidCents, 0);

    const up = await c.post('/api/billing/change', { action: 'upgrade', prorationDate: preview.body.prorationDate });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ message: 'Successfully upgraded to Pro plan', messageKey: 'planChange.upgraded' });
    const after = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, stripeSubscriptionId!));
    expect(after.reduce((sum, i) => sum + i.amountPaidCents, 0) - paidBefore).toBe(preview.body.overdueCents + preview.body.amountDueCents);
    // Once paid, nothing is overdue any more.
    expect((await c.get('/api/billing/change/preview?action=downgrade')).body.overdueCents).toBe(0);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active' });
    const [sub] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, stripeSubscriptionId!));
    expect(sub).toMatchObject({ plan: 'pro', status: 'active' });
    const invoices = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, sub!.id));
    expect(invoices.every((i) => i.status === 'paid' && i.amountPaidCents === i.amountDueCents)).toBe(true);

    // The past_due update of the failed renewal, delivered late (another id, as a retry would be).
    expect((stale!.payload as SandboxEvent).data.object.status).toBe('past_due');
    expect(await sandbox.deliverEvent({ ...(stale!.payload as SandboxEvent), id: `evt_stale_${sub!.id}` })).toBe(200);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active' });
  });
});
