import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SandboxProvider } from '#server/modules/sandbox';
import { users } from '#server/db/schema';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from './test-app';

/** A test app for billing flows (limits far above what the flows use) and its sandbox provider, whose events a test may hold. */
export async function startBillingApp(): Promise<{ t: TestApp; sandbox: SandboxProvider }> {
  const t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '1000/1m', RATE_LIMIT_WEBHOOK: '10000/1m' });
  return { t, sandbox: t.payments as SandboxProvider };
}

/** Runs `fn` with the sandbox holding its webhook events back: the test then decides when and how they arrive. */
export async function withEventsHeld<T>(sandbox: SandboxProvider, fn: () => Promise<T>): Promise<T> {
  sandbox.holdEvents(true);
  try {
    return await fn();
  } finally {
    sandbox.holdEvents(false);
  }
}

/** The settings of an app that bills through Stripe, the real SDK sent to the Stripe-shaped server at `apiUrl`. */
export const stripeAppEnv = (apiUrl: string, webhookSecret: string) => ({
  RATE_LIMIT_AUTH: '1000/15m',
  RATE_LIMIT_API: '1000/1m',
  STRIPE_SECRET_KEY: 'sk_test_app',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: apiUrl,
  STRIPE_PRICE_BASIC_MONTH: 'price_basic_month',
  STRIPE_PRICE_BASIC_YEAR: 'price_basic_year',
  STRIPE_PRICE_PRO_MONTH: 'price_pro_month',
  STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
});

export const TEST_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

/** The path (and query) of an absolute URL the app handed out, to request through the in-process client. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Submits the sandbox checkout form the way a browser does. */
export function submitCheckout(c: TestClient, checkoutUrl: string, fields: Record<string, string>): Promise<TestResponse<string>> {
  const form = new URLSearchParams({ card: TEST_CARD, expiry: '12 / 34', cvc: '123', name: 'Test Person', intent: 'pay', ...fields });
  return c.request<string>('POST', pathOf(checkoutUrl), {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** Checkout → the sandbox page → the test card → events → back on the success page. Returns /api/me after. */
export async function subscribe(t: TestApp, c: TestClient, plan: 'basic' | 'pro', opts: { interval?: 'month' | 'year'; promotionCode?: string; locale?: 'en' | 'zh' } = {}) {
  const start = await c.post('/api/billing/checkout', { plan, interval: opts.interval ?? 'month', ...(opts.locale ? { locale: opts.locale } : {}) });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const page = await c.get(pathOf(start.body.url));
  expect(page.status).toBe(200);
  const done = await submitCheckout(c, start.body.url, opts.promotionCode ? { promotionCode: opts.promotionCode } : {});
  expect(done.status, String(done.body).slice(0, 500)).toBe(303);
  expect(done.headers.get('location')).toContain(`${t.env.appUrl}/${opts.locale ?? 'en'}/app/billing?checkout=success&session_id=cs_sbx_`);
  return (await c.get('/api/me')).body;
}

export async function userRow(t: TestApp, email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row!;
}

export async function setUser(t: TestApp, email: string, values: Partial<typeof users.$inferInsert>) {
  await t.db.update(users).set(values).where(eq(users.email, email));
}

export const DAY = 86_400_000;
