import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import {
  communitySettingsResponseSchema,
  communitySettingsUpdateSchema,
  deleteAccountSchema,
  fitnessGoalsSchema,
  fitnessGoalsUpdateSchema,
  meSchema,
  preferencesResponseSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
} from './schemas';

const tags = ['Profile'];

export const getMeContract = defineContract({
  method: 'get',
  path: '/api/me',
  tags,
  auth: 'session',
  summary: 'The signed-in user: profile, subscription, entitlements, preferences, goals, community settings, stats',
  responses: { 200: json('Profile', meSchema) },
  errors: [401, 404, 429],
});

export const updateMeContract = defineContract({
  method: 'patch',
  path: '/api/me',
  tags,
  auth: 'session',
  limit: 'profile',
  summary: 'Change the profile (name)',
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: json('Profile', meSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const deleteMeContract = defineContract({
  method: 'delete',
  path: '/api/me',
  tags,
  auth: 'session',
  limit: 'profile',
  summary: 'Delete the account and all its data',
  description:
    'Needs the current password (401 INVALID_CREDENTIALS when wrong); an account without one (Google sign-in only) needs a ' + 'sign-in within the last 10 minutes (403 otherwise).',
  request: { body: jsonBody(deleteAccountSchema) },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 403, 404, 429, 502],
});

export const savePreferencesContract = defineContract({
  method: 'put',
  path: '/api/me/preferences',
  tags,
  auth: 'session',
  limit: 'profile',
  summary: 'Save preferences (partial)',
  request: { body: jsonBody(preferencesUpdateSchema) },
  responses: { 200: json('Saved', preferencesResponseSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const saveFitnessGoalsContract = defineContract({
  method: 'put',
  path: '/api/me/fitness-goals',
  tags,
  auth: 'session',
  limit: 'profile',
  summary: 'Save fitness goals (partial)',
  request: { body: jsonBody(fitnessGoalsUpdateSchema) },
  responses: { 200: json('Saved', fitnessGoalsSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const saveCommunitySettingsContract = defineContract({
  method: 'put',
  path: '/api/me/community-settings',
  tags,
  auth: 'session',
  limit: 'profile',
  summary: 'Save community settings (partial)',
  request: { body: jsonBody(communitySettingsUpdateSchema) },
  responses: { 200: json('Saved', communitySettingsResponseSchema) },
  errors: [400, 401, 403, 404, 429],
});
