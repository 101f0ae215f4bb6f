import { createRoute, z } from '@hono/zod-openapi';
import { idSchema } from '../../../../core/common/schemas';
import { entrySchema } from '../../../../core/nutrition';
import { logScanSchema, scanAllowanceSchema, scanResultSchema, SCAN_MESSAGES, SCAN_SOURCES } from '../../../../core/nutrition/scans/schemas';
import { errorResponses, jsonBody } from '../../../lib/openapi';

const security = [{ session: [] }];
const tags = ['Nutrition: photo scans'];
const params = z.object({ id: idSchema });
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

const scanFormSchema = z.object({
  image: z.string().openapi({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP (or HEIC, when AVIF-coded); at most 10 MB' }),
  source: z.enum(SCAN_SOURCES).optional().openapi({ default: 'upload', description: "'webcam' needs pro" }),
});

/**
 * Documented only: the handler reads the form itself (see scans.handlers.ts), so this route is registered in the
 * OpenAPI registry rather than through the validating `app.openapi`.
 */
export const scanRoute = createRoute({
  method: 'post',
  path: '/api/nutrition/scans',
  tags,
  security,
  summary: 'Recognise the foods in a meal photo: a draft to correct, then log with POST /api/nutrition/scans/{id}/log',
  description:
    'Free: not available (except during the Pro trial). Basic: 5 scans per calendar month (UTC), upload only. ' +
    'Pro: unlimited, upload or webcam, and the photo is kept with the logged meal. Rate limit: food kind. ' +
    `Errors: 400 '${SCAN_MESSAGES.imageRequired}', wrong type, unreadable image, bad source; 413 '${SCAN_MESSAGES.imageTooLarge}'; ` +
    '403 SUBSCRIPTION_REQUIRED or LIMIT_EXCEEDED. Query `locale` (en, zh) names the foods; default: your language.',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: scanFormSchema } } } },
  responses: { 200: json('The draft', scanResultSchema), ...errorResponses(400, 401, 403, 413, 429) },
});

export const allowanceRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/scans/allowance',
  tags,
  security,
  summary: 'Whether you may scan now, by webcam too, and how many scans are left this month',
  responses: { 200: json('Allowance', scanAllowanceSchema), ...errorResponses(401, 429) },
});

export const logScanRoute = createRoute({
  method: 'post',
  path: '/api/nutrition/scans/{id}/log',
  tags,
  security,
  summary: 'Log the corrected draft of a scan as entries of one meal (once per scan)',
  request: { params, body: jsonBody(logScanSchema) },
  responses: { 201: json('The logged entries', z.object({ items: z.array(entrySchema) })), ...errorResponses(400, 401, 404, 429) },
});

export const entryPhotoRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/entries/{id}/photo',
  tags,
  security,
  summary: "The meal photo of one of your entries (pro meal storage); another user's entry is not found",
  request: { params },
  responses: { 200: { description: 'The photo', content: { 'image/jpeg': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } }, ...errorResponses(400, 401, 404, 429) },
});
