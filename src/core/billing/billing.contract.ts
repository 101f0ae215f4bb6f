import { z } from 'zod';
import { defineContract, json, jsonBody, optionalJsonBody } from '#core/common/contract';
import {
  checkoutInputSchema,
  invoiceListSchema,
  invoicesQuerySchema,
  messageResultSchema,
  planChangeInputSchema,
  planChangePreviewQuerySchema,
  planChangePreviewSchema,
  subscriptionPlanSchema,
  refundCheckSchema,
  refundInputSchema,
  refundResultSchema,
  urlResultSchema,
} from './schemas';

/** The billing API: the public plan catalogue, the signed-in user's subscription, and the provider's webhook. */

const tags = ['Billing'];
const localeQuery = z.object({ locale: z.enum(['en', 'zh']).optional() });

export const catalogueContract = defineContract({
  method: 'get',
  path: '/api/billing/plans',
  tags,
  auth: 'public',
  summary: 'The plan catalogue: tiers, prices, features, limitations and entitlements',
  request: { query: localeQuery },
  responses: { 200: json('Plans', z.array(subscriptionPlanSchema)) },
  errors: [],
});

export const checkoutContract = defineContract({
  method: 'post',
  path: '/api/billing/checkout',
  tags,
  auth: 'session',
  summary: 'Start a checkout for basic or pro: the URL of the provider’s checkout page (Pro comes with a 7-day trial once per account)',
  request: { body: jsonBody(checkoutInputSchema) },
  responses: { 200: json('Checkout page', urlResultSchema) },
  errors: [400, 401, 403, 429, 502],
});

export const portalContract = defineContract({
  method: 'post',
  path: '/api/billing/portal',
  tags,
  auth: 'session',
  summary: 'The provider’s billing portal (payment method, invoices)',
  request: { query: localeQuery },
  responses: { 200: json('Portal page', urlResultSchema) },
  errors: [400, 401, 403, 429, 502],
});

export const changeContract = defineContract({
  method: 'post',
  path: '/api/billing/change',
  tags,
  auth: 'session',
  summary:
    'Upgrade (basic → pro: the proration is invoiced and paid at once) or downgrade (pro → basic: a credit on the next ' +
    'invoice), prorated to the preview’s prorationDate when given, else to now',
  request: { body: jsonBody(planChangeInputSchema) },
  responses: { 200: json('Changed', messageResultSchema) },
  errors: [400, 401, 403, 429, 502],
});

export const changePreviewContract = defineContract({
  method: 'get',
  path: '/api/billing/change/preview',
  tags,
  auth: 'session',
  summary:
    'What an upgrade or downgrade charges now, in cents (negative: a credit for the next invoice), what a past-due ' +
    'subscription owes and pays first with the change (overdueCents), and the moment it is prorated to: POST ' +
    '/api/billing/change with that prorationDate (within 30 minutes) is charged exactly overdueCents plus a positive amount',
  request: { query: planChangePreviewQuerySchema },
  responses: { 200: json('Preview', planChangePreviewSchema) },
  errors: [400, 401, 429, 502],
});

export const cancelContract = defineContract({
  method: 'post',
  path: '/api/billing/cancel',
  tags,
  auth: 'session',
  summary: 'Cancel at the end of the billing period (status canceling, cancelAt set)',
  responses: { 200: json('Scheduled', messageResultSchema) },
  errors: [400, 401, 403, 429, 502],
});

export const resumeContract = defineContract({
  method: 'post',
  path: '/api/billing/resume',
  tags,
  auth: 'session',
  summary: 'Take back a cancellation before the period ends: status active again, cancelAt cleared, renews as before',
  responses: { 200: json('Resumed', messageResultSchema) },
  errors: [400, 401, 403, 429, 502],
});

export const invoicesContract = defineContract({
  method: 'get',
  path: '/api/billing/invoices',
  tags,
  auth: 'session',
  summary:
    'The billing history from the provider, newest first (status paid, refunded, partially_refunded, open or void; a ' +
    'refund that failed after it was created no longer counts, so its invoice reads paid again; ' +
    'descriptions in the locale asked for, else the user’s), and the next payment as the provider computes it',
  request: { query: invoicesQuerySchema },
  responses: { 200: json('Invoices', invoiceListSchema) },
  errors: [400, 401, 429, 502],
});

export const refundEligibilityContract = defineContract({
  method: 'get',
  path: '/api/billing/refund-eligibility',
  tags,
  auth: 'session',
  summary: 'Whether the 14-day money-back guarantee applies now, and why',
  responses: { 200: json('Eligibility', refundCheckSchema) },
  errors: [401, 429],
});

export const refundContract = defineContract({
  method: 'post',
  path: '/api/billing/refund',
  tags,
  auth: 'session',
  summary:
    'Refund under the guarantee everything paid for the subscription since it started, one refund per payment; the ' +
    'subscription ends now (amount: the sum refunded, in major units). A refund the bank refuses later (refund.failed) ' +
    'is reported by email, and the guarantee may then be asked for again while the subscription is live',
  request: { body: optionalJsonBody(refundInputSchema) },
  responses: { 200: json('Refunded', refundResultSchema) },
  errors: [400, 401, 403, 429, 502],
});

export const webhookContract = defineContract({
  method: 'post',
  path: '/api/webhooks/stripe',
  tags: ['Webhooks'],
  auth: 'public',
  // Counted by the handler once the signature holds: junk is counted apart, and never uses up what signed events need.
  limit: 'webhook',
  limitAt: 'handler',
  summary:
    'Payment provider events (Stripe, or the sandbox provider). The raw body is verified against the stripe-signature ' +
    'header; each event id is applied once. Handled: checkout.session.completed, customer.subscription.created/updated/' +
    'deleted, invoice.paid, invoice.payment_failed, charge.refunded, and refund.failed / charge.refund.updated (a ' +
    'refund that failed after it was created: the refund is re-read from the provider, and its failure is applied once ' +
    'per refund, whichever of its events comes first: the user is emailed the amount, an operator is told, and a ' +
    'refund of the guarantee no longer counts as the guarantee used). Events about nothing of ours are acknowledged.',
  request: { headers: z.object({ 'stripe-signature': z.string().optional() }) },
  responses: {
    200: json('Received', z.object({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored']) })),
  },
  errors: [400, 429, 502],
});
