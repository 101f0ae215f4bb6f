import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxProvider } from '#server/modules/sandbox';
import { emailOutbox, sandboxInvoices, sandboxRefunds, sandboxSubscriptions, users, webhookEvents } from '#server/db/schema';
import { DAY, DECLINED_CARD, pathOf, setUser, submitCheckout, subscribe, userRow } from '../support/billing';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '1000/1m', RATE_LIMIT_WEBHOOK: '10000/1m' });
});
afterAll(() => t.close());

const within = (iso: string | null, expected: number, toleranceMs = 60_000) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(toleranceMs);
};

async function subscriptionOf(email: string) {
  const user = await userRow(t, email);
  const [sub] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, user.stripeSubscriptionId!));
  return sub!;
}

describe('billing routes need a signed-in user', () => {
  it('answer 401 signed out, and the catalogue stays public', async () => {
    const c = t.client();
    for (const [method, path] of [
      ['POST', '/api/billing/checkout'],
      ['POST', '/api/billing/portal'],
      ['POST', '/api/billing/change'],
      ['GET', '/api/billing/change/preview?action=upgrade'],
      ['POST', '/api/billing/cancel'],
      ['GET', '/api/billing/refund-eligibility'],
      ['POST', '/api/billing/refund'],
      ['POST', '/api/billing/resume'],
      ['GET', '/api/billing/invoices'],
      ['POST', '/api/billing/sandbox/renew'],
    ] as const) {
      const res = await c.request(method, path, method === 'POST' ? { json: {} } : {});
      expect(res.status, path).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue', path: path.split('?')[0] });
    }
    expect((await c.get('/api/billing/plans')).status).toBe(200);
  });

  it('need the anti-forgery token for writes', async () => {
    const c = t.client();
    await c.signUp();
    const res = await c.request('POST', '/api/billing/checkout', { json: { plan: 'basic', interval: 'month' }, csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Invalid CSRF token');
  });

  it('appear in the OpenAPI document', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    for (const path of [
      '/api/billing/checkout',
      '/api/billing/portal',
      '/api/billing/change',
      '/api/billing/change/preview',
      '/api/billing/cancel',
      '/api/billing/refund-eligibility',
      '/api/billing/refund',
      '/api/billing/resume',
      '/api/billing/invoices',
      '/api/webhooks/stripe',
      '/api/billing/sandbox/renew',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('checkout through the sandbox provider', () => {
  it('validates the request', async () => {
    const c = t.client();
    await c.signUp();
    for (const body of [{}, { plan: 'free', interval: 'month' }, { plan: 'basic', interval: 'week' }, { plan: 'basic', interval: 'month', extra: 1 }]) {
      const res = await c.post('/api/billing/checkout', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const bad = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'week' });
    expect(bad.body.error.details).toContainEqual({ field: 'interval', message: 'Interval must be month or year', messageKey: 'billing.interval' });
    const promo = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month', promotionCode: 'FREE100' });
    expect(promo.status).toBe(400);
    expect(promo.body.error.message).toBe('This promotion code is not valid');
  });

  it('subscribes to basic monthly: page, test card, webhooks, profile active', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    expect(start.status).toBe(200);
    expect(start.body.url).toMatch(new RegExp(`^${t.env.appUrl}/sandbox/checkout/cs_sbx_[0-9a-f]{24}$`));

    const page = await c.get(pathOf(start.body.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    for (const text of ['Subscribe to FitForge Basic', '$9.99', 'per month', 'Pay $9.99', '4242 4242 4242 4242', email, 'Promotion code']) expect(page.body).toContain(text);
    expect(page.body).not.toContain('free trial');
    // Before paying, the customer can read the rules they agree to.
    for (const [label, path] of [
      ['Refund policy', '/en/refund-policy'],
      ['Terms of service', '/en/terms'],
      ['Privacy policy', '/en/privacy'],
    ]) {
      expect(page.body).toContain(`<a href="${t.env.appUrl}${path}">${label}</a>`);
    }

    const done = await submitCheckout(c, start.body.url, {});
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(location.pathname).toBe('/en/app/billing');
    expect(location.searchParams.get('checkout')).toBe('success');
    expect(location.searchParams.get('session_id')).toMatch(/^cs_sbx_/);

    const me = (await c.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ tier: 'basic', status: 'active', interval: 'month', cancelAt: null, trialEndsAt: null });
    within(me.subscription.startedAt, Date.now());
    expect(new Date(me.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(me.entitlements).toMatchObject({ maxPlansPerMonth: -1, hasNutritionTracking: true });

    const row = await userRow(t, email);
    expect(row.stripeCustomerId).toMatch(/^cus_sbx_/);
    expect(row.stripeSubscriptionId).toMatch(/^sub_sbx_/);
    const events = await t.db.select().from(webhookEvents).where(sql`${webhookEvents.eventId} in (select id from sandbox_events where customer_id = ${row.stripeCustomerId})`);
    expect(events.map((e) => e.type).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(events.every((e) => e.status === 'processed')).toBe(true);

    // The page of a completed session sends the browser on, and a second submit changes nothing.
    expect((await c.get(pathOf(start.body.url))).status).toBe(303);
    expect((await submitCheckout(c, start.body.url, {})).status).toBe(303);
    expect(await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerId, row.stripeCustomerId!))).toHaveLength(1);
  });

  it('refuses a second subscription while one is live', async () => {
    const c = t.client();
    await c.signUp();
    await subscribe(t, c, 'basic');
    const again = await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('You already have a subscription. Change or cancel it from the billing page.');
  });

  it('declines the declined test card with a clear message and subscribes nobody', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'year' });
    const declined = await submitCheckout(c, start.body.url, { card: DECLINED_CARD });
    expect(declined.status).toBe(402);
    expect(declined.body).toContain('Your card was declined. Try the test card 4242 4242 4242 4242.');
    // What was typed stays in the form, to correct rather than type again.
    for (const [field, value] of [
      ['card', DECLINED_CARD],
      ['expiry', '12 / 34'],
      ['cvc', '123'],
      ['name', 'Test Person'],
    ]) {
      expect(declined.body).toMatch(new RegExp(`id="${field}"[^>]* value="${value}"`));
    }
    const unknown = await submitCheckout(c, start.body.url, { card: '5555 5555 5555 4444' });
    expect(unknown.body).toContain('This sandbox accepts only the test cards 4242 4242 4242 4242 and 4000 0000 0000 5126.');
    const badExpiry = await submitCheckout(c, start.body.url, { expiry: '01 / 20' });
    expect(badExpiry.status).toBe(400);
    expect(badExpiry.body).toContain('Enter an expiry date in the future.');
    const badCvc = await submitCheckout(c, start.body.url, { cvc: '1' });
    expect(badCvc.body).toContain('Enter the 3- or 4-digit security code.');
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'active' });
    expect((await userRow(t, email)).stripeSubscriptionId).toBeNull();
  });

  it('speaks Chinese when the checkout is in Chinese', async () => {
    const c = t.client();
    await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'pro', interval: 'year', locale: 'zh' });
    const page = await c.get(pathOf(start.body.url));
    expect(page.body).toContain('lang="zh-CN"');
    expect(page.body).toContain('订阅 FitForge 专业版');
    expect(page.body).toContain('7 天免费试用');
    expect(page.body).toContain('每年');
    const declined = await submitCheckout(c, start.body.url, { card: DECLINED_CARD });
    expect(declined.body).toContain('你的卡被拒绝');
    const done = await submitCheckout(c, start.body.url, {});
    expect(new URL(done.headers.get('location')!).pathname).toBe('/zh/app/billing');
  });

  it('takes the locale from the user’s preferences when none is given', async () => {
    const c = t.client();
    await c.signUp();
    await c.put('/api/me/preferences', { locale: 'zh' });
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    expect((await c.get(pathOf(start.body.url))).body).toContain('订阅 FitForge 基础版');
  });

  it('applies TRIAL50: 50% off the first payment, given to the API or typed on the page', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    const wrong = await submitCheckout(c, start.body.url, { intent: 'apply', promotionCode: 'NOPE' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('This promotion code is not valid.');
    const applied = await submitCheckout(c, start.body.url, { intent: 'apply', promotionCode: 'trial50' });
    expect(applied.status).toBe(200);
    expect(applied.body).toContain('TRIAL50: 50% off your first payment');
    // As Stripe computes a percent-off coupon: the discount (499.5¢) is rounded, then taken off.
    expect(applied.body).toContain('Pay $4.99');
    expect((await submitCheckout(c, start.body.url, { promotionCode: 'TRIAL50' })).status).toBe(303);
    const sub = await subscriptionOf(email);
    const [invoice] = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, sub.id));
    expect(invoice).toMatchObject({ amountDueCents: 499, amountPaidCents: 499, status: 'paid' });

    const d = t.client();
    await d.signUp();
    const viaApi = await d.post('/api/billing/checkout', { plan: 'pro', interval: 'month', promotionCode: 'TRIAL50' });
    const page = await d.get(pathOf(viaApi.body.url));
    expect(page.body).toContain('TRIAL50 applied');
    expect(page.body).toContain('Start free trial');
    expect(page.body).toMatch(/First payment<\/span><span>\$9\.99</); // after the trial: 50% off 19.99
  });
});

describe('the Pro trial', () => {
  it('starts with Pro checkout, once per account, and is not refundable', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    const page = await c.get(pathOf(start.body.url));
    for (const text of ['7-day free trial', 'Start free trial', 'Due today', '$0.00', 'Then $19.99 per month']) expect(page.body).toContain(text);
    expect((await submitCheckout(c, start.body.url, {})).status).toBe(303);

    const me = (await c.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ tier: 'pro', status: 'active' });
    within(me.subscription.trialEndsAt, Date.now() + 7 * DAY);
    expect((await userRow(t, email)).trialUsedAt).not.toBeNull();

    const eligibility = await c.get('/api/billing/refund-eligibility');
    expect(eligibility.body).toMatchObject({
      eligible: false,
      reason: 'Refunds are not available during the free trial period. You can cancel your subscription anytime before the trial ends to avoid being charged.',
    });
    const refund = await c.post('/api/billing/refund', {});
    expect(refund.status).toBe(400);
    expect(refund.body.error.message).toBe(eligibility.body.reason);

    // Cancel during the trial: it ends when the trial does, without a charge.
    expect((await c.post('/api/billing/cancel', {})).body).toEqual({ message: 'Subscription will be canceled at the end of the billing period', messageKey: 'cancel.scheduled' });
    const canceling = (await c.get('/api/me')).body.subscription;
    expect(canceling.status).toBe('canceling');
    expect(canceling.cancelAt).toBe(canceling.trialEndsAt);
    const ended = await c.post('/api/billing/sandbox/renew', { outcome: 'paid' });
    expect(ended.body).toMatchObject({ events: ['customer.subscription.deleted'], profile: { tier: 'free', status: 'inactive' } });

    // Pro again: no second trial.
    const again = await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    const second = await c.get(pathOf(again.body.url));
    expect(second.body).not.toContain('free trial');
    expect(second.body).toContain('Pay $19.99');
    await submitCheckout(c, again.body.url, {});
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active', trialEndsAt: null });
  });

  it('is not offered with Basic', async () => {
    const c = t.client();
    await c.signUp();
    const start = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    expect((await c.get(pathOf(start.body.url))).body).not.toContain('free trial');
  });

  it('converts to a paid period at its end', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'pro');
    const renewed = await c.post('/api/billing/sandbox/renew', { outcome: 'paid' });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ subscription: { status: 'active', tier: 'pro' }, invoice: { status: 'paid', amountDueCents: 1999 }, profile: { tier: 'pro', status: 'active' } });
    expect(renewed.body.events).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const sub = await subscriptionOf(email);
    expect(sub.status).toBe('active');
  });
});

describe('upgrade and downgrade', () => {
  it('moves basic → pro → basic with prorations, and refuses the wrong direction with the spec’s messages', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const startedAt = (await c.get('/api/me')).body.subscription.startedAt;

    expect((await c.post('/api/billing/change', { action: 'downgrade' })).body.error).toMatchObject({
      code: 'OPERATION_NOT_ALLOWED',
      statusCode: 400,
      message: 'Can only downgrade from Pro plan',
    });
    const preview = await c.get('/api/billing/change/preview?action=upgrade');
    expect(preview.status).toBe(200);
    expect(preview.body.currency).toBe('usd');
    expect(preview.body.amountDueCents).toBeGreaterThan(990);
    expect(preview.body.amountDueCents).toBeLessThanOrEqual(1000);

    const up = await c.post('/api/billing/change', { action: 'upgrade' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ message: 'Successfully upgraded to Pro plan', messageKey: 'planChange.upgraded' });
    let me = (await c.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ tier: 'pro', status: 'active', startedAt });
    const sub = await subscriptionOf(email);
    // The proration was charged at once, not added to the next invoice.
    expect(sub).toMatchObject({ plan: 'pro', priceCents: 1999, pendingProrationCents: 0 });

    expect((await c.post('/api/billing/change', { action: 'upgrade' })).body.error.message).toBe('Can only upgrade from Basic plan');
    const downPreview = await c.get('/api/billing/change/preview?action=downgrade');
    expect(downPreview.body.amountDueCents).toBeLessThan(0);
    expect((await c.post('/api/billing/change', { action: 'downgrade' })).body).toEqual({ message: 'Successfully downgraded to Basic plan', messageKey: 'planChange.downgraded' });
    me = (await c.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ tier: 'basic', status: 'active' });
    expect(me.entitlements.hasNutritionTracking).toBe(true);
  });

  it('refuses an unknown action', async () => {
    const c = t.client();
    await c.signUp();
    for (const res of [await c.post('/api/billing/change', { action: 'sideways' }), await c.get('/api/billing/change/preview?action=sideways'), await c.post('/api/billing/change', {})]) {
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details).toContainEqual({ field: 'action', message: 'Invalid action', messageKey: 'planChange.invalidAction' });
    }
  });

  it('refuses the free plan both ways, and a paid tier with no subscription behind it', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.post('/api/billing/change', { action: 'upgrade' })).body.error.message).toBe('Can only upgrade from Basic plan');
    expect((await c.post('/api/billing/change', { action: 'downgrade' })).body.error.message).toBe('Can only downgrade from Pro plan');
    await setUser(t, email, { subscriptionTier: 'basic' });
    const res = await c.post('/api/billing/change', { action: 'upgrade' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('No active subscription found');
  });

  it("cannot act on another user's subscription", async () => {
    const a = t.client();
    const b = t.client();
    const { email: aEmail } = await a.signUp();
    const { email: bEmail } = await b.signUp();
    await subscribe(t, a, 'basic');
    const aRow = await userRow(t, aEmail);
    // B's profile pointing at A's subscription (a forged row) still reaches nothing of A's.
    await setUser(t, bEmail, { subscriptionTier: 'basic', subscriptionStatus: 'active', stripeSubscriptionId: aRow.stripeSubscriptionId });
    expect((await b.post('/api/billing/change', { action: 'upgrade' })).body.error.message).toBe('No active subscription found');
    expect((await b.post('/api/billing/cancel', {})).body.error.message).toBe('No active subscription to cancel');
    expect((await b.post('/api/billing/portal', {})).body.error.message).toBe('No Stripe customer ID found');
    expect((await a.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });
    expect((await subscriptionOf(aEmail)).plan).toBe('basic');
  });
});

describe('cancel and the expired-cancellation check', () => {
  it('cancels at period end: canceling with the date it ends', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.post('/api/billing/cancel', {})).body.error).toMatchObject({ statusCode: 400, message: 'No active subscription to cancel' });
    await subscribe(t, c, 'basic');
    const res = await c.post('/api/billing/cancel', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Subscription will be canceled at the end of the billing period', messageKey: 'cancel.scheduled' });
    const me = (await c.get('/api/me')).body.subscription;
    expect(me).toMatchObject({ tier: 'basic', status: 'canceling' });
    expect(me.cancelAt).toBe(me.currentPeriodEnd);
    expect((await subscriptionOf(email)).cancelAtPeriodEnd).toBe(true);

    // Upgrading undoes the scheduled cancel.
    await c.post('/api/billing/change', { action: 'upgrade' });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active', cancelAt: null });
  });

  it('on profile load: keeps canceling while the provider’s date is ahead', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    await c.post('/api/billing/cancel', {});
    const providerEnd = (await c.get('/api/me')).body.subscription.cancelAt;
    await setUser(t, email, { cancelAt: new Date(Date.now() - DAY) });
    const me = (await c.get('/api/me')).body.subscription;
    expect(me).toMatchObject({ status: 'canceling', tier: 'basic', cancelAt: providerEnd });
  });

  it('on profile load: inactive and free once the period has ended, fields cleared', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'pro', { interval: 'year' });
    await c.post('/api/billing/cancel', {});
    const sub = await subscriptionOf(email);
    const past = new Date(Date.now() - 1000);
    await t.db.update(sandboxSubscriptions).set({ currentPeriodEnd: past }).where(eq(sandboxSubscriptions.id, sub.id));
    await setUser(t, email, { cancelAt: past });
    const me = (await c.get('/api/me')).body;
    expect(me.subscription).toMatchObject({ tier: 'free', status: 'inactive', interval: null, startedAt: null, cancelAt: null, trialEndsAt: null, currentPeriodEnd: null });
    expect(me.entitlements.maxPlansPerMonth).toBe(3);
    expect((await userRow(t, email)).stripeSubscriptionId).toBeNull();
  });

  it('on any signed-in route, not only GET /api/me: a due cancellation ends before the route answers', async () => {
    for (const path of ['/api/billing/refund-eligibility', '/api/fitness-plans']) {
      const c = t.client();
      const { email } = await c.signUp();
      await subscribe(t, c, 'pro');
      await c.post('/api/billing/cancel', {});
      const past = new Date(Date.now() - 1000);
      await t.db
        .update(sandboxSubscriptions)
        .set({ currentPeriodEnd: past })
        .where(eq(sandboxSubscriptions.id, (await subscriptionOf(email)).id));
      await setUser(t, email, { cancelAt: past });
      const res = await c.get(path);
      expect(res.status).toBe(200);
      if (path === '/api/billing/refund-eligibility') expect(res.body.eligible).toBe(false);
      expect(await userRow(t, email)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'inactive', cancelAt: null });
    }
  });

  it('on profile load: back to active when the cancel was undone at the provider, past_due when it is past due', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    await c.post('/api/billing/cancel', {});
    const sub = await subscriptionOf(email);
    (t.payments as SandboxProvider).holdEvents(true);
    try {
      await t.db.update(sandboxSubscriptions).set({ cancelAtPeriodEnd: false }).where(eq(sandboxSubscriptions.id, sub.id));
      await setUser(t, email, { cancelAt: new Date(Date.now() - 1) });
      expect((await c.get('/api/me')).body.subscription).toMatchObject({ status: 'active', cancelAt: null, tier: 'basic' });

      await setUser(t, email, { subscriptionStatus: 'canceling', cancelAt: new Date(Date.now() - 1) });
      await t.db.update(sandboxSubscriptions).set({ status: 'past_due' }).where(eq(sandboxSubscriptions.id, sub.id));
      expect((await c.get('/api/me')).body.subscription).toMatchObject({ status: 'past_due', tier: 'basic' });

      await setUser(t, email, { subscriptionStatus: 'canceling', cancelAt: new Date(Date.now() - 1) });
      await t.db.update(sandboxSubscriptions).set({ status: 'canceled' }).where(eq(sandboxSubscriptions.id, sub.id));
      expect((await c.get('/api/me')).body.subscription).toMatchObject({ status: 'inactive', tier: 'free' });
    } finally {
      (t.payments as SandboxProvider).holdEvents(false);
    }
  });

  it('on profile load: inactive when there is no customer reference', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await setUser(t, email, { subscriptionTier: 'pro', subscriptionStatus: 'canceling', cancelAt: new Date(Date.now() - DAY), subscriptionInterval: 'month' });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive', interval: null, cancelAt: null });
  });

  it('in bulk: returns how many users changed', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await setUser(t, email, { subscriptionTier: 'basic', subscriptionStatus: 'canceling', cancelAt: new Date(Date.now() - DAY) });
    const other = t.client();
    const { email: future } = await other.signUp();
    await setUser(t, future, { subscriptionTier: 'basic', subscriptionStatus: 'canceling', cancelAt: new Date(Date.now() + DAY) });
    const result = await t.expireCancellations();
    expect(result.updated).toBeGreaterThanOrEqual(1);
    expect(result.errors).toEqual([]);
    expect((await userRow(t, email)).subscriptionStatus).toBe('inactive');
    expect((await userRow(t, future)).subscriptionStatus).toBe('canceling');
    expect(await t.expireCancellations()).toEqual({ updated: 0, errors: [] });
  });
});

describe('renewals and failed payments (sandbox hooks)', () => {
  it('renews a paid period, goes past_due with an email on a failed one, and recovers when paid', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const before = (await c.get('/api/me')).body.subscription.currentPeriodEnd;

    const paid = await c.post('/api/billing/sandbox/renew', { outcome: 'paid' });
    expect(paid.body).toMatchObject({ invoice: { status: 'paid', amountDueCents: 999 }, profile: { status: 'active' } });
    const after = (await c.get('/api/me')).body.subscription.currentPeriodEnd;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime() + 27 * DAY);

    const failed = await c.post('/api/billing/sandbox/renew', { outcome: 'failed' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ events: ['invoice.payment_failed', 'customer.subscription.updated'], invoice: { status: 'open' }, profile: { tier: 'basic', status: 'past_due' } });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'past_due' });
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Your FitForge payment failed' });
    expect(mail[0]!.text).toContain(`${t.env.appUrl}/en/app/billing`);
    expect((await c.get('/api/billing/refund-eligibility')).body.reason).toBe('Not eligible for refund');

    const settled = await c.post('/api/billing/sandbox/renew', { outcome: 'paid' });
    expect(settled.body).toMatchObject({ invoice: { status: 'paid' }, profile: { status: 'active' } });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(1);
  });

  it('writes the payment-failed email in Chinese for a Chinese user', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await c.put('/api/me/preferences', { locale: 'zh' });
    await subscribe(t, c, 'basic', { locale: 'zh' });
    await c.post('/api/billing/sandbox/renew', { outcome: 'failed' });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail).toMatchObject({ subject: 'FitForge 订阅付款失败' });
    expect(mail!.text).toContain('/zh/app/billing');
  });

  it('validates the renew hook and needs a subscription', async () => {
    const c = t.client();
    await c.signUp();
    expect((await c.post('/api/billing/sandbox/renew', { outcome: 'maybe' })).body.error.details).toContainEqual({
      field: 'outcome',
      message: 'Outcome must be paid or failed',
      messageKey: 'billing.outcome',
    });
    expect((await c.post('/api/billing/sandbox/renew', {})).body.error.message).toBe('No active subscription found');
  });
});

describe('refunds', () => {
  it('refunds within 14 days once per account: amount in major units, subscription ended, free/inactive', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const eligibility = await c.get('/api/billing/refund-eligibility');
    expect(eligibility.status).toBe(200);
    expect(eligibility.body).toMatchObject({ eligible: true, daysSinceStart: 0, daysRemaining: 14, reason: 'You have 14 days remaining to request a refund' });
    expect(eligibility.body).toMatchObject({ reasonKey: 'refund.remaining', reasonParams: { days: 14 } });
    expect(eligibility.body.subscriptionStartDate).toBe((await c.get('/api/me')).body.subscription.startedAt);
    const sub = await subscriptionOf(email);

    const refund = await c.post('/api/billing/refund', { reason: 'Not for me' });
    expect(refund.status).toBe(200);
    expect(refund.body).toEqual({ success: true, refund: { amount: 9.99, currency: 'usd', status: 'succeeded' } });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive', startedAt: null });
    const row = await userRow(t, email);
    expect(row.lastRefundAt).not.toBeNull();
    expect(row.stripeSubscriptionId).toBeNull();
    const [ended] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, sub.id));
    expect(ended!.status).toBe('canceled');
    const refunds = await t.db
      .select()
      .from(sandboxRefunds)
      .where(sql`${sandboxRefunds.paymentIntentId} in (select payment_intent_id from sandbox_invoices where subscription_id = ${sub.id})`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 999, reason: 'requested_by_customer', metadata: { user_id: row.id, refund_reason: 'Not for me', subscription_tier: 'basic' } });
    expect((await c.get('/api/billing/refund-eligibility')).body).toMatchObject({ eligible: false, reason: 'No active subscription' });

    // Subscribing again: the guarantee is spent.
    await subscribe(t, c, 'basic');
    const used = 'You have already used your one-time refund guarantee. The 14-day money-back guarantee only applies to first-time subscribers.';
    expect((await c.get('/api/billing/refund-eligibility')).body).toMatchObject({ eligible: false, reason: used });
    const again = await c.post('/api/billing/refund', {});
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(used);
  });

  it('refuses after 14 days, on the free plan, and without a start date', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.get('/api/billing/refund-eligibility')).body).toEqual({
      eligible: false,
      daysSinceStart: null,
      daysRemaining: null,
      subscriptionStartDate: null,
      reason: 'No active subscription',
      reasonKey: 'refund.noSubscription',
    });
    expect((await c.post('/api/billing/refund', {})).body.error.message).toBe('No active subscription');
    await subscribe(t, c, 'basic');
    await setUser(t, email, { subscriptionStartedAt: new Date(Date.now() - 20.5 * DAY) });
    expect((await c.get('/api/billing/refund-eligibility')).body).toMatchObject({
      eligible: false,
      daysSinceStart: 20,
      daysRemaining: 0,
      reason: 'Refund period has expired (20 days since start)',
      reasonKey: 'refund.expiredDays',
      reasonParams: { days: 20 },
    });
    expect((await c.post('/api/billing/refund', {})).body.error.message).toBe('Refund period has expired');
    await setUser(t, email, { subscriptionStartedAt: new Date(Date.now() - 13.5 * DAY) });
    expect((await c.get('/api/billing/refund-eligibility')).body).toMatchObject({
      eligible: true,
      daysSinceStart: 13,
      daysRemaining: 1,
      reason: 'You have 1 days remaining to request a refund',
    });
    await setUser(t, email, { subscriptionStartedAt: null });
    expect((await c.get('/api/billing/refund-eligibility')).body.reason).toBe('Refund eligibility not available');
  });

  it('says what is missing at the provider, and refunds nothing then', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const row = await userRow(t, email);
    const sub = await subscriptionOf(email);

    await t.db.update(sandboxInvoices).set({ amountPaidCents: 0 }).where(eq(sandboxInvoices.subscriptionId, sub.id));
    expect((await c.post('/api/billing/refund', {})).body.error.message).toBe(
      "No payment found to refund. This subscription may have been created through a method that doesn't support automated refunds.",
    );
    await t.db.delete(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, sub.id));
    expect((await c.post('/api/billing/refund', {})).body.error.message).toBe('No invoice found for subscription');
    await t.db.update(sandboxSubscriptions).set({ status: 'canceled' }).where(eq(sandboxSubscriptions.id, sub.id));
    expect((await c.post('/api/billing/refund', {})).body.error.message).toBe('No active subscription found');
    await setUser(t, email, { stripeCustomerId: null });
    expect((await c.post('/api/billing/refund', {})).body.error.message).toBe('No Stripe customer ID found');
    expect((await userRow(t, email)).lastRefundAt).toBeNull();
    await setUser(t, email, { stripeCustomerId: row.stripeCustomerId });
  });

  it('refunds once when asked twice at the same moment', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'basic');
    const sub = await subscriptionOf(email);
    const results = await Promise.all([c.post('/api/billing/refund', {}), c.post('/api/billing/refund', {})]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const refunds = await t.db
      .select()
      .from(sandboxRefunds)
      .where(sql`${sandboxRefunds.paymentIntentId} in (select payment_intent_id from sandbox_invoices where subscription_id = ${sub.id})`);
    expect(refunds).toHaveLength(1);
  });
});

describe('billing portal', () => {
  it('needs a customer, then opens the sandbox portal page', async () => {
    const c = t.client();
    await c.signUp();
    const none = await c.post('/api/billing/portal', {});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('No Stripe customer ID found');
    await subscribe(t, c, 'basic');
    const res = await c.post('/api/billing/portal', {});
    expect(res.body.url).toMatch(new RegExp(`^${t.env.appUrl}/sandbox/portal/bps_sbx_`));
    const page = await c.get(pathOf(res.body.url));
    expect(page.status).toBe(200);
    for (const text of ['•••• 4242', 'Basic', 'Active', '$9.99', `${t.env.appUrl}/en/app/billing`]) expect(page.body).toContain(text);
    expect((await c.get('/sandbox/portal/bps_sbx_nope')).status).toBe(404);
    expect((await c.get('/sandbox/checkout/cs_sbx_nope')).status).toBe(404);
  });
});

describe('account deletion', () => {
  it('ends a live subscription at the provider', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await subscribe(t, c, 'pro');
    const sub = await subscriptionOf(email);
    expect((await c.delete('/api/me', { password: 'Str0ngPass' })).status).toBe(200);
    const [ended] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, sub.id));
    expect(ended!.status).toBe('canceled');
    expect(
      await t.db
        .select()
        .from(users)
        .where(and(eq(users.email, email))),
    ).toHaveLength(0);
  });
});
