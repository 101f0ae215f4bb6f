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
  refundStatus: string;
}

const now = () => Math.floor(Date.now() / 1000);

export function stripeSubscription(over: Partial<{ id: string; customer: string; price: string; unitAmount: number; interval: 'month' | 'year'; status: string; cancelAtPeriodEnd: boolean; trialStart: number | null; trialEnd: number | null; periodStart: number; periodEnd: number; userId: string; plan: string }> = {}): Obj {
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
          price: { id: over.price ?? 'price_basic_month', object: 'price', unit_amount: over.unitAmount ?? 999, currency: 'usd', recurring: { interval: over.interval ?? 'month', interval_count: 1 } },
        },
      ],
    },
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
    refundStatus: 'succeeded',
  };
  /** Paths (regex) answered with a Stripe error of this status, once each. */
  const failures: { pattern: RegExp; status: number; remaining: number }[] = [];
  let counter = 0;
  const next = (prefix: string) => `${prefix}_mock_${++counter}`;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = Object.fromEntries(new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : raw));
      const path = url.pathname;
      requests.push({ method: req.method ?? 'GET', path, params, headers: req.headers });
      const send = (status: number, body: Obj) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}`, 'stripe-should-retry': 'false' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, code?: string) =>
        send(status, { error: { type: status === 404 ? 'invalid_request_error' : 'api_error', message, ...(code ? { code } : {}) } });
      const failure = failures.find((f) => f.remaining > 0 && f.pattern.test(`${req.method} ${path}`));
      if (failure) {
        failure.remaining--;
        return error(failure.status, 'Simulated provider failure with internal detail sk_live_secret');
      }
      const list = (data: Obj[]) => send(200, { object: 'list', data, has_more: false, url: path });
      let m: RegExpExecArray | null;

      if (req.method === 'POST' && path === '/v1/customers') return send(200, { id: next('cus'), object: 'customer', email: params.email, metadata: { user_id: params['metadata[user_id]'] } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = next('cs');
        return send(200, { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, mode: 'subscription' });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') return send(200, { id: next('bps'), object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session/x' });
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
        return send(200, sub);
      }
      if (req.method === 'GET' && path === '/v1/invoices') return list((state.invoices.get(params.subscription ?? '') ?? []).slice(0, Number(params.limit ?? 10)));
      if (req.method === 'POST' && path === '/v1/invoices/create_preview') {
        return send(200, { object: 'invoice', currency: 'usd', amount_due: state.previewLines.reduce((s, l) => s + l.amount, 0), lines: { object: 'list', data: state.previewLines, has_more: false } });
      }
      if (req.method === 'GET' && (m = /^\/v1\/charges\/([^/]+)$/.exec(path))) {
        const charge = state.charges.get(m[1]!);
        return charge ? send(200, charge) : error(404, 'No such charge', 'resource_missing');
      }
      if (req.method === 'GET' && path === '/v1/payment_intents') return list(state.paymentIntents.filter((p) => p.customer === params.customer).slice(0, Number(params.limit ?? 10)));
      if (req.method === 'POST' && path === '/v1/refunds') {
        return send(200, { id: next('re'), object: 'refund', amount: 999, currency: 'usd', status: state.refundStatus, payment_intent: params.payment_intent ?? null, charge: params.charge ?? null });
      }
      return error(404, `Unrecognized request URL (${req.method}: ${path})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    /** The requests to one method and path, oldest first. */
    calls: (method: string, path: string | RegExp) => requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))),
    fail(pattern: RegExp, status = 500, times = 1) {
      failures.push({ pattern, status, remaining: times });
    },
    reset() {
      requests.length = 0;
      failures.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeMock = Awaited<ReturnType<typeof startStripeMock>>;
