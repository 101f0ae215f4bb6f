import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxEvent, SandboxProvider } from '#server/modules/sandbox';
import { sandboxEvents, users, webhookEvents } from '#server/db/schema';
import { pathOf, startBillingApp, submitCheckout, subscribe, userRow, withEventsHeld } from '../support/billing';
import { startTestApp, TARGET, TEST_WEBHOOK_SECRET, type TestApp } from '../support/test-app';

let t: TestApp;
let sandbox: SandboxProvider;
beforeAll(async () => {
  ({ t, sandbox } = await startBillingApp());
});
afterAll(() => t.close());

function post(payload: string, signature?: string) {
  return t.client().request('POST', '/api/webhooks/stripe', {
    body: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    csrf: false,
  });
}
const sign = (payload: string, secret = TEST_WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
const eventRows = (ids: string[]) => t.db.select().from(webhookEvents).where(inArray(webhookEvents.eventId, ids));

/** Subscribes with the sandbox holding its events back, so a test decides when and how they arrive. */
async function subscribeHeld(plan: 'basic' | 'pro') {
  const c = t.client();
  const { email } = await c.signUp();
  await withEventsHeld(sandbox, async () => {
    const start = await c.post('/api/billing/checkout', { plan, interval: 'month' });
    expect((await submitCheckout(c, start.body.url, {})).status).toBe(303);
  });
  const customerId = (await userRow(t, email)).stripeCustomerId!;
  return { c, email, customerId, events: await sandbox.heldEvents(customerId) };
}

describe('webhook signature', () => {
  it('refuses a missing, wrong or stale signature and a tampered body with a 400 envelope, changing nothing', async () => {
    const { c, events } = await subscribeHeld('basic');
    const event = events.find((e) => e.type === 'customer.subscription.created')!;
    const payload = JSON.stringify(event);
    const tampered = JSON.stringify({ ...event, id: 'evt_forged' });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const res of [
      await post(payload),
      await post(payload, 'nonsense'),
      await post(payload, sign(payload, 'whsec_wrong')),
      await post(tampered, sign(payload)),
      await post(payload, stale),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400, path: '/api/webhooks/stripe', method: 'POST' });
      expect(res.body.error.details).toEqual([{ field: 'stripe-signature', message: 'Missing or invalid webhook signature', messageKey: 'billing.webhookSignature' }]);
    }
    expect(await eventRows([event.id, 'evt_forged'])).toHaveLength(0);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'active' });
  });

  it('refuses a signed body that is not an event', async () => {
    for (const payload of ['not json', JSON.stringify({ hello: 'world' })]) {
      const res = await post(payload, sign(payload));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('needs no CSRF token and no session', async () => {
    const payload = JSON.stringify({ id: 'evt_unknown_type', object: 'event', type: 'customer.created', data: { object: { id: 'cus_x' } } });
    const res = await post(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await eventRows(['evt_unknown_type'])).toHaveLength(0);
  });
});

describe('exactly once per event id', () => {
  it('skips a replayed event', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const customerId = (await userRow(t, email)).stripeCustomerId!;
    const [delivered] = (await t.db
      .select({ payload: sandboxEvents.payload })
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.customerId, customerId), eq(sandboxEvents.type, 'invoice.paid')))) as { payload: SandboxEvent }[];
    const status = await sandbox.deliverEvent(delivered!.payload);
    expect(status).toBe(200);
    const payload = JSON.stringify(delivered!.payload);
    expect((await post(payload, sign(payload))).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await eventRows([delivered!.payload.id])).toHaveLength(1);
  });

  it('applies the same event delivered 50 times at once exactly once', async () => {
    const { c, email, events } = await subscribeHeld('pro');
    const created = events.find((e) => e.type === 'customer.subscription.created')!;
    const payload = JSON.stringify(created);
    const before = (await userRow(t, email)).updatedAt;
    const results = await Promise.all(Array.from({ length: 50 }, () => post(payload, sign(payload))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const outcomes = results.map((r) => r.body.outcome);
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(49);
    expect(await eventRows([created.id])).toHaveLength(1);
    const after = await userRow(t, email);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.getTime());
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active' });
    for (const e of events) await sandbox.deliverEvent(e);
  });
});

describe('out-of-order delivery converges', () => {
  it('ends in the provider’s state when a whole life is delivered backwards', async () => {
    const { c, email, customerId, events } = await subscribeHeld('basic');
    const first = events.map((e) => e.id);
    // The actions below are refused to a profile the checkout has not reached yet; let it see the subscription
    // through a direct sync, leaving the checkout's own events undelivered.
    const sub = (await t.payments.listSubscriptions(customerId, { status: 'all', limit: 1 }))[0]!;
    await t.db.update(users).set({ subscriptionTier: 'basic', subscriptionStatus: 'active', stripeSubscriptionId: sub.id }).where(eq(users.email, email));
    await withEventsHeld(sandbox, async () => {
      await c.post('/api/billing/change', { action: 'upgrade' });
      await c.post('/api/billing/sandbox/renew', { outcome: 'failed' });
      await c.post('/api/billing/sandbox/renew', { outcome: 'paid' });
      await c.post('/api/billing/cancel', {});
    });
    // The profile as it was before any event arrived; only the events may move it now.
    await t.db.update(users).set({ subscriptionTier: 'free', subscriptionStatus: 'active', stripeSubscriptionId: null, cancelAt: null }).where(eq(users.email, email));
    const held = await sandbox.heldEvents(customerId);
    expect(held.map((e) => e.type)).toContain('invoice.payment_failed');
    expect(held.filter((e) => first.includes(e.id))).toHaveLength(3);
    for (const e of [...held].reverse()) expect(await sandbox.deliverEvent(e)).toBe(200);
    const me = (await c.get('/api/me')).body.subscription;
    expect(me).toMatchObject({ tier: 'pro', status: 'canceling' });
    expect(me.cancelAt).toBe(me.currentPeriodEnd);
  });

  it('a late "created" after "deleted" does not bring a subscription back', async () => {
    const { c, email, customerId } = await subscribeHeld('pro');
    const row = await userRow(t, email);
    expect(row.stripeSubscriptionId).toBeNull();
    await withEventsHeld(sandbox, async () => {
      await t.payments.cancelSubscription((await t.payments.listSubscriptions(customerId, { status: 'all', limit: 1 }))[0]!.id);
    });
    const held = await sandbox.heldEvents(customerId);
    const deleted = held.find((e) => e.type === 'customer.subscription.deleted')!;
    await sandbox.deliverEvent(deleted);
    for (const e of held.filter((e) => e !== deleted)) await sandbox.deliverEvent(e);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive' });
    // Its trial still counts: the account had one.
    expect((await userRow(t, email)).trialUsedAt).not.toBeNull();
  });

  it('ignores events about customers that are not ours, recording them once', async () => {
    const event = { id: 'evt_foreign_1', object: 'event', type: 'invoice.paid', data: { object: { id: 'in_x', object: 'invoice', customer: 'cus_not_ours' } } };
    const payload = JSON.stringify(event);
    expect((await post(payload, sign(payload))).body).toEqual({ received: true, outcome: 'processed' });
    expect((await post(payload, sign(payload))).body).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('never moves a user onto another customer through forged metadata', async () => {
    const a = t.client();
    const { email } = await a.signUp();
    await subscribe(t, a, 'basic');
    const victim = await userRow(t, email);
    const event = { id: 'evt_meta_1', object: 'event', type: 'checkout.session.completed', data: { object: { customer: 'cus_attacker', metadata: { user_id: victim.id } } } };
    const payload = JSON.stringify(event);
    await post(payload, sign(payload));
    const [after] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(after).toMatchObject({ stripeCustomerId: victim.stripeCustomerId, subscriptionTier: 'basic', subscriptionStatus: 'active' });
  });
});

describe('sandbox redelivery', () => {
  it('sends the events the app did not accept, as Stripe retries', async () => {
    const { c, customerId } = await subscribeHeld('basic');
    expect((await c.get('/api/me')).body.subscription.tier).toBe('free');
    const result = await sandbox.redeliverPending();
    expect(result.delivered).toBeGreaterThanOrEqual(3);
    expect(await sandbox.heldEvents(customerId)).toHaveLength(0);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });
  });
});

describe('webhook rate limit', () => {
  it('answers 429 past 100 per minute with its message', async () => {
    const limited = await startTestApp({ RATE_LIMIT_WEBHOOK: '3/1m' });
    try {
      const payload = JSON.stringify({ id: 'evt_rl', object: 'event', type: 'customer.created', data: { object: {} } });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
      const c = limited.client();
      const send = () => c.request('POST', '/api/webhooks/stripe', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header }, csrf: false });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
      const res = await send();
      expect(res.status).toBe(429);
      expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Webhook rate limit exceeded.' });
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
    expect(t.env.rateLimits.webhook.free.max).toBe(10000);
    const defaults = await import('#core/rate-limit/limits');
    expect(defaults.DEFAULT_RATE_LIMITS.webhook.free).toEqual({ max: 100, windowMs: 60_000 });
  });
});

describe('webhook junk and signed events', () => {
  it('limits unsigned junk by address without ever refusing a signed event for it', async () => {
    const limited = await startTestApp({ RATE_LIMIT_WEBHOOK: '3/1m' });
    try {
      const c = limited.client();
      const send = (payload: string, signature?: string) =>
        c.request('POST', '/api/webhooks/stripe', {
          body: payload,
          headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
          csrf: false,
        });
      const junk = [];
      for (let i = 0; i < 10; i++) junk.push((await send('{"junk":true}', i % 2 ? 't=1,v1=00' : undefined)).status);
      expect(junk).toEqual([400, 400, 400, 429, 429, 429, 429, 429, 429, 429]);
      const payload = JSON.stringify({ id: 'evt_after_junk', object: 'event', type: 'customer.created', data: { object: {} } });
      const res = await send(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }));
      expect(res.status).toBe(200);
      expect(res.body.received).toBe(true);
    } finally {
      await limited.close();
    }
  });
});

describe('the checkout page is reached by its session id only', () => {
  it('serves no page for a made-up id', async () => {
    const res = await t.client().get(pathOf(`${t.env.appUrl}/sandbox/checkout/cs_sbx_000000000000000000000000`));
    expect(res.status).toBe(404);
    expect(TARGET === 'postgres' || TARGET === 'pglite').toBe(true);
  });
});
