import { createRoute, z } from '@hono/zod-openapi';
import {
  communitySettingsSchema,
  communitySettingsUpdateSchema,
  deleteAccountSchema,
  fitnessGoalsSchema,
  fitnessGoalsUpdateSchema,
  meSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
} from '../../../core/profile/schemas';
import { errorResponses, jsonBody } from '../../lib/openapi';

const tags = ['Profile'];
const security = [{ session: [] }];

export const getMeRoute = createRoute({
  method: 'get',
  path: '/api/me',
  tags,
  security,
  summary: 'The signed-in user: profile, subscription, entitlements, preferences, goals, community settings, stats',
  responses: { 200: { description: 'Profile', content: { 'application/json': { schema: meSchema } } }, ...errorResponses(401, 404, 429) },
});

export const patchMeRoute = createRoute({
  method: 'patch',
  path: '/api/me',
  tags,
  security,
  summary: 'Change the profile (name)',
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: { description: 'Profile', content: { 'application/json': { schema: meSchema } } }, ...errorResponses(400, 401, 403, 404, 429) },
});

export const deleteMeRoute = createRoute({
  method: 'delete',
  path: '/api/me',
  tags,
  security,
  summary: 'Delete the account and all its data',
  description:
    'Needs the current password (401 INVALID_CREDENTIALS when wrong); an account without one (Google sign-in only) needs a ' +
    'sign-in within the last 10 minutes (403 otherwise).',
  request: { body: jsonBody(deleteAccountSchema) },
  responses: {
    200: { description: 'Deleted', content: { 'application/json': { schema: z.object({ success: z.literal(true) }) } } },
    ...errorResponses(400, 401, 403, 404, 429, 502),
  },
});

function upsertRoute<B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, body: B, result: R) {
  return createRoute({
    method: 'put',
    path,
    tags,
    security,
    summary,
    request: { body: jsonBody(body) },
    responses: { 200: { description: 'Saved', content: { 'application/json': { schema: result } } }, ...errorResponses(400, 401, 403, 404, 429) },
  });
}

export const putPreferencesRoute = upsertRoute('/api/me/preferences', 'Save preferences (partial)', preferencesUpdateSchema, preferencesSchema);
export const putFitnessGoalsRoute = upsertRoute('/api/me/fitness-goals', 'Save fitness goals (partial)', fitnessGoalsUpdateSchema, fitnessGoalsSchema);
export const putCommunitySettingsRoute = upsertRoute(
  '/api/me/community-settings',
  'Save community settings (partial)',
  communitySettingsUpdateSchema,
  communitySettingsSchema,
);
