import { createRoute, z } from '@hono/zod-openapi';
import { idSchema } from '../../../core/common/schemas';
import {
  copyEntriesInputSchema,
  copyResultSchema,
  entryInputSchema,
  entryPageSchema,
  entryPatchSchema,
  entrySchema,
  foodIdSchema,
  foodListSchema,
  foodQuerySchema,
  foodSchema,
  foodSearchQuerySchema,
  goalsInputSchema,
  goalsSchema,
  historyQuerySchema,
  historySchema,
  listEntriesQuerySchema,
  summaryQuerySchema,
  summarySchema,
} from '../../../core/nutrition';
import { errorResponses, jsonBody } from '../../lib/openapi';

const security = [{ session: [] }];
const params = z.object({ id: idSchema });
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const tags = ['Nutrition'];

export const listEntriesRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/entries',
  tags,
  security,
  summary: 'Your meal log, newest first; startDate and endDate are days in your time zone, both included',
  request: { query: listEntriesQuerySchema },
  responses: { 200: json('A page of entries', entryPageSchema), ...errorResponses(400, 401, 429) },
});

export const logEntryRoute = createRoute({
  method: 'post',
  path: '/api/nutrition/entries',
  tags,
  security,
  summary: 'Log a food: one of the food table (foodId with grams, or a portion index and a quantity) or a quick add',
  description:
    'A table food takes its name (in `locale`, else your language) and its nutrients from the table: send no calories ' +
    'or macros with it. A quick add needs foodName and calories. eatenAt defaults to now, mealType to the meal of that ' +
    'time of day where you live.',
  request: { body: jsonBody(entryInputSchema) },
  responses: { 201: json('The logged entry', entrySchema), ...errorResponses(400, 401, 403, 429) },
});

export const copyEntriesRoute = createRoute({
  method: 'post',
  path: '/api/nutrition/entries/copy',
  tags,
  security,
  summary: "Log a day's meal again on another day (e.g. yesterday's breakfast today); the whole day without mealType",
  request: { body: jsonBody(copyEntriesInputSchema) },
  responses: { 201: json('The new entries', copyResultSchema), ...errorResponses(400, 401, 403, 429) },
});

export const getEntryRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/entries/{id}',
  tags,
  security,
  summary: 'One of your entries',
  request: { params },
  responses: { 200: json('The entry', entrySchema), ...errorResponses(400, 401, 404, 429) },
});

export const updateEntryRoute = createRoute({
  method: 'patch',
  path: '/api/nutrition/entries/{id}',
  tags,
  security,
  summary: 'Edit an entry: a new weight, portion or food recomputes it from the table; new nutrients make it a custom entry',
  request: { params, body: jsonBody(entryPatchSchema) },
  responses: { 200: json('The edited entry', entrySchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const deleteEntryRoute = createRoute({
  method: 'delete',
  path: '/api/nutrition/entries/{id}',
  tags,
  security,
  summary: 'Delete an entry',
  request: { params },
  responses: { 200: json('Deleted', z.object({ success: z.literal(true) })), ...errorResponses(400, 401, 403, 404, 429) },
});

export const summaryRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/summary',
  tags,
  security,
  summary: 'A day (today in your time zone by default, never a later one) against your targets: totals, per meal, remaining and progress',
  request: { query: summaryQuerySchema },
  responses: { 200: json('Summary', summarySchema), ...errorResponses(400, 401, 429) },
});

export const historyRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/history',
  tags,
  security,
  summary: 'Totals per day over up to 366 days (the 7 ending today by default), with your targets, for charts',
  request: { query: historyQuerySchema },
  responses: { 200: json('History', historySchema), ...errorResponses(400, 401, 429) },
});

export const getGoalsRoute = createRoute({
  method: 'get',
  path: '/api/nutrition/goals',
  tags,
  security,
  summary: 'Your daily targets: your own (basic, pro), or computed from your preferences (Mifflin–St Jeor)',
  responses: { 200: json('Goals', goalsSchema), ...errorResponses(401, 429) },
});

export const putGoalsRoute = createRoute({
  method: 'put',
  path: '/api/nutrition/goals',
  tags,
  security,
  summary: 'Set your own daily targets (basic and pro); fibre left out follows the calories',
  request: { body: jsonBody(goalsInputSchema) },
  responses: { 200: json('Goals', goalsSchema), ...errorResponses(400, 401, 403, 429) },
});

export const deleteGoalsRoute = createRoute({
  method: 'delete',
  path: '/api/nutrition/goals',
  tags,
  security,
  summary: 'Go back to the computed targets',
  responses: { 200: json('Goals', goalsSchema), ...errorResponses(401, 403, 429) },
});

const foodTags = ['Foods'];

export const searchFoodsRoute = createRoute({
  method: 'get',
  path: '/api/foods',
  tags: foodTags,
  security,
  summary: 'Search the food table in English and Chinese (names and aliases, small typos forgiven), best match first',
  request: { query: foodSearchQuerySchema },
  responses: { 200: json('Foods', foodListSchema), ...errorResponses(400, 401, 429) },
});

export const getFoodRoute = createRoute({
  method: 'get',
  path: '/api/foods/{id}',
  tags: foodTags,
  security,
  summary: 'One food of the table, with its portions',
  request: { params: z.object({ id: foodIdSchema }), query: foodQuerySchema },
  responses: { 200: json('Food', foodSchema), ...errorResponses(400, 401, 404, 429) },
});
