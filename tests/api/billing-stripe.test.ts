import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider, ProviderInvoice } from '#server/adapters/payments/port';
import { createStripeProvider } from '#server/adapters/payments/stripe';
import { emailOutbox, users } from '#server/db/schema';
import { AppError } from '#server/lib/app-error';
import { DAY, setUser, stripeAppEnv, userRow } from '../support/billing';
import { startStripeMock, stripeSubscription, type StripeMock } from '../support/stripe-mock';
import { startTestApp, type TestApp } from '../support/test-app';

/** The Stripe adapter through the real SDK (stripe@18.5.0) against a Stripe-shaped local server. */

const PRICES = {
  basic: { month: 'price_basic_month', year: 'price_basic_year' },
  pro: { month: 'price_pro_month', year: 'price_pro_year' },
};
const WEBHOOK_SECRET = 'whsec_stripe_mode_test_secret';

let mock: StripeMock;
let stripe: PaymentProvider;
beforeAll(async () => {
  mock = await startStripeMock();
  stripe = createStripeProvider({ secretKey: 'sk_test_123', apiUrl: mock.url, prices: PRICES });
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  mock.state.subscriptions.clear();
  mock.state.invoices.clear();
  mock.state.paymentIntents = [];
  mock.state.refundStatus = 'succeeded';
  mock.state.upcomingAmountDue = 999;
  mock.state.charges.clear();
  mock.state.previewLines = [];
  mock.state.checkoutSessions = [];
  mock.state.refunds = [];
});

const invoice = (over: Partial<ProviderInvoice> = {}): ProviderInvoice => ({
  id: 'in_1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  status: 'paid',
  amountDueCents: 999,
  amountPaidCents: 999,
  currency: 'usd',
  created: new Date(),
  payments: [],
  amountRefundedCents: 0,
  billingReason: 'subscription_create',
  plan: 'basic',
  interval: 'month',
  receiptUrl: null,
  ...over,
});

describe('Stripe adapter', () => {
  it('is created lazily and names the missing variable', async () => {
    const keyless = createStripeProvider({ prices: PRICES });
    await expect(keyless.retrieveSubscription('sub_1')).rejects.toThrow('STRIPE_SECRET_KEY environment variable is not set');
  });

  it('pins the API version and sends the key', async () => {
    await stripe.createCustomer({ email: 'a@example.com', userId: 'u1', name: 'A' });
    const [req] = mock.calls('POST', '/v1/customers');
    expect(req!.headers['stripe-version']).toBe('2025-08-27.basil');
    expect(req!.headers.authorization).toBe('Bearer sk_test_123');
    expect(req!.headers['idempotency-key']).toBe('customer-u1');
    expect(req!.params).toMatchObject({ email: 'a@example.com', 'metadata[user_id]': 'u1' });
  });

  it('creates a card-only, one-item subscription checkout with metadata and return URLs', async () => {
    const session = await stripe.createCheckoutSession({
      customerId: 'cus_1',
      userId: 'u1',
      email: 'a@example.com',
      plan: 'basic',
      interval: 'year',
      trialDays: 0,
      locale: 'zh',
      successUrl: 'http://app/en/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app/en/app/billing?checkout=canceled',
    });
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [req] = mock.calls('POST', '/v1/checkout/sessions');
    expect(req!.params).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: 'u1',
      'payment_method_types[0]': 'card',
      'line_items[0][price]': 'price_basic_year',
      'line_items[0][quantity]': '1',
      'metadata[user_id]': 'u1',
      'metadata[plan]': 'basic',
      'metadata[interval]': 'year',
      'subscription_data[metadata][user_id]': 'u1',
      'subscription_data[metadata][plan]': 'basic',
      'subscription_data[metadata][interval]': 'year',
      allow_promotion_codes: 'true',
      locale: 'zh',
      success_url: 'http://app/en/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app/en/app/billing?checkout=canceled',
    });
  });

  it('adds the trial days and applies TRIAL50 when asked', async () => {
    await stripe.createCheckoutSession({
      customerId: 'cus_1',
      userId: 'u1',
      email: 'a@e.co',
      plan: 'pro',
      interval: 'month',
      trialDays: 7,
      promotionCode: 'TRIAL50',
      locale: 'en',
      successUrl: 's',
      cancelUrl: 'c',
    });
    expect(mock.calls('GET', '/v1/promotion_codes')[0]!.params).toMatchObject({ code: 'TRIAL50', active: 'true', limit: '1' });
    const [req] = mock.calls('POST', '/v1/checkout/sessions');
    expect(req!.params).toMatchObject({ 'subscription_data[trial_period_days]': '7', 'discounts[0][promotion_code]': 'promo_trial50', 'line_items[0][price]': 'price_pro_month' });
    expect(req!.params.allow_promotion_codes).toBeUndefined();
    await expect(
      stripe.createCheckoutSession({
        customerId: 'cus_1',
        userId: 'u1',
        email: 'a@e.co',
        plan: 'pro',
        interval: 'month',
        trialDays: 0,
        promotionCode: 'NOPE',
        locale: 'en',
        successUrl: 's',
        cancelUrl: 'c',
      }),
    ).rejects.toMatchObject({ message: 'This promotion code is not valid', statusCode: 400 });
  });

  it('refuses a plan whose price is not configured', async () => {
    const partial = createStripeProvider({ secretKey: 'sk_test_123', apiUrl: mock.url, prices: { ...PRICES, pro: { month: 'price_pro_month', year: undefined } } });
    await expect(
      partial.createCheckoutSession({ customerId: 'cus_1', userId: 'u1', email: 'a@e.co', plan: 'pro', interval: 'year', trialDays: 0, locale: 'en', successUrl: 's', cancelUrl: 'c' }),
    ).rejects.toMatchObject({ code: 'OPERATION_NOT_ALLOWED', message: 'Price not configured for the plan and interval' });
    expect(mock.calls('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('opens the billing portal for the customer with the return URL', async () => {
    await stripe.createPortalSession({ customerId: 'cus_1', returnUrl: 'http://app/en/app/billing', locale: 'en' });
    expect(mock.calls('POST', '/v1/billing_portal/sessions')[0]!.params).toMatchObject({ customer: 'cus_1', return_url: 'http://app/en/app/billing' });
  });

  it('reads subscriptions: the basil period fields, the tier from the price, a missing one as null', async () => {
    const end = Math.floor(Date.now() / 1000) + 20 * 86400;
    mock.state.subscriptions.set(
      'sub_1',
      stripeSubscription({ id: 'sub_1', customer: 'cus_1', price: 'price_pro_year', interval: 'year', unitAmount: 19990, periodEnd: end, trialStart: 1, trialEnd: 2, userId: 'u1' }),
    );
    const sub = await stripe.retrieveSubscription('sub_1');
    expect(sub).toMatchObject({ id: 'sub_1', customerId: 'cus_1', tier: 'pro', interval: 'year', priceCents: 19990, itemId: 'si_mock_1', status: 'active', userId: 'u1' });
    expect(sub!.currentPeriodEnd!.getTime()).toBe(end * 1000);
    expect(await stripe.retrieveSubscription('sub_missing')).toBeNull();
    expect(await stripe.hasHadTrial('cus_1')).toBe(true);
    await stripe.listSubscriptions('cus_1', { status: 'all', limit: 10 });
    expect(mock.calls('GET', '/v1/subscriptions').at(-1)!.params).toEqual({ customer: 'cus_1', status: 'all', limit: '10' });
    await stripe.listSubscriptions('cus_1', { status: 'active', limit: 1 });
    expect(mock.calls('GET', '/v1/subscriptions').at(-1)!.params).toEqual({ customer: 'cus_1', status: 'active', limit: '1' });
  });

  it('lists invoices with their payments, the plan of their price, and refunds and receipts from the charges', async () => {
    mock.addInvoice({ id: 'in_1', customer: 'cus_1', subscription: 'sub_1', cents: 999, price: 'price_basic_month', created: 1_700_000_000 });
    mock.addInvoice({ id: 'in_2', customer: 'cus_1', subscription: 'sub_1', cents: 1000, price: 'price_pro_month', reason: 'subscription_update', created: 1_700_000_100 });
    mock.addInvoice({ id: 'in_3', customer: 'cus_1', subscription: 'sub_1', cents: 1999, status: 'open', created: 1_700_000_200 });
    mock.state.charges.get('ch_in_1')!.amount_refunded = 999;
    mock.state.charges.get('ch_in_2')!.amount_refunded = 400;

    const all = await stripe.listInvoices({ customerId: 'cus_1' });
    expect(all.map((i) => [i.id, i.status, i.amountPaidCents, i.amountRefundedCents, i.billingReason, i.plan, i.interval])).toEqual([
      ['in_3', 'open', 0, 0, 'subscription_create', null, null],
      ['in_2', 'paid', 1000, 400, 'subscription_update', 'pro', 'month'],
      ['in_1', 'paid', 999, 999, 'subscription_create', 'basic', 'month'],
    ]);
    expect(all[2]).toMatchObject({
      subscriptionId: 'sub_1',
      payments: [{ paymentIntentId: 'pi_in_1', chargeId: null, status: 'paid' }],
      receiptUrl: 'https://pay.stripe.test/receipts/in_1',
    });
    expect(all[0]!.receiptUrl).toBe('https://invoice.stripe.test/i/in_3');
    expect(mock.calls('GET', '/v1/invoices')[0]!.params).toEqual({ customer: 'cus_1', limit: '100', 'expand[0]': 'data.payments' });
    expect(mock.calls('GET', '/v1/charges')[0]!.params).toEqual({ customer: 'cus_1', limit: '100' });

    expect((await stripe.listInvoices({ subscriptionId: 'sub_1' })).map((i) => i.id)).toEqual(['in_3', 'in_2', 'in_1']);
    expect(mock.calls('GET', '/v1/invoices')[1]!.params).toMatchObject({ subscription: 'sub_1' });
    expect(await stripe.listInvoices({ subscriptionId: 'sub_none' })).toEqual([]);
  });

  it('finds the payment: by the invoice, through its charge, or a recent intent of the same amount', async () => {
    expect(await stripe.findInvoicePayment(invoice({ payments: [{ paymentIntentId: 'pi_direct', chargeId: null, status: 'paid' }] }))).toMatchObject({ paymentIntentId: 'pi_direct' });
    expect(mock.requests).toHaveLength(0);

    mock.state.charges.set('ch_1', { id: 'ch_1', object: 'charge', amount: 999, currency: 'usd', payment_intent: 'pi_from_charge' });
    expect(await stripe.findInvoicePayment(invoice({ payments: [{ paymentIntentId: null, chargeId: 'ch_1', status: 'paid' }] }))).toMatchObject({
      paymentIntentId: 'pi_from_charge',
      chargeId: 'ch_1',
    });

    const created = Math.floor(Date.now() / 1000);
    mock.state.paymentIntents = [
      { id: 'pi_other_amount', object: 'payment_intent', customer: 'cus_1', amount: 1999, status: 'succeeded', created, currency: 'usd' },
      { id: 'pi_failed', object: 'payment_intent', customer: 'cus_1', amount: 999, status: 'requires_payment_method', created, currency: 'usd' },
      { id: 'pi_too_early', object: 'payment_intent', customer: 'cus_1', amount: 999, status: 'succeeded', created: created - 301, currency: 'usd' },
      { id: 'pi_match', object: 'payment_intent', customer: 'cus_1', amount: 999, status: 'succeeded', created: created - 299, currency: 'usd', latest_charge: 'ch_9' },
    ];
    expect(await stripe.findInvoicePayment(invoice({ created: new Date(created * 1000) }))).toMatchObject({ paymentIntentId: 'pi_match', chargeId: 'ch_9', amountCents: 999 });
    expect(mock.calls('GET', '/v1/payment_intents').at(-1)!.params).toEqual({ customer: 'cus_1', limit: '10' });
    mock.state.paymentIntents = mock.state.paymentIntents.filter((p) => p.id !== 'pi_match');
    expect(await stripe.findInvoicePayment(invoice({ created: new Date(created * 1000) }))).toBeNull();
    expect(await stripe.findInvoicePayment(invoice({ amountPaidCents: 0 }))).toBeNull();
  });

  it('refunds the payment intent as requested by the customer, with the metadata, once however often asked', async () => {
    const payment = { paymentIntentId: 'pi_1', chargeId: null, amountCents: 999, currency: 'usd' };
    const meta = { userId: 'u1', reason: 'Too expensive', tier: 'basic', subscriptionId: 'sub_1', kind: 'guarantee' as const };
    const refund = await stripe.createRefund({ payment, ...meta });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), amountCents: 999, currency: 'usd', status: 'succeeded' });
    const [req] = mock.calls('POST', '/v1/refunds');
    expect(req!.params).toEqual({
      payment_intent: 'pi_1',
      reason: 'requested_by_customer',
      'metadata[user_id]': 'u1',
      'metadata[refund_reason]': 'Too expensive',
      'metadata[subscription_tier]': 'basic',
      'metadata[subscription_id]': 'sub_1',
      'metadata[refund_kind]': 'guarantee',
    });
    expect(req!.headers['idempotency-key']).toBe('refund-pi_1-0');
    expect(mock.calls('GET', '/v1/refunds')[0]!.params).toEqual({ payment_intent: 'pi_1', limit: '100' });

    // Asked again (a retry after a later payment failed): the same refund, nothing more refunded.
    expect(await stripe.createRefund({ payment, ...meta })).toEqual(refund);
    expect(mock.calls('POST', '/v1/refunds')).toHaveLength(1);

    // A refund that failed is not counted: the next request is a new refund with a new key.
    mock.state.refunds = [];
    mock.state.refundStatus = 'failed';
    expect((await stripe.createRefund({ payment: { ...payment, paymentIntentId: 'pi_2' }, ...meta })).status).toBe('failed');
    mock.state.refundStatus = 'succeeded';
    expect((await stripe.createRefund({ payment: { ...payment, paymentIntentId: 'pi_2' }, ...meta })).status).toBe('succeeded');
    expect(
      mock
        .calls('POST', '/v1/refunds')
        .slice(1)
        .map((r) => r.headers['idempotency-key']),
    ).toEqual(['refund-pi_2-0', 'refund-pi_2-1']);
  });

  it('cancels now, cancels at period end, resumes, and changes the price with prorations', async () => {
    mock.state.subscriptions.set('sub_1', stripeSubscription({ id: 'sub_1', customer: 'cus_1' }));
    const scheduled = await stripe.cancelAtPeriodEnd('sub_1');
    expect(scheduled.cancelAtPeriodEnd).toBe(true);
    expect(mock.calls('POST', '/v1/subscriptions/sub_1')[0]!.params).toEqual({ cancel_at_period_end: 'true' });

    const resumed = await stripe.resumeSubscription('sub_1');
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, cancelAt: null });
    expect(mock.calls('POST', '/v1/subscriptions/sub_1')[1]!.params).toEqual({ cancel_at_period_end: 'false' });

    const current = (await stripe.retrieveSubscription('sub_1'))!;
    const prorationDate = new Date('2026-01-10T12:00:00Z');
    const changed = await stripe.changePlan({ subscription: current, plan: 'pro', prorationDate });
    expect(changed.tier).toBe('pro');
    // An upgrade is invoiced and paid at once, prorated to the previewed moment; a declined card refuses it.
    expect(mock.calls('POST', '/v1/subscriptions/sub_1')[2]!.params).toEqual({
      'items[0][id]': 'si_mock_1',
      'items[0][price]': 'price_pro_month',
      proration_behavior: 'always_invoice',
      proration_date: String(prorationDate.getTime() / 1000),
      payment_behavior: 'error_if_incomplete',
      cancel_at_period_end: 'false',
      'metadata[plan]': 'pro',
    });
    await stripe.changePlan({ subscription: changed, plan: 'basic', prorationDate });
    expect(mock.calls('POST', '/v1/subscriptions/sub_1')[3]!.params).toMatchObject({ 'items[0][price]': 'price_basic_month', proration_behavior: 'create_prorations' });

    const canceled = await stripe.cancelSubscription('sub_1');
    expect(canceled.status).toBe('canceled');
    expect(mock.calls('DELETE', '/v1/subscriptions/sub_1')).toHaveLength(1);
  });

  it('previews an upgrade as Stripe’s amount due now, a downgrade as its proration credit, both at the given moment', async () => {
    mock.state.subscriptions.set('sub_1', stripeSubscription({ id: 'sub_1', customer: 'cus_1' }));
    mock.state.previewLines = [
      { id: 'il_1', object: 'line_item', amount: -499, parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } } },
      { id: 'il_2', object: 'line_item', amount: 999, parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } } },
    ];
    const current = (await stripe.retrieveSubscription('sub_1'))!;
    const prorationDate = new Date('2026-01-10T12:00:00Z');
    expect(await stripe.previewPlanChange({ subscription: current, plan: 'pro', prorationDate })).toEqual({ amountDueCents: 500, overdueCents: 0, currency: 'usd' });
    const [req] = mock.calls('POST', '/v1/invoices/create_preview');
    expect(req!.params).toMatchObject({
      customer: 'cus_1',
      subscription: 'sub_1',
      'subscription_details[items][0][id]': 'si_mock_1',
      'subscription_details[items][0][price]': 'price_pro_month',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': String(prorationDate.getTime() / 1000),
    });

    mock.state.previewLines = [
      { id: 'il_3', object: 'line_item', amount: -500, parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } } },
      { id: 'il_4', object: 'line_item', amount: 999, parent: { type: 'subscription_item_details', subscription_item_details: { proration: false } } },
    ];
    expect(await stripe.previewPlanChange({ subscription: current, plan: 'basic', prorationDate })).toEqual({ amountDueCents: -500, overdueCents: 0, currency: 'usd' });
    expect(mock.calls('POST', '/v1/invoices/create_preview')[1]!.params['subscription_details[proration_behavior]']).toBe('create_prorations');

    // The next invoice as Stripe computes it; nothing when the subscription is set to end.
    mock.state.upcomingAmountDue = 1000;
    expect(await stripe.upcomingInvoice(current)).toEqual({ amountDueCents: 1000, currency: 'usd' });
    expect(mock.calls('POST', '/v1/invoices/create_preview')[2]!.params).toEqual({ customer: 'cus_1', subscription: 'sub_1' });
    expect(await stripe.upcomingInvoice({ ...current, cancelAtPeriodEnd: true })).toBeNull();
  });

  it('maps provider failures to EXTERNAL_SERVICE_ERROR without their details', async () => {
    mock.fail(/GET \/v1\/subscriptions\/sub_x/, 500);
    const error = await stripe.retrieveSubscription('sub_x').catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR', statusCode: 502, message: 'A third-party service is temporarily unavailable' });
    expect(error.message).not.toContain('sk_live');
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeError);
  });
});

describe('the app with Stripe configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      ...stripeAppEnv(mock.url, WEBHOOK_SECRET),
    });
  });
  afterAll(() => t.close());

  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
  };
  const deliver = (event: object) => {
    const { payload, header } = signed(event);
    return t.client().request('POST', '/api/webhooks/stripe', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header }, csrf: false });
  };

  it('reports stripe as the payment provider and has no sandbox hooks', async () => {
    expect((await t.client().get('/api/config')).body.payments).toBe('stripe');
    const c = t.client();
    const hooks = async () => {
      const renew = await c.post('/api/billing/sandbox/renew', {});
      expect(renew.status).toBe(404);
      expect(renew.body.error.code).toBe('NOT_FOUND');
      for (const path of ['/sandbox/checkout/cs_x', '/sandbox/portal/bps_x']) {
        const page = await c.get(path);
        expect(page.status, path).toBe(404);
        expect(String(page.body)).not.toContain('4242 4242 4242 4242');
      }
      expect((await c.request('POST', '/sandbox/checkout/cs_x', { body: 'card=4242424242424242', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(404);
    };
    await hooks();
    await c.signUp();
    await hooks();
  });

  it('checks out with a customer, the trial once per account, and takes the state from Stripe via the webhook', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const res = await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const row = await userRow(t, email);
    expect(row.stripeCustomerId).toMatch(/^cus_mock_/);
    const checkout = mock.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(checkout.params).toMatchObject({ customer: row.stripeCustomerId, 'metadata[user_id]': row.id, 'metadata[plan]': 'pro', 'subscription_data[trial_period_days]': '7' });
    expect(checkout.params.success_url).toBe(`${t.env.appUrl}/en/app/billing?checkout=success&session_id={CHECKOUT_SESSION_ID}`);

    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86400;
    mock.state.subscriptions.set(
      'sub_app_1',
      stripeSubscription({
        id: 'sub_app_1',
        customer: row.stripeCustomerId!,
        price: 'price_pro_month',
        unitAmount: 1999,
        status: 'trialing',
        trialStart: Math.floor(Date.now() / 1000),
        trialEnd,
        periodEnd: trialEnd,
        userId: row.id,
      }),
    );
    const hook = await deliver({
      id: 'evt_app_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', object: 'checkout.session', customer: row.stripeCustomerId, subscription: 'sub_app_1', metadata: { user_id: row.id } } },
    });
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ received: true, outcome: 'processed' });
    const me = (await c.get('/api/me')).body.subscription;
    expect(me).toMatchObject({ tier: 'pro', status: 'active', interval: 'month', trialEndsAt: new Date(trialEnd * 1000).toISOString() });

    // The trial is spent: a later Pro checkout (after the subscription ended) has none.
    mock.state.subscriptions.get('sub_app_1')!.status = 'canceled';
    await deliver({ id: 'evt_app_2', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: 'sub_app_1', object: 'subscription', customer: row.stripeCustomerId } } });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive' });
    await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(mock.calls('POST', '/v1/checkout/sessions').at(-1)!.params['subscription_data[trial_period_days]']).toBeUndefined();
  });

  it('offers no trial to a customer whose Stripe history has one, even if our record lost it', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await setUser(t, email, { stripeCustomerId: 'cus_history' });
    mock.state.subscriptions.set('sub_hist', stripeSubscription({ id: 'sub_hist', customer: 'cus_history', status: 'canceled', trialStart: 1, trialEnd: 2 }));
    await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    const req = mock.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(req.params.customer).toBe('cus_history');
    expect(req.params['subscription_data[trial_period_days]']).toBeUndefined();
  });

  it('says which message when Stripe fails: upgrade, cancel, refund', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const row = await userRow(t, email);
    const customer = `cus_fail_${row.id.slice(0, 8)}`;
    const subId = `sub_fail_${row.id.slice(0, 8)}`;
    mock.state.subscriptions.set(subId, stripeSubscription({ id: subId, customer }));
    await setUser(t, email, { stripeCustomerId: customer, stripeSubscriptionId: subId, subscriptionTier: 'basic', subscriptionStatus: 'active', subscriptionStartedAt: new Date() });

    mock.fail(new RegExp(`POST /v1/subscriptions/${subId}`), 500);
    const up = await c.post('/api/billing/change', { action: 'upgrade' });
    expect(up.status).toBe(502);
    expect(up.body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Failed to upgrade subscription' });
    expect(JSON.stringify(up.body)).not.toContain('sk_live');
    expect((await userRow(t, email)).subscriptionTier).toBe('basic');

    mock.fail(new RegExp(`POST /v1/subscriptions/${subId}`), 500);
    expect((await c.post('/api/billing/cancel', {})).body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Failed to cancel subscription' });

    mock.state.invoices.set(subId, [
      {
        id: 'in_fail',
        object: 'invoice',
        customer,
        status: 'paid',
        amount_due: 999,
        amount_paid: 999,
        currency: 'usd',
        created: Math.floor(Date.now() / 1000),
        parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
        payments: { object: 'list', data: [{ id: 'inpay', object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_fail' } }] },
      },
    ]);
    mock.fail(/POST \/v1\/refunds/, 500);
    const failedRefund = await c.post('/api/billing/refund', {});
    expect(failedRefund.status).toBe(502);
    expect(failedRefund.body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Failed to process refund' });
    expect((await userRow(t, email)).lastRefundAt).toBeNull();

    mock.state.refundStatus = 'failed';
    expect((await c.post('/api/billing/refund', {})).body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Refund processing failed' });
    expect((await userRow(t, email)).lastRefundAt).toBeNull();

    mock.state.refundStatus = 'succeeded';
    const ok = await c.post('/api/billing/refund', {});
    expect(ok.body).toEqual({ success: true, refund: { amount: 9.99, currency: 'usd', status: 'succeeded' } });
    expect(mock.calls('DELETE', `/v1/subscriptions/${subId}`)).toHaveLength(1);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'free', status: 'inactive' });
  });

  const paidInvoice = (id: string, customer: string, subscription: string, cents: number, status: 'paid' | 'open' = 'paid') => ({
    id,
    object: 'invoice',
    customer,
    status,
    amount_due: cents,
    amount_paid: status === 'paid' ? cents : 0,
    currency: 'usd',
    created: Math.floor(Date.now() / 1000),
    parent: { type: 'subscription_details', subscription_details: { subscription } },
    payments: { object: 'list', data: [{ id: `inpay_${id}`, object: 'invoice_payment', status, payment: { type: 'payment_intent', payment_intent: `pi_${id}` } }] },
  });

  it('opening a checkout expires the account’s open sessions, and a live subscription at Stripe refuses a new one', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' })).status).toBe(200);
    const customer = (await userRow(t, email)).stripeCustomerId!;
    expect((await c.post('/api/billing/checkout', { plan: 'pro', interval: 'month' })).status).toBe(200);
    const [first, second] = mock.state.checkoutSessions;
    expect(mock.calls('GET', '/v1/checkout/sessions').at(-1)!.params).toEqual({ customer, status: 'open', limit: '100' });
    expect(mock.calls('POST', /^\/v1\/checkout\/sessions\/.+\/expire$/).map((r) => r.path)).toEqual([`/v1/checkout/sessions/${first!.id}/expire`]);
    expect([first!.status, second!.status]).toEqual(['expired', 'open']);

    // Paid at Stripe, webhook not yet here: the profile still reads free, Stripe does not.
    mock.state.subscriptions.set(`sub_live_${customer}`, stripeSubscription({ id: `sub_live_${customer}`, customer, price: 'price_pro_month', unitAmount: 1999 }));
    const again = await c.post('/api/billing/checkout', { plan: 'basic', interval: 'month' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('You already have a subscription. Change or cancel it from the billing page.');
    expect(mock.state.checkoutSessions).toHaveLength(2);
  });

  it('a second subscription paid in a race is refunded in full and canceled by the webhook, the first kept, the user emailed once', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const row = await userRow(t, email);
    const customer = `cus_dup_${row.id.slice(0, 8)}`;
    await setUser(t, email, { stripeCustomerId: customer });
    const start = Math.floor(Date.now() / 1000) - 60;
    const [firstId, secondId] = [`sub_first_${row.id.slice(0, 8)}`, `sub_second_${row.id.slice(0, 8)}`];
    mock.state.subscriptions.set(firstId, stripeSubscription({ id: firstId, customer, price: 'price_basic_month', unitAmount: 999, periodStart: start, userId: row.id }));
    mock.state.subscriptions.set(
      secondId,
      stripeSubscription({ id: secondId, customer, price: 'price_pro_year', unitAmount: 19990, interval: 'year', periodStart: start + 5, userId: row.id }),
    );
    mock.state.invoices.set(firstId, [paidInvoice(`in_first_${row.id.slice(0, 8)}`, customer, firstId, 999)]);
    mock.state.invoices.set(secondId, [paidInvoice(`in_second_${row.id.slice(0, 8)}`, customer, secondId, 19990)]);

    const event = (id: string, type: string) => ({ id, object: 'event', type, data: { object: { id: secondId, object: 'subscription', customer } } });
    expect((await deliver(event(`evt_dup_1_${row.id}`, 'customer.subscription.created'))).body).toEqual({ received: true, outcome: 'processed' });

    expect(mock.calls('DELETE', `/v1/subscriptions/${secondId}`)).toHaveLength(1);
    expect(mock.calls('DELETE', `/v1/subscriptions/${firstId}`)).toHaveLength(0);
    expect(mock.state.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[`pi_in_second_${row.id.slice(0, 8)}`, 19990]]);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', interval: 'month', status: 'active' });
    expect((await userRow(t, email)).stripeSubscriptionId).toBe(firstId);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail.map((m) => m.subject)).toEqual(['We refunded $199.90 for a duplicate FitForge subscription']);
    expect(mail[0]!.text).toContain('The $199.90 charged for the second one has been refunded in full to your card');

    // The cancel's own event: one live subscription left, nothing more refunded or sent.
    expect((await deliver(event(`evt_dup_2_${row.id}`, 'customer.subscription.deleted'))).status).toBe(200);
    expect(mock.state.refunds).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).toHaveLength(1);
  });

  it('an upgrade from past_due pays the open invoice first and leaves the status active, also after a later update event', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const row = await userRow(t, email);
    const customer = `cus_due_${row.id.slice(0, 8)}`;
    const subId = `sub_due_${row.id.slice(0, 8)}`;
    const invoiceId = `in_due_${row.id.slice(0, 8)}`;
    mock.state.subscriptions.set(subId, stripeSubscription({ id: subId, customer, status: 'past_due', userId: row.id }));
    mock.state.invoices.set(subId, [paidInvoice(invoiceId, customer, subId, 999, 'open')]);
    await setUser(t, email, { stripeCustomerId: customer, stripeSubscriptionId: subId, subscriptionTier: 'basic', subscriptionStatus: 'past_due', subscriptionStartedAt: new Date() });

    // The preview says what is owed beside the change's own amount.
    const preview = await c.get('/api/billing/change/preview?action=upgrade');
    expect(preview.status).toBe(200);
    expect(preview.body.overdueCents).toBe(999);

    // A declined card refuses the change and changes nothing.
    mock.fail(new RegExp(`POST /v1/invoices/${invoiceId}/pay`), 402);
    const declined = await c.post('/api/billing/change', { action: 'upgrade' });
    expect(declined.status).toBe(502);
    expect(declined.body.error.message).toBe('Failed to upgrade subscription');
    expect(mock.calls('POST', `/v1/subscriptions/${subId}`)).toHaveLength(0);
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'past_due' });

    const up = await c.post('/api/billing/change', { action: 'upgrade' });
    expect(up.body).toEqual({ message: 'Successfully upgraded to Pro plan', messageKey: 'planChange.upgraded' });
    expect(mock.calls('GET', '/v1/invoices').at(-1)!.params).toMatchObject({ subscription: subId, status: 'open' });
    expect(mock.calls('POST', `/v1/invoices/${invoiceId}/pay`)).toHaveLength(2);
    expect(mock.state.invoices.get(subId)!.find((i) => i.id === invoiceId)).toMatchObject({ status: 'paid', amount_paid: 999 });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active' });

    const later = await deliver({
      id: `evt_after_up_${row.id}`,
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: { id: subId, object: 'subscription', customer, status: 'past_due' } },
    });
    expect(later.body.outcome).toBe('processed');
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'pro', status: 'active' });
  });

  it('an upgrade is charged what its preview said, the history shows it, and the guarantee refunds every payment once', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const row = await userRow(t, email);
    const tag = row.id.slice(0, 8);
    const [customer, subId] = [`cus_money_${tag}`, `sub_money_${tag}`];
    mock.state.subscriptions.set(subId, stripeSubscription({ id: subId, customer, userId: row.id }));
    mock.addInvoice({ id: `in_basic_${tag}`, customer, subscription: subId, cents: 999, price: 'price_basic_month', created: Math.floor(Date.now() / 1000) - 60 });
    await setUser(t, email, { stripeCustomerId: customer, stripeSubscriptionId: subId, subscriptionTier: 'basic', subscriptionStatus: 'active', subscriptionStartedAt: new Date() });

    mock.state.previewLines = [
      { id: 'il_unused', object: 'line_item', amount: -998, parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } } },
      { id: 'il_rest', object: 'line_item', amount: 1997, parent: { type: 'subscription_item_details', subscription_item_details: { proration: true } } },
    ];
    const preview = (await c.get('/api/billing/change/preview?action=upgrade')).body;
    expect(preview).toMatchObject({ amountDueCents: 999, currency: 'usd' });
    expect((await c.post('/api/billing/change', { action: 'upgrade', prorationDate: preview.prorationDate })).status).toBe(200);
    const update = mock.calls('POST', `/v1/subscriptions/${subId}`).at(-1)!;
    expect(update.params).toMatchObject({ proration_behavior: 'always_invoice', proration_date: String(new Date(preview.prorationDate).getTime() / 1000) });
    expect(mock.calls('POST', '/v1/invoices/create_preview').at(-1)!.params['subscription_details[proration_date]']).toBe(update.params.proration_date);

    mock.state.upcomingAmountDue = 1999;
    const list = (await c.get('/api/billing/invoices')).body;
    expect(list.items.map((i: { amountCents: number; status: string; description: string }) => [i.amountCents, i.status, i.description])).toEqual([
      [999, 'paid', 'Upgrade to Pro (rest of the period)'],
      [999, 'paid', 'Basic monthly subscription'],
    ]);
    expect(list.items[1].receiptUrl).toBe(`https://pay.stripe.test/receipts/in_basic_${tag}`);
    expect(list.upcoming).toEqual({ amountCents: 1999, currency: 'usd', date: new Date(mock.state.subscriptions.get(subId)!.items.data[0].current_period_end * 1000).toISOString() });

    // The Basic payment's refund (after the upgrade's) fails: the upgrade's stays refunded, and asking again is safe.
    mock.fail(/POST \/v1\/refunds$/, 500, 1, { payment_intent: `pi_in_basic_${tag}` });
    const failed = await c.post('/api/billing/refund', {});
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Failed to process refund' });
    expect(mock.state.refunds.map((r) => r.amount)).toEqual([999]);
    expect((await userRow(t, email)).lastRefundAt).toBeNull();
    expect((await c.get('/api/billing/invoices')).body.items.map((i: { status: string }) => i.status)).toEqual(['refunded', 'paid']);

    const refund = await c.post('/api/billing/refund', {});
    expect(refund.body).toEqual({ success: true, refund: { amount: 19.98, currency: 'usd', status: 'succeeded' } });
    expect(mock.state.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [expect.stringMatching(/^pi_in_mock_/), 999],
      [`pi_in_basic_${tag}`, 999],
    ]);
    const keys = mock.calls('POST', '/v1/refunds').map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2); // one key per payment: the SDK's retries of one refund share it
    expect((await c.get('/api/billing/invoices')).body).toMatchObject({ items: [{ status: 'refunded' }, { status: 'refunded' }], upcoming: null });
  });

  it('resumes a cancellation at Stripe', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    const row = await userRow(t, email);
    const [customer, subId] = [`cus_resume_${row.id.slice(0, 8)}`, `sub_resume_${row.id.slice(0, 8)}`];
    mock.state.subscriptions.set(subId, stripeSubscription({ id: subId, customer, userId: row.id }));
    await setUser(t, email, { stripeCustomerId: customer, stripeSubscriptionId: subId, subscriptionTier: 'basic', subscriptionStatus: 'active', subscriptionStartedAt: new Date() });
    await c.post('/api/billing/cancel', {});
    expect((await c.get('/api/me')).body.subscription.status).toBe('canceling');

    mock.fail(new RegExp(`POST /v1/subscriptions/${subId}`), 500);
    expect((await c.post('/api/billing/resume', {})).body.error).toMatchObject({ code: 'STRIPE_ERROR', message: 'Failed to resume subscription' });
    expect((await c.post('/api/billing/resume', {})).body).toEqual({ message: 'Your subscription will continue', messageKey: 'resume.resumed' });
    expect(mock.calls('POST', `/v1/subscriptions/${subId}`).at(-1)!.params).toEqual({ cancel_at_period_end: 'false' });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ status: 'active', cancelAt: null });
  });

  it('expired-cancellation check: a provider lookup error is logged and the user becomes inactive', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await setUser(t, email, { stripeCustomerId: 'cus_lookup_fails', subscriptionTier: 'pro', subscriptionStatus: 'canceling', cancelAt: new Date(Date.now() - DAY) });
    mock.fail(/GET \/v1\/subscriptions$/, 500, 10);
    const result = await t.expireCancellations();
    expect(result.errors.some((e) => e.includes('third-party service'))).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ subscriptionStatus: 'inactive', subscriptionTier: 'free', cancelAt: null });
    mock.reset();
  });

  it('a webhook whose provider read fails answers 502 and is retried later', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    await setUser(t, email, { stripeCustomerId: 'cus_retry' });
    mock.fail(/GET \/v1\/subscriptions$/, 500, 1);
    const event = { id: 'evt_retry_1', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_r', object: 'subscription', customer: 'cus_retry' } } };
    const first = await deliver(event);
    expect(first.status).toBe(502);
    expect(first.body.error.code).toBe('EXTERNAL_SERVICE_ERROR');
    mock.state.subscriptions.set('sub_r', stripeSubscription({ id: 'sub_r', customer: 'cus_retry', price: 'price_basic_month' }));
    const second = await deliver(event);
    expect(second.body).toEqual({ received: true, outcome: 'processed' });
    expect((await c.get('/api/me')).body.subscription).toMatchObject({ tier: 'basic', status: 'active' });
  });
});
