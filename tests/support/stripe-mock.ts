import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server that answers like Stripe's API for the endpoints the Stripe adapter calls, and records every
 * request (form-encoded bodies and queries flattened to their bracket keys, e.g. `metadata[user_id]`), so tests can
 * drive the real SDK and assert what it sent.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

type Obj = Record<string, any>;

export interface StripeMockState {
  subscriptions: Map<string, Obj>;
  /** Newest first, per subscription id. */
  invoices: Map<string, Obj[]>;
  charges: Map<string, Obj>;
  paymentIntents: Obj[];
  promotionCodes: Obj[];
  previewLines: Obj[];
  /** What the preview of a subscription's next invoice asks (no change in it). */
  upcomingAmountDue: number;
  refundStatus: string;
  /** Oldest first. */
  checkoutSessions: Obj[];
  refunds: Obj[];
}

const now = () => Math.floor(Date.now() / 1000);

export function stripeSubscription(
  over: Partial<{
    id: string;
    customer: string;
    price: string;
    unitAmount: number;
    interval: 'month' | 'year';
    status: string;
    cancelAtPeriodEnd: boolean;
    trialStart: number | null;
    trialEnd: number | null;
    periodStart: number;
    periodEnd: number;
    userId: string;
    plan: string;
  }> = {},
): Obj {
  const start = over.periodStart ?? now() - 3600;
  return {
    id: over.id ?? 'sub_mock_1',
    object: 'subscription',
    customer: over.customer ?? 'cus_mock_1',
    status: over.status ?? 'active',
    cancel_at_period_end: over.cancelAtPeriodEnd ?? false,
    cancel_at: over.cancelAtPeriodEnd ? (over.periodEnd ?? start + 30 * 86400) : null,
    canceled_at: null,
    created: start,
    start_date: start,
    currency: 'usd',
    trial_start: over.trialStart ?? null,
    trial_end: over.trialEnd ?? null,
    metadata: { user_id: over.userId ?? '', plan: over.plan ?? 'basic', interval: over.interval ?? 'month' },
    livemode: false,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_mock_1',
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: over.periodEnd ?? start + 30 * 86400,
          quantity: 1,
          price: {
            id: over.price ?? 'price_basic_month',
            object: 'price',
            unit_amount: over.unitAmount ?? 999,
            currency: 'usd',
            recurring: { interval: over.interval ?? 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

/** A Stripe invoice of a subscription, paid by a payment intent named after it unless `status` says open. */
export function stripeInvoice(over: { id: string; customer: string; subscription: string; cents: number; status?: 'paid' | 'open'; reason?: string; price?: string; created?: number }): Obj {
  const status = over.status ?? 'paid';
  return {
    id: over.id,
    object: 'invoice',
    customer: over.customer,
    status,
    billing_reason: over.reason ?? 'subscription_create',
    amount_due: over.cents,
    amount_paid: status === 'paid' ? over.cents : 0,
    currency: 'usd',
    created: over.created ?? now(),
    hosted_invoice_url: `https://invoice.stripe.test/i/${over.id}`,
    parent: { type: 'subscription_details', subscription_details: { subscription: over.subscription, metadata: {} } },
    lines: {
      object: 'list',
      data: over.price ? [{ id: `il_${over.id}`, object: 'line_item', amount: over.cents, pricing: { type: 'price_details', price_details: { price: over.price, product: 'prod_x' } } }] : [],
      has_more: false,
    },
    payments: { object: 'list', data: [{ id: `inpay_${over.id}`, object: 'invoice_payment', status, payment: { type: 'payment_intent', payment_intent: `pi_${over.id}` } }] },
  };
}

export async function startStripeMock() {
  const requests: RecordedRequest[] = [];
  const state: StripeMockState = {
    subscriptions: new Map(),
    invoices: new Map(),
    charges: new Map(),
    paymentIntents: [],
    promotionCodes: [{ id: 'promo_trial50', object: 'promotion_code', code: 'TRIAL50', active: true }],
    previewLines: [],
    upcomingAmountDue: 999,
    refundStatus: 'succeeded',
    checkoutSessions: [],
    refunds: [],
  };
  /** Paths (regex), and params when given, answered with a Stripe error of this status, `remaining` times. */
  const failures: { pattern: RegExp; status: number; remaining: number; params?: Record<string, string> }[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}_mock_${++counter}`;
  /** Stripe answers a POST repeated with the same Idempotency-Key with the first answer (when it succeeded). */
  const idempotent = new Map<string, Obj>();
  const allInvoices = () => [...state.invoices.values()].flat();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : raw));
      const path = url.pathname;
      requests.push({ method: req.method ?? 'GET', path, params, headers: req.headers });
      const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const send = (status: number, body: Obj) => {
        if (typeof key === 'string' && status === 200) idempotent.set(key, body);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}`, 'stripe-should-retry': 'false' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, code?: string) =>
        send(status, { error: { type: status === 404 ? 'invalid_request_error' : 'api_error', message, ...(code ? { code } : {}) } });
      const failure = failures.find((f) => f.remaining > 0 && f.pattern.test(`${req.method} ${path}`) && Object.entries(f.params ?? {}).every(([k, v]) => params[k] === v));
      if (failure) {
        failure.remaining--;
        return error(failure.status, 'Simulated provider failure with internal detail sk_live_secret');
      }
      const list = (data: Obj[]) => send(200, { object: 'list', data, has_more: false, url: path });
      let m: RegExpExecArray | null;
      if (typeof key === 'string' && idempotent.has(key)) return send(200, idempotent.get(key)!);

      if (req.method === 'POST' && path === '/v1/customers')
        return send(200, { id: next('cus'), object: 'customer', email: params.email, metadata: { user_id: params['metadata[user_id]'] } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = next('cs');
        const session = { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, mode: 'subscription', customer: params.customer ?? null, status: 'open' };
        state.checkoutSessions.push(session);
        return send(200, session);
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions') {
        const matching = state.checkoutSessions.filter((cs) => (!params.customer || cs.customer === params.customer) && (!params.status || cs.status === params.status));
        return list(matching.reverse().slice(0, Number(params.limit ?? 10)));
      }
      if (req.method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
        const session = state.checkoutSessions.find((cs) => cs.id === m![1]);
        if (!session) return error(404, `No such checkout.session: '${m[1]}'`, 'resource_missing');
        if (session.status !== 'open') return error(400, `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${session.status}".`);
        session.status = 'expired';
        session.url = null;
        return send(200, session);
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
        return send(200, { id: next('bps'), object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/x' });
      if (req.method === 'GET' && path === '/v1/promotion_codes') return list(state.promotionCodes.filter((p) => p.code === params.code && (params.active !== 'true' || p.active)));
      if (req.method === 'GET' && path === '/v1/subscriptions') {
        const all = [...state.subscriptions.values()].filter((s) => s.customer === params.customer).reverse();
        const filtered = params.status === 'all' ? all : all.filter((s) => (params.status ? s.status === params.status : s.status !== 'canceled'));
        return list(filtered.slice(0, Number(params.limit ?? 10)));
      }
      if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
        const sub = state.subscriptions.get(m[1]!);
        if (!sub) return error(404, `No such subscription: '${m[1]}'`, 'resource_missing');
        if (req.method === 'GET') return send(200, sub);
        if (req.method === 'DELETE') {
          sub.status = 'canceled';
          sub.canceled_at = now();
          return send(200, sub);
        }
        if (params.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
        }
        if (params['items[0][price]']) sub.items.data[0].price = { ...sub.items.data[0].price, id: params['items[0][price]'] };
        if (params['metadata[plan]']) sub.metadata.plan = params['metadata[plan]'];
        if (params.proration_behavior === 'always_invoice') {
          // The proration is invoiced and paid now: the amount its preview showed.
          const amount = state.previewLines.reduce((sum, l) => sum + l.amount, 0);
          const invoice = stripeInvoice({ id: next('in'), customer: sub.customer, subscription: sub.id, cents: amount, reason: 'subscription_update', price: params['items[0][price]'] });
          state.invoices.set(sub.id, [invoice, ...(state.invoices.get(sub.id) ?? [])]);
          addPayment(invoice);
        }
        return send(200, sub);
      }
      if (req.method === 'GET' && path === '/v1/invoices') {
        const invoices = (
          params.customer
            ? allInvoices()
                .filter((i) => i.customer === params.customer)
                .sort((a, b) => b.created - a.created)
            : (state.invoices.get(params.subscription ?? '') ?? [])
        ).filter((i) => !params.status || i.status === params.status);
        return list(invoices.slice(0, Number(params.limit ?? 10)));
      }
      if (req.method === 'POST' && (m = /^\/v1\/invoices\/([^/]+)\/pay$/.exec(path))) {
        const invoice = allInvoices().find((i) => i.id === m![1]);
        if (!invoice) return error(404, `No such invoice: '${m[1]}'`, 'resource_missing');
        if (invoice.status !== 'open') return error(400, 'Invoice is already paid');
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        // Paying the latest invoice of a past-due subscription makes it active again.
        const sub = state.subscriptions.get(invoice.parent?.subscription_details?.subscription);
        if (sub && state.invoices.get(sub.id)?.[0] === invoice && sub.status === 'past_due') sub.status = 'active';
        return send(200, invoice);
      }
      if (req.method === 'POST' && path === '/v1/invoices/create_preview') {
        if (!params['subscription_details[items][0][price]']) {
          return send(200, { object: 'invoice', currency: 'usd', amount_due: state.upcomingAmountDue, total: state.upcomingAmountDue, lines: { object: 'list', data: [], has_more: false } });
        }
        const total = state.previewLines.reduce((s, l) => s + l.amount, 0);
        return send(200, { object: 'invoice', currency: 'usd', amount_due: Math.max(0, total), total, lines: { object: 'list', data: state.previewLines, has_more: false } });
      }
      if (req.method === 'GET' && path === '/v1/charges') return list([...state.charges.values()].filter((ch) => ch.customer === params.customer).slice(0, Number(params.limit ?? 10)));
      if (req.method === 'GET' && (m = /^\/v1\/charges\/([^/]+)$/.exec(path))) {
        const charge = state.charges.get(m[1]!);
        return charge ? send(200, charge) : error(404, 'No such charge', 'resource_missing');
      }
      if (req.method === 'GET' && path === '/v1/payment_intents') return list(state.paymentIntents.filter((p) => p.customer === params.customer).slice(0, Number(params.limit ?? 10)));
      if (req.method === 'GET' && path === '/v1/refunds') {
        return list(state.refunds.filter((r) => (params.payment_intent ? r.payment_intent === params.payment_intent : r.charge === params.charge)).reverse());
      }
      if (req.method === 'GET' && (m = /^\/v1\/refunds\/([^/]+)$/.exec(path))) {
        const refund = state.refunds.find((r) => r.id === m![1]);
        if (!refund) return error(404, `No such refund: '${m[1]}'`, 'resource_missing');
        return send(200, params['expand[0]'] === 'charge' ? { ...refund, charge: chargeOf(refund) ?? refund.charge } : refund);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        // The whole payment when no amount is given: the intent's amount, else what its invoice was paid.
        const intent = state.paymentIntents.find((pi) => pi.id === params.payment_intent);
        const paidInvoice = allInvoices().find((i) => i.payments?.data?.some((p: Obj) => p.payment?.payment_intent === params.payment_intent));
        const amount = intent?.amount ?? paidInvoice?.amount_paid ?? 999;
        const refunded = state.refunds.filter((r) => r.payment_intent === params.payment_intent && r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
        if (params.payment_intent && refunded >= amount) return error(400, `Charge for ${params.payment_intent} has already been refunded.`, 'charge_already_refunded');
        const refund = {
          id: next('re'),
          object: 'refund',
          amount: amount - refunded,
          currency: 'usd',
          status: state.refundStatus,
          payment_intent: params.payment_intent ?? null,
          charge: params.charge ?? null,
          metadata: Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice('metadata['.length, -1), v]] : []))),
        };
        state.refunds.push(refund);
        // Refunds show on the charge.
        const charge = chargeOf(refund);
        if (charge && refund.status === 'succeeded') charge.amount_refunded += refund.amount;
        return send(200, refund);
      }
      return error(404, `Unrecognized request URL (${req.method}: ${path})`);
    });
  });
  /** The charge a refund refunds. */
  const chargeOf = (refund: Obj) => [...state.charges.values()].find((ch) => (refund.payment_intent && ch.payment_intent === refund.payment_intent) || ch.id === refund.charge);

  /** A paid invoice's payment intent and charge (with its receipt), as Stripe records them. */
  function addPayment(invoice: Obj) {
    if (invoice.amount_paid <= 0) return;
    const intent = invoice.payments.data[0].payment.payment_intent;
    state.charges.set(`ch_${invoice.id}`, {
      id: `ch_${invoice.id}`,
      object: 'charge',
      customer: invoice.customer,
      payment_intent: intent,
      amount: invoice.amount_paid,
      amount_refunded: 0,
      currency: 'usd',
      receipt_url: `https://pay.stripe.test/receipts/${invoice.id}`,
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** The requests to one method and path, oldest first. */
    calls: (method: string, path: string | RegExp) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    fail(pattern: RegExp, status = 500, times = 1, params?: Record<string, string>) {
      failures.push({ pattern, status, remaining: times, params });
    },
    /** Puts a paid (or open) invoice of a subscription on record, with its payment and charge when paid. */
    addInvoice(over: Parameters<typeof stripeInvoice>[0]) {
      const invoice = stripeInvoice(over);
      state.invoices.set(over.subscription, [invoice, ...(state.invoices.get(over.subscription) ?? [])]);
      addPayment(invoice);
      return invoice;
    },
    /**
     * A refund that stood as succeeded fails, as one to a closed card does days later: what went back of its charge
     * goes down again. Returns the refund, for the events to carry.
     */
    failRefund(id: string): Obj {
      const refund = state.refunds.find((r) => r.id === id)!;
      const charge = chargeOf(refund);
      if (charge && refund.status === 'succeeded') charge.amount_refunded -= refund.amount;
      refund.status = 'failed';
      refund.failure_reason = 'expired_or_canceled_card';
      return refund;
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeMock = Awaited<ReturnType<typeof startStripeMock>>;
