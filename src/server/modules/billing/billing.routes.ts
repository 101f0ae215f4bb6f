import { createRoute, z } from '@hono/zod-openapi';
import {
  checkoutInputSchema,
  invoiceListSchema,
  invoicesQuerySchema,
  messageResultSchema,
  planChangeInputSchema,
  planChangePreviewQuerySchema,
  planChangePreviewSchema,
  refundCheckSchema,
  refundInputSchema,
  refundResultSchema,
  sandboxRenewInputSchema,
  sandboxRenewResultSchema,
  urlResultSchema,
} from '../../../core/billing/schemas';
import { entitlementsSchema } from '../../../core/profile/schemas';
import { errorResponses, jsonBody } from '../../lib/openapi';

const tags = ['Billing'];
const security = [{ session: [] }];
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

export const planSchema = z.object({
  id: z.enum(['free', 'basic', 'pro']),
  name: z.string(),
  price: z.number(),
  priceMonthlyCents: z.number().int(),
  priceYearlyCents: z.number().int(),
  features: z.array(z.string()),
  limitations: z.array(z.string()),
  entitlements: entitlementsSchema,
});

export const plansRoute = createRoute({
  method: 'get',
  path: '/api/billing/plans',
  tags,
  summary: 'The plan catalogue: tiers, prices, features, limitations and entitlements',
  request: { query: z.object({ locale: z.enum(['en', 'zh']).optional() }) },
  responses: { 200: json('Plans', z.array(planSchema)) },
});

export const checkoutRoute = createRoute({
  method: 'post',
  path: '/api/billing/checkout',
  tags,
  security,
  summary: 'Start a checkout for basic or pro: the URL of the provider’s checkout page (Pro comes with a 7-day trial once per account)',
  request: { body: jsonBody(checkoutInputSchema) },
  responses: { 200: json('Checkout page', urlResultSchema), ...errorResponses(400, 401, 403, 429, 502) },
});

export const portalRoute = createRoute({
  method: 'post',
  path: '/api/billing/portal',
  tags,
  security,
  summary: 'The provider’s billing portal (payment method, invoices)',
  request: { query: z.object({ locale: z.enum(['en', 'zh']).optional() }) },
  responses: { 200: json('Portal page', urlResultSchema), ...errorResponses(400, 401, 403, 429, 502) },
});

export const changeRoute = createRoute({
  method: 'post',
  path: '/api/billing/change',
  tags,
  security,
  summary:
    'Upgrade (basic → pro: the proration is invoiced and paid at once) or downgrade (pro → basic: a credit on the next ' +
    'invoice), prorated to the preview’s prorationDate when given, else to now',
  request: { body: jsonBody(planChangeInputSchema) },
  responses: { 200: json('Changed', messageResultSchema), ...errorResponses(400, 401, 403, 429, 502) },
});

export const changePreviewRoute = createRoute({
  method: 'get',
  path: '/api/billing/change/preview',
  tags,
  security,
  summary:
    'What an upgrade or downgrade charges now, in cents (negative: a credit for the next invoice), and the moment it is ' +
    'prorated to: POST /api/billing/change with that prorationDate (within 30 minutes) is charged exactly this amount',
  request: { query: planChangePreviewQuerySchema },
  responses: { 200: json('Preview', planChangePreviewSchema), ...errorResponses(400, 401, 429, 502) },
});

export const cancelRoute = createRoute({
  method: 'post',
  path: '/api/billing/cancel',
  tags,
  security,
  summary: 'Cancel at the end of the billing period (status canceling, cancelAt set)',
  responses: { 200: json('Scheduled', messageResultSchema), ...errorResponses(400, 401, 403, 429, 502) },
});

export const resumeRoute = createRoute({
  method: 'post',
  path: '/api/billing/resume',
  tags,
  security,
  summary: 'Take back a cancellation before the period ends: status active again, cancelAt cleared, renews as before',
  responses: { 200: json('Resumed', messageResultSchema), ...errorResponses(400, 401, 403, 429, 502) },
});

export const invoicesRoute = createRoute({
  method: 'get',
  path: '/api/billing/invoices',
  tags,
  security,
  summary:
    'The billing history from the provider, newest first (status paid, refunded, partially_refunded, open or void; ' +
    'descriptions in the locale asked for, else the user’s), and the next payment as the provider computes it',
  request: { query: invoicesQuerySchema },
  responses: { 200: json('Invoices', invoiceListSchema), ...errorResponses(400, 401, 429, 502) },
});

export const refundEligibilityRoute = createRoute({
  method: 'get',
  path: '/api/billing/refund-eligibility',
  tags,
  security,
  summary: 'Whether the 14-day money-back guarantee applies now, and why',
  responses: { 200: json('Eligibility', refundCheckSchema), ...errorResponses(401, 429) },
});

export const refundRoute = createRoute({
  method: 'post',
  path: '/api/billing/refund',
  tags,
  security,
  summary:
    'Refund under the guarantee everything paid for the subscription since it started, one refund per payment; the ' +
    'subscription ends now (amount: the sum refunded, in major units)',
  request: { body: { required: false, content: { 'application/json': { schema: refundInputSchema } } } },
  responses: { 200: json('Refunded', refundResultSchema), ...errorResponses(400, 401, 403, 429, 502) },
});

export const sandboxRenewRoute = createRoute({
  method: 'post',
  path: '/api/billing/sandbox/renew',
  tags: ['Billing (sandbox)'],
  security,
  summary:
    'Sandbox provider only: move the signed-in user’s subscription to its next billing period, paid or failed, ' +
    'delivering the webhook events a renewal sends (a trial converts; failed → past_due; paid again settles it; a ' +
    'subscription set to cancel ends)',
  request: { body: { required: false, content: { 'application/json': { schema: sandboxRenewInputSchema } } } },
  responses: { 200: json('Renewed', sandboxRenewResultSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const webhookRoute = createRoute({
  method: 'post',
  path: '/api/webhooks/stripe',
  tags: ['Webhooks'],
  summary:
    'Payment provider events (Stripe, or the sandbox provider). The raw body is verified against the stripe-signature ' +
    'header; each event id is applied once. Handled: checkout.session.completed, customer.subscription.created/updated/' +
    'deleted, invoice.paid, invoice.payment_failed, charge.refunded.',
  request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
  responses: {
    200: json('Received', z.object({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored']) })),
    ...errorResponses(400, 429, 502),
  },
});
