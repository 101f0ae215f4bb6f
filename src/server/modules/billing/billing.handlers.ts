import type { MiddlewareHandler } from 'hono';
import { PLAN_CATALOGUE } from '../../../core/billing/catalogue';
import { checkRefundEligibility } from '../../../core/billing/refund';
import { isSandbox } from '../../adapters/payments/sandbox';
import { AppError, fieldErrors } from '../../lib/app-error';
import type { SignedInEnv } from '../../lib/context';
import { legacyRouter } from '../../lib/router';
import type { BillingDeps } from './billing.deps';
import {
  cancelRoute,
  changePreviewRoute,
  changeRoute,
  checkoutRoute,
  invoicesRoute,
  plansRoute,
  portalRoute,
  refundEligibilityRoute,
  refundRoute,
  resumeRoute,
  sandboxRenewRoute,
  webhookRoute,
} from './billing.routes';
import { cancelSubscription } from './services/cancel-subscription';
import { changePlan, previewPlanChange } from './services/change-plan';
import { handleWebhookEvent, webhookEventSchema } from './services/handle-webhook-event';
import { listInvoices } from './services/list-invoices';
import { openBillingPortal } from './services/open-billing-portal';
import { refundSubscription } from './services/refund-subscription';
import { renewSandboxSubscription } from './services/renew-sandbox-subscription';
import { resumeSubscription } from './services/resume-subscription';
import { startCheckout } from './services/start-checkout';

export function billingRouter(deps: BillingDeps) {
  const app = legacyRouter();

  app.openapi(plansRoute, (c) => {
    const locale = c.req.valid('query').locale ?? 'en';
    return c.json(
      PLAN_CATALOGUE.map((p) => ({
        id: p.id,
        name: p.name[locale],
        price: p.priceMonthlyCents / 100,
        priceMonthlyCents: p.priceMonthlyCents,
        priceYearlyCents: p.priceYearlyCents,
        features: p.features.map((f) => f[locale]),
        limitations: p.limitations.map((l) => l[locale]),
        entitlements: p.entitlements,
      })),
      200,
    );
  });

  app.openapi(checkoutRoute, async (c) => c.json(await startCheckout(deps, c.get('user'), c.req.valid('json'), c.get('locale')), 200));
  app.openapi(portalRoute, async (c) => c.json(await openBillingPortal(deps, c.get('user'), c.req.valid('query').locale ?? c.get('locale')), 200));
  app.openapi(changeRoute, async (c) => c.json(await changePlan(deps, c.get('user'), c.req.valid('json')), 200));
  app.openapi(changePreviewRoute, async (c) => c.json(await previewPlanChange(deps, c.get('user'), c.req.valid('query').action), 200));
  app.openapi(cancelRoute, async (c) => c.json(await cancelSubscription(deps, c.get('user')), 200));
  app.openapi(resumeRoute, async (c) => c.json(await resumeSubscription(deps, c.get('user')), 200));
  app.openapi(invoicesRoute, async (c) => c.json(await listInvoices(deps, c.get('user'), c.req.valid('query').locale ?? c.get('locale')), 200));
  app.openapi(refundEligibilityRoute, (c) => c.json(checkRefundEligibility(c.get('user'), new Date()), 200));
  app.openapi(refundRoute, async (c) => {
    const body = (c.req.valid('json') as { reason?: string } | undefined) ?? {};
    return c.json(await refundSubscription(deps, c.get('user'), body.reason), 200);
  });

  const payments = deps.payments;
  if (isSandbox(payments)) {
    const sandboxDeps = { ...deps, payments };
    app.openapi(sandboxRenewRoute, async (c) => {
      const body = (c.req.valid('json') as { outcome?: 'paid' | 'failed' } | undefined) ?? {};
      return c.json(await renewSandboxSubscription(sandboxDeps, c.get('user'), body.outcome ?? 'paid'), 200);
    });
  }
  return app;
}

/** POST /api/webhooks/stripe: verify the raw body's signature, then hand the event to the billing use case. */
export function webhookRouter(
  deps: BillingDeps & { webhookSecret: string; signedLimiter: MiddlewareHandler<SignedInEnv>; unsignedLimiter: MiddlewareHandler<SignedInEnv> },
) {
  const app = legacyRouter();
  app.openapi(webhookRoute, async (c) => {
    const signature = c.req.header('stripe-signature');
    const raw = await c.req.text();
    // Imported with the first event: a server that takes no payments never loads the SDK.
    const { default: Stripe } = await import('stripe');
    let parsed: unknown;
    try {
      // The SDK's check (HMAC over timestamp + raw body, 300 s tolerance) needs no API key.
      parsed = Stripe.webhooks.constructEvent(raw, signature ?? '', deps.webhookSecret);
    } catch (error) {
      // Checked before the limit: a flood of junk is limited on its own and never refuses a signed event.
      await deps.unsignedLimiter(c, async () => {});
      if (error instanceof Stripe.errors.StripeSignatureVerificationError || !signature) {
        throw AppError.validation([{ field: 'stripe-signature', message: 'Missing or invalid webhook signature' }]);
      }
      throw AppError.validation([{ field: 'body', message: 'Malformed JSON in request body' }]);
    }
    await deps.signedLimiter(c, async () => {});
    const event = webhookEventSchema.safeParse(parsed);
    if (!event.success) throw AppError.validation(fieldErrors(event.error.issues));
    const outcome = await handleWebhookEvent(deps, event.data);
    return c.json({ received: true as const, outcome }, 200);
  });
  return app;
}
