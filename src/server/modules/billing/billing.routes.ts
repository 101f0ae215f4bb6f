import { createRoute, z } from '@hono/zod-openapi';
import { entitlementsSchema } from '../../../core/profile/schemas';

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
  tags: ['Billing'],
  summary: 'The plan catalogue: tiers, prices, features, limitations and entitlements',
  request: { query: z.object({ locale: z.enum(['en', 'zh']).optional() }) },
  responses: { 200: { description: 'Plans', content: { 'application/json': { schema: z.array(planSchema) } } } },
});
