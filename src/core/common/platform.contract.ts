import { z } from 'zod';
import { defineContract, json } from './contract';

const tags = ['Platform'];

export const healthContract = defineContract({
  method: 'get',
  path: '/api/health',
  tags,
  auth: 'public',
  summary: 'Liveness and database reachability',
  description: 'The database is asked at most once a second: checks within that second get its answer.',
  responses: {
    200: json('Healthy', z.object({ status: z.literal('ok'), database: z.literal('ok') })),
    503: json('Database unreachable', z.object({ status: z.literal('error'), database: z.literal('error') })),
  },
  errors: [],
});

export const csrfTokenContract = defineContract({
  method: 'get',
  path: '/api/csrf-token',
  tags,
  auth: 'public',
  summary: 'Anti-forgery token; also set as the csrf-token cookie. Send it as x-csrf-token on every write.',
  responses: { 200: json('Token', z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) })) },
  errors: [],
});

export const configSchema = z.object({
  googleEnabled: z.boolean(),
  appUrl: z.string(),
  environment: z.enum(['development', 'production', 'test']),
  payments: z.enum(['sandbox', 'stripe']),
  supportEmail: z.email().nullable().meta({ description: 'Where people can write for help (SUPPORT_EMAIL); null when the deployment names none' }),
  labelPhotos: z.boolean().meta({ description: 'A nutrition label can be read from a photo (POST /api/foods/labels): a vision model is configured (AI_VISION_MODEL)' }),
});
export type AppConfig = z.infer<typeof configSchema>;

export const configContract = defineContract({
  method: 'get',
  path: '/api/config',
  tags,
  auth: 'public',
  summary: 'What the web app needs to know about this deployment',
  responses: { 200: json('Config', configSchema) },
  errors: [429],
});
