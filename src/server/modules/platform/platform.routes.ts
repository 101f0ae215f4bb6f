import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../../lib/openapi';

const tags = ['Platform'];

export const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags,
  summary: 'Liveness and database reachability',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: z.object({ status: z.literal('error'), database: z.literal('error') }) } } },
  },
});

export const csrfTokenRoute = createRoute({
  method: 'get',
  path: '/api/csrf-token',
  tags,
  summary: 'Anti-forgery token; also set as the csrf-token cookie. Send it as x-csrf-token on every write.',
  responses: { 200: { description: 'Token', content: { 'application/json': { schema: z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) }) } } } },
});

export const configSchema = z.object({
  googleEnabled: z.boolean(),
  appUrl: z.string(),
  environment: z.enum(['development', 'production', 'test']),
  payments: z.enum(['sandbox', 'stripe']),
  supportEmail: z.email().nullable().openapi({ description: 'Where people can write for help (SUPPORT_EMAIL); null when the deployment names none' }),
});

export const configRoute = createRoute({
  method: 'get',
  path: '/api/config',
  tags,
  summary: 'What the web app needs to know about this deployment',
  responses: { 200: { description: 'Config', content: { 'application/json': { schema: configSchema } } }, ...errorResponses(429) },
});
