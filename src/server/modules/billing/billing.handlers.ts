import type { MiddlewareHandler } from 'hono';
import {
  cancelContract,
  changeContract,
  changePreviewContract,
  checkoutContract,
  invoicesContract,
  catalogueContract,
  portalContract,
  refundContract,
  refundEligibilityContract,
  resumeContract,
  webhookContract,
} from '#core/billing/billing.contract';
import { PLAN_CATALOGUE } from '#core/billing/catalogue';
import { checkRefundEligibility } from '#core/billing/refund';
import { BILLING_MESSAGES } from '#core/billing/messages';
import { REQUEST_MESSAGES } from '#core/errors/request';
import { AppError, fieldErrors } from '#server/lib/app-error';
import { createRouter, type Guards } from '#server/lib/router';
import type { BillingDeps } from './billing.deps';
import { cancelSubscription } from './services/cancel-subscription';
import { changePlan, previewPlanChange } from './services/change-plan';
import { handleWebhookEvent, webhookEventSchema } from './services/handle-webhook-event';
import { listInvoices } from './services/list-invoices';
import { openBillingPortal } from './services/open-billing-portal';
import { refundSubscription } from './services/refund-subscription';
import { resumeSubscription } from './services/resume-subscription';
import { startCheckout } from './services/start-checkout';

export function billingRouter(guards: Guards, deps: BillingDeps) {
  const app = createRouter(guards);

  app.handle(catalogueContract, (c) => {
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

  app.handle(checkoutContract, async (c) => c.json(await startCheckout(deps, c.get('user'), c.req.valid('json'), c.get('locale')), 200));
  app.handle(portalContract, async (c) => c.json(await openBillingPortal(deps, c.get('user'), c.req.valid('query').locale ?? c.get('locale')), 200));
  app.handle(changeContract, async (c) => c.json(await changePlan(deps, c.get('user'), c.req.valid('json')), 200));
  app.handle(changePreviewContract, async (c) => c.json(await previewPlanChange(deps, c.get('user'), c.req.valid('query').action), 200));
  app.handle(cancelContract, async (c) => c.json(await cancelSubscription(deps, c.get('user')), 200));
  app.handle(resumeContract, async (c) => c.json(await resumeSubscription(deps, c.get('user')), 200));
  app.handle(invoicesContract, async (c) => c.json(await listInvoices(deps, c.get('user'), c.req.valid('query').locale ?? c.get('locale')), 200));
  app.handle(refundEligibilityContract, (c) => c.json(checkRefundEligibility(c.get('user'), new Date()), 200));
  app.handle(refundContract, async (c) => c.json(await refundSubscription(deps, c.get('user'), c.req.valid('json')?.reason), 200));
  return app;
}

/**
 * POST /api/webhooks/stripe: verify the raw body's signature, then hand the event to the billing use case. A signed
 * event counts against the contract's webhook limit; anything else against `unsignedLimiter`, the same limit counted
 * apart, so junk from an address cannot use up what signed events need.
 */
export function webhookRouter(guards: Guards, deps: BillingDeps & { webhookSecret: string; unsignedLimiter: MiddlewareHandler }) {
  const app = createRouter(guards);
  app.handle(webhookContract, async (c) => {
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
        throw AppError.validation([{ field: 'stripe-signature', message: BILLING_MESSAGES.webhookSignature }]);
      }
      throw AppError.validation([{ field: 'body', message: REQUEST_MESSAGES.malformedJson }]);
    }
    await c.var.countLimit();
    const event = webhookEventSchema.safeParse(parsed);
    if (!event.success) throw AppError.validation(fieldErrors(event.error.issues));
    const outcome = await handleWebhookEvent(deps, event.data);
    return c.json({ received: true as const, outcome }, 200);
  });
  return app;
}
