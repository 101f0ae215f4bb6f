import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { IMAGE_MESSAGES } from '#core/common/images';
import { idSchema } from '#core/common/schemas';
import { copyResultSchema } from '../schemas';
import { labelReadingSchema } from './label';
import {
  barcodeParamsSchema,
  barcodeProductInputSchema,
  barcodeProductSchema,
  KITCHEN_LIMITS,
  logSavedMealInputSchema,
  recentFoodsSchema,
  savedMealInputSchema,
  savedMealListSchema,
  savedMealPatchSchema,
  savedMealSchema,
} from './schemas';

const params = z.object({ id: idSchema });
const tags = ['Nutrition'];

export const recentFoodsContract = defineContract({
  method: 'get',
  path: '/api/nutrition/recent',
  tags,
  auth: 'session',
  summary: `Your recent and most frequent foods of the last ${KITCHEN_LIMITS.recentDays} days, each with the serving you last logged`,
  description:
    'A food is a food of the table (by its id) or a name you typed (in any case). Log one again with its last serving: ' +
    'a table food as `foodId` and `grams` (with `foodName` when you renamed it), a typed one with its nutrients.',
  responses: { 200: json('Recent and frequent foods', recentFoodsSchema) },
  errors: [401, 429],
});

export const listSavedMealsContract = defineContract({
  method: 'get',
  path: '/api/nutrition/saved-meals',
  tags,
  auth: 'session',
  summary: 'Your saved meals, most recently changed first',
  responses: { 200: json('Saved meals', savedMealListSchema) },
  errors: [401, 429],
});

export const createSavedMealContract = defineContract({
  method: 'post',
  path: '/api/nutrition/saved-meals',
  tags,
  auth: 'session',
  summary: `Save a meal: a name and 1 to ${KITCHEN_LIMITS.savedMealItems} foods (a table food with its grams, or a food with its calories); ${KITCHEN_LIMITS.savedMealsPerUser} at most`,
  request: { body: jsonBody(savedMealInputSchema) },
  responses: { 201: json('The saved meal', savedMealSchema) },
  errors: [400, 401, 403, 429],
});

export const getSavedMealContract = defineContract({
  method: 'get',
  path: '/api/nutrition/saved-meals/{id}',
  tags,
  auth: 'session',
  summary: 'One of your saved meals',
  request: { params },
  responses: { 200: json('The saved meal', savedMealSchema) },
  errors: [400, 401, 404, 429],
});

export const updateSavedMealContract = defineContract({
  method: 'patch',
  path: '/api/nutrition/saved-meals/{id}',
  tags,
  auth: 'session',
  summary: 'Rename a saved meal or replace its foods',
  request: { params, body: jsonBody(savedMealPatchSchema) },
  responses: { 200: json('The saved meal', savedMealSchema) },
  errors: [400, 401, 404, 429],
});

export const deleteSavedMealContract = defineContract({
  method: 'delete',
  path: '/api/nutrition/saved-meals/{id}',
  tags,
  auth: 'session',
  summary: 'Delete a saved meal (what was logged from it stays)',
  request: { params },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 404, 429],
});

export const logSavedMealContract = defineContract({
  method: 'post',
  path: '/api/nutrition/saved-meals/{id}/log',
  tags,
  auth: 'session',
  idempotent: true,
  summary: 'Log every food of a saved meal into a meal, in one go: all of them or none',
  description: 'Table foods take their nutrients from the table as it is now; eatenAt defaults to now.',
  request: { params, body: jsonBody(logSavedMealInputSchema) },
  responses: { 201: json('The new entries', copyResultSchema) },
  errors: [400, 401, 404, 422, 429],
});

const foodTags = ['Foods'];

export const saveBarcodeProductContract = defineContract({
  method: 'post',
  path: '/api/foods/barcodes',
  tags: foodTags,
  auth: 'session',
  summary: 'Keep a product by its barcode (EAN-8, UPC-A, EAN-13, GTIN-14), with its label per serving; a second label for the code replaces the first',
  request: { body: jsonBody(barcodeProductInputSchema) },
  responses: { 201: json('The product', barcodeProductSchema) },
  errors: [400, 401, 429],
});

export const findBarcodeProductContract = defineContract({
  method: 'get',
  path: '/api/foods/barcodes/{code}',
  tags: foodTags,
  auth: 'session',
  summary: 'A product by its barcode: the label you entered, else Open Food Facts when the server is set up for it',
  description: 'A UPC-A and the EAN-13 with a leading 0 are the same product. 404 when neither knows the code, or Open Food Facts does not answer in time.',
  request: { params: barcodeParamsSchema },
  responses: { 200: json('The product', barcodeProductSchema) },
  errors: [400, 401, 404, 429],
});

const labelFormSchema = z.object({
  image: z.string().meta({ type: 'string', format: 'binary', description: 'A photo of the nutrition label: JPEG, PNG, WebP (or HEIC, when AVIF-coded); at most 10 MB' }),
});

/**
 * Not validated from `labelFormSchema`: the handler reads the form itself, behind the photo's own body limit (lib/router.ts
 * `handleUpload`). Served only where a vision model is configured (`labelPhotos` in GET /api/config); elsewhere 404.
 */
export const readLabelContract = defineContract({
  method: 'post',
  path: '/api/foods/labels',
  tags: foodTags,
  auth: 'session',
  limit: 'label',
  summary: "Read a nutrition label's values per serving from a photo, for the barcode label form (nothing is stored)",
  description:
    'Every signed-in user, under the AI rate limit; it does not use up photo scans. A per-100 g label is scaled to its serving ' +
    '(100 g when it names none); `basis` says which column the values come from. ' +
    `Errors: 400 '${IMAGE_MESSAGES.imageRequired}', wrong type, unreadable image; 413 '${IMAGE_MESSAGES.imageTooLarge}'; ` +
    "422 when the photo shows no label the form could take (unreadable, or values out of the form's bounds); " +
    '502 when the vision model fails or does not answer in time. 404 where no vision model is configured.',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: labelFormSchema } } } },
  responses: { 200: json("The label's values per serving", labelReadingSchema) },
  errors: [400, 401, 413, 422, 429, 502],
});
