import { z } from 'zod';
import { defineContract, json, jsonBody } from '#core/common/contract';
import { IMAGE_MESSAGES } from '#core/common/images';
import { idSchema, localeSchema } from '#core/common/schemas';
import { entrySchema } from '../schemas';
import { logScanSchema, scanAllowanceSchema, scanResultSchema, SCAN_SOURCES } from './schemas';

const tags = ['Nutrition: photo scans'];
const params = z.object({ id: idSchema });

const scanFormSchema = z.object({
  image: z.string().meta({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP (or HEIC, when AVIF-coded); at most 10 MB' }),
  source: z.enum(SCAN_SOURCES).optional().meta({ default: 'upload', description: "'webcam' needs pro" }),
});

/**
 * Not validated from `scanFormSchema`: the handler reads the form itself, behind the photo's own body limit, so that
 * each field's mistake gets its own message (lib/router.ts `handleUpload`). The schema documents the form.
 */
export const scanContract = defineContract({
  method: 'post',
  path: '/api/nutrition/scans',
  tags,
  auth: 'session',
  limit: 'food',
  summary: 'Recognise the foods in a meal photo: a draft to correct, then log with POST /api/nutrition/scans/{id}/log',
  description:
    'Free: not available (except during the Pro trial). Basic: 5 scans per calendar month (UTC), upload only. ' +
    'Pro: unlimited, upload or webcam, and the photo is kept with the logged meal. Rate limit: food kind. ' +
    `Errors: 400 '${IMAGE_MESSAGES.imageRequired}', wrong type, unreadable image, bad source; 413 '${IMAGE_MESSAGES.imageTooLarge}'; ` +
    '403 SUBSCRIPTION_REQUIRED or LIMIT_EXCEEDED. Query `locale` (en, zh) names the foods; default: your language.',
  request: {
    query: z.object({ locale: localeSchema.optional() }),
    body: { required: true, content: { 'multipart/form-data': { schema: scanFormSchema } } },
  },
  responses: { 200: json('The draft', scanResultSchema) },
  errors: [400, 401, 403, 413, 429],
});

export const allowanceContract = defineContract({
  method: 'get',
  path: '/api/nutrition/scans/allowance',
  tags,
  auth: 'session',
  summary: 'Whether you may scan now, by webcam too, and how many scans are left this month',
  responses: { 200: json('Allowance', scanAllowanceSchema) },
  errors: [401, 429],
});

export const logScanContract = defineContract({
  method: 'post',
  path: '/api/nutrition/scans/{id}/log',
  tags,
  auth: 'session',
  summary: 'Log the corrected draft of a scan as entries of one meal (once per scan)',
  request: { params, body: jsonBody(logScanSchema) },
  responses: { 201: json('The logged entries', z.object({ items: z.array(entrySchema) })) },
  errors: [400, 401, 404, 429],
});

export const entryPhotoContract = defineContract({
  method: 'get',
  path: '/api/nutrition/entries/{id}/photo',
  tags,
  auth: 'session',
  summary: "The meal photo of one of your entries (pro meal storage); another user's entry is not found",
  request: { params },
  responses: { 200: { description: 'The photo', content: { 'image/jpeg': { schema: z.string().meta({ type: 'string', format: 'binary' }) } } } },
  errors: [400, 401, 404, 429],
});
