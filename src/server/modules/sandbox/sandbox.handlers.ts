import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { sandboxRenewContract } from '#core/billing/sandbox.contract';
import { AppError } from '#server/lib/app-error';
import type { AppEnv } from '#server/lib/context';
import { envelope } from '#server/lib/error-handler';
import { createRouter, type Guards } from '#server/lib/router';
import type { BillingDeps } from '#server/modules/billing';
import { cardDigits, isPromotionCode, SANDBOX_CARDS, type CheckoutSessionRow, type SandboxProvider } from './sandbox.provider';
import { checkoutErrorText, portalExpiredText, receiptNotFoundText, renderCheckoutPage, renderMessagePage, renderPortalPage, renderReceiptPage, type CheckoutError } from './sandbox.pages';
import { renewSubscription } from './services/renew-subscription';

/** What the card form must hold before the sandbox "charges" it. */
export function cardFormError(form: { card: string; expiry: string; cvc: string }, now: Date): CheckoutError | null {
  const digits = cardDigits(form.card);
  if (!/^\d{12,19}$/.test(digits)) return 'card';
  const exp = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(form.expiry.trim());
  if (!exp) return 'expiry';
  const month = Number(exp[1]);
  const year = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  // A card is good through the last day of its expiry month.
  if (month < 1 || month > 12 || Date.UTC(year, month, 1) <= now.getTime()) return 'expiry';
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return 'cvc';
  if (digits === SANDBOX_CARDS.declined) return 'declined';
  if (digits !== SANDBOX_CARDS.success && digits !== SANDBOX_CARDS.refundFails) return 'unknownCard';
  return null;
}

/**
 * The sandbox's renewal hook (POST /api/billing/sandbox/renew), and its hosted pages: checkout at
 * /sandbox/checkout/:id, the billing portal at /sandbox/portal/:id and receipts at /sandbox/receipts/:invoiceId.
 * Like Stripe's hosted pages they are reached by an unguessable session id, not by our session cookie; they count
 * against the general API limit of the caller's address.
 */
export function sandboxRouter(guards: Guards, deps: BillingDeps & { payments: SandboxProvider }) {
  const { payments: sandbox, appUrl } = deps;
  const app = createRouter(guards);
  app.handle(sandboxRenewContract, async (c) => c.json(await renewSubscription(deps, c.get('user'), c.req.valid('json')?.outcome ?? 'paid'), 200));

  app.use('/sandbox/*', guards.limiter('api'));
  const html = (c: Context, body: string, status: 200 | 400 | 402 | 404 | 410 = 200) => {
    c.header('cache-control', 'no-store');
    return c.html(body, status);
  };
  const form = (v: unknown) => (typeof v === 'string' ? v : '');
  // An unknown session has no language of its own: say it in both.
  const notFound = () => renderMessagePage('en', `${checkoutErrorText('en', 'notFound')} ${checkoutErrorText('zh', 'notFound')}`, appUrl);
  // Expired by its age or by a newer checkout of the account. A client that asks for JSON gets the API's envelope.
  const isExpired = (session: CheckoutSessionRow) => session.status === 'expired' || session.expiresAt.getTime() < Date.now();
  const expired = (c: Context<AppEnv>, session: CheckoutSessionRow) => {
    const accept = c.req.header('accept') ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) return c.json(envelope(c, new AppError('CHECKOUT_EXPIRED')), 410);
    return html(c, renderMessagePage(session.locale, checkoutErrorText(session.locale, 'expired'), session.cancelUrl), 410);
  };

  app.get('/sandbox/checkout/:id', async (c) => {
    const session = await sandbox.checkoutSession(c.req.param('id'));
    if (!session) return html(c, notFound(), 404);
    if (session.status === 'complete') return c.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    if (isExpired(session)) return expired(c, session);
    const email = (await sandbox.customerEmail(session.customerId)) ?? '';
    return html(c, renderCheckoutPage({ session, appUrl, email, promotionApplied: Boolean(session.promotionCode) }));
  });

  app.post('/sandbox/checkout/:id', bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text('Payload too large', 413) }), async (c) => {
    const session = await sandbox.checkoutSession(c.req.param('id'));
    if (!session) return html(c, notFound(), 404);
    if (session.status === 'complete') return c.redirect(session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id), 303);
    if (isExpired(session)) return expired(c, session);

    let body: Record<string, unknown> = {};
    try {
      body = await c.req.parseBody();
    } catch {
      /* an unreadable form is an empty one */
    }
    // Everything typed comes back on the page of an error (a declined card, a wrong code): nothing to type again.
    const values = {
      card: form(body.card).slice(0, 23),
      expiry: form(body.expiry).slice(0, 7),
      cvc: form(body.cvc).slice(0, 4),
      name: form(body.name).slice(0, 100),
      promotionCode: form(body.promotionCode).trim().slice(0, 64),
    };
    const promo = session.promotionCode ?? (values.promotionCode || null);
    const email = (await sandbox.customerEmail(session.customerId)) ?? '';
    const show = (error: CheckoutError | undefined, status: 200 | 400 | 402, promotionApplied: boolean) =>
      html(c, renderCheckoutPage({ session, appUrl, email, error, values, promotionApplied }), status);

    if (promo && !isPromotionCode(promo)) return show('promo', 400, false);
    if (form(body.intent) === 'apply') return show(undefined, 200, Boolean(promo));
    const error = cardFormError({ card: form(body.card), expiry: form(body.expiry), cvc: form(body.cvc) }, new Date());
    if (error) return show(error, error === 'declined' || error === 'unknownCard' ? 402 : 400, Boolean(promo));

    const result = await sandbox.completeCheckout(session.id, { cardNumber: form(body.card), promotionCode: promo ?? undefined });
    if (result.ok) return c.redirect(result.redirectUrl, 303);
    if (result.reason === 'not_found') return html(c, notFound(), 404);
    if (result.reason === 'expired') return expired(c, session);
    return show(result.reason === 'invalid_promotion' ? 'promo' : 'declined', result.reason === 'declined' ? 402 : 400, false);
  });

  app.get('/sandbox/portal/:id', async (c) => {
    const view = await sandbox.portalSession(c.req.param('id'));
    if (!view) return html(c, renderMessagePage('en', `${portalExpiredText('en')} ${portalExpiredText('zh')}`, appUrl), 404);
    return html(c, renderPortalPage({ locale: view.session.locale, returnUrl: view.session.returnUrl, customer: view.customer, subscriptions: view.subscriptions, invoices: view.invoices }));
  });

  app.get('/sandbox/receipts/:id', async (c) => {
    const receipt = await sandbox.receipt(c.req.param('id'));
    if (!receipt) return html(c, renderMessagePage('en', `${receiptNotFoundText('en')} ${receiptNotFoundText('zh')}`, appUrl), 404);
    return html(c, renderReceiptPage({ ...receipt, backUrl: `${appUrl}/${receipt.locale}/app/settings?tab=billing` }));
  });

  return app;
}
