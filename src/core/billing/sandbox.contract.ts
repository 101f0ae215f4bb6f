import { defineContract, json, optionalJsonBody } from '#core/common/contract';
import { sandboxRenewInputSchema, sandboxRenewResultSchema } from './schemas';

/** The sandbox payment provider's API: served only when the sandbox is the provider (server/modules/sandbox). */

export const sandboxRenewContract = defineContract({
  method: 'post',
  path: '/api/billing/sandbox/renew',
  tags: ['Billing (sandbox)'],
  auth: 'session',
  summary:
    'Sandbox provider only: move the signed-in user’s subscription to its next billing period, paid or failed, ' +
    'delivering the webhook events a renewal sends (a trial converts; failed → past_due; paid again settles it; a ' +
    'subscription set to cancel ends)',
  request: { body: optionalJsonBody(sandboxRenewInputSchema) },
  responses: { 200: json('Renewed', sandboxRenewResultSchema) },
  errors: [400, 401, 403, 404, 429],
});
