import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { IMAGE_MESSAGES } from '#core/common/images';
import { bodyDateParamsSchema, bodyEntriesQuerySchema, bodyEntriesSchema, bodyEntryInputSchema, bodyEntrySchema, bodyPhotoParamsSchema } from './schemas';
import { BODY_MESSAGES } from './messages';

const tags = ['Body'];

export const listBodyEntriesContract = defineContract({
  method: 'get',
  path: '/api/body/entries',
  tags,
  auth: 'session',
  summary: 'Your body entries, oldest first, with the trend weight; startDate and endDate are days in your time zone, both included',
  description:
    'Without startDate the list starts at your first entry; without endDate it ends today. The trend is an exponential ' +
    'moving average of the weigh-ins (smoothing 0.1 a day, gaps counted by their length), warmed up on the 90 days ' +
    'before the range.',
  request: { query: bodyEntriesQuerySchema },
  responses: { 200: json('Entries and trend', bodyEntriesSchema) },
  errors: [400, 401, 429],
});

export const putBodyEntryContract = defineContract({
  method: 'put',
  path: '/api/body/entries/{date}',
  tags,
  auth: 'session',
  summary: "Log or change a day's weight, body fat, circumferences and note (metric); what is left out keeps its value, null clears it",
  description: `The day may not be after your today. The latest weigh-in becomes your profile's weight. An entry left with nothing: 400 '${BODY_MESSAGES.empty}'.`,
  request: { params: bodyDateParamsSchema, body: jsonBody(bodyEntryInputSchema) },
  responses: { 200: json('The entry', bodyEntrySchema) },
  errors: [400, 401, 429],
});

export const deleteBodyEntryContract = defineContract({
  method: 'delete',
  path: '/api/body/entries/{date}',
  tags,
  auth: 'session',
  summary: "Delete a day's entry and its photos",
  request: { params: bodyDateParamsSchema },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 404, 429],
});

const photoFormSchema = z.object({
  image: z.string().meta({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP (or HEIC, when AVIF-coded); at most 10 MB' }),
});

/** Not validated from `photoFormSchema`: the handler reads the form itself, behind the photo's own body limit. */
export const addBodyPhotoContract = defineContract({
  method: 'post',
  path: '/api/body/entries/{date}/photos',
  tags,
  auth: 'session',
  summary: 'Add a progress photo to a day (pro); the day gets an entry if it had none',
  description:
    'Pro (and the Pro trial) only: 403 SUBSCRIPTION_REQUIRED otherwise. The photo is turned upright, shrunk to 1280 px ' +
    `and kept without its metadata, visible to you only. At most 3 a day. Errors: 400 '${IMAGE_MESSAGES.imageRequired}', ` +
    `wrong type, unreadable image; 413 '${IMAGE_MESSAGES.imageTooLarge}'.`,
  request: { params: bodyDateParamsSchema, body: { required: true, content: { 'multipart/form-data': { schema: photoFormSchema } } } },
  responses: { 201: json('The entry with its photos', bodyEntrySchema) },
  errors: [400, 401, 403, 413, 429],
});

export const bodyPhotoContract = defineContract({
  method: 'get',
  path: '/api/body/photos/{id}',
  tags,
  auth: 'session',
  summary: "One of your progress photos; another user's is not found",
  request: { params: bodyPhotoParamsSchema },
  responses: { 200: { description: 'The photo', content: { 'image/jpeg': { schema: z.string().meta({ type: 'string', format: 'binary' }) } } } },
  errors: [400, 401, 404, 429],
});

export const deleteBodyPhotoContract = defineContract({
  method: 'delete',
  path: '/api/body/photos/{id}',
  tags,
  auth: 'session',
  summary: 'Delete one of your progress photos',
  request: { params: bodyPhotoParamsSchema },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 404, 429],
});
