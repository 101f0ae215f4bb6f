import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { idSchema } from '#core/common/schemas';
import {
  copyEntriesInputSchema,
  copyResultSchema,
  energyQuerySchema,
  energySchema,
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
} from './schemas';

const params = z.object({ id: idSchema });
const tags = ['Nutrition'];

export const listEntriesContract = defineContract({
  method: 'get',
  path: '/api/nutrition/entries',
  tags,
  auth: 'session',
  summary: 'Your meal log, newest first; startDate and endDate are days in your time zone, both included',
  request: { query: listEntriesQuerySchema },
  responses: { 200: json('A page of entries', entryPageSchema) },
  errors: [400, 401, 429],
});

export const logEntryContract = defineContract({
  method: 'post',
  path: '/api/nutrition/entries',
  tags,
  auth: 'session',
  idempotent: true,
  summary: 'Log a food: one of the food table (foodId with grams, or a portion index and a quantity) or a quick add',
  description:
    'A table food takes its name (in `locale`, else your language) and its nutrients from the table: send no calories ' +
    'or macros with it. A quick add needs foodName and calories. eatenAt defaults to now, mealType to the meal of that ' +
    'time of day where you live.',
  request: { body: jsonBody(entryInputSchema) },
  responses: { 201: json('The logged entry', entrySchema) },
  errors: [400, 401, 403, 429],
});

export const copyEntriesContract = defineContract({
  method: 'post',
  path: '/api/nutrition/entries/copy',
  tags,
  auth: 'session',
  summary: "Log a day's meal again on another day (e.g. yesterday's breakfast today); the whole day without mealType",
  request: { body: jsonBody(copyEntriesInputSchema) },
  responses: { 201: json('The new entries', copyResultSchema) },
  errors: [400, 401, 403, 429],
});

export const getEntryContract = defineContract({
  method: 'get',
  path: '/api/nutrition/entries/{id}',
  tags,
  auth: 'session',
  summary: 'One of your entries',
  request: { params },
  responses: { 200: json('The entry', entrySchema) },
  errors: [400, 401, 404, 429],
});

export const updateEntryContract = defineContract({
  method: 'patch',
  path: '/api/nutrition/entries/{id}',
  tags,
  auth: 'session',
  summary: 'Edit an entry: a new weight, portion or food recomputes it from the table; new nutrients make it a custom entry',
  request: { params, body: jsonBody(entryPatchSchema) },
  responses: { 200: json('The edited entry', entrySchema) },
  errors: [400, 401, 403, 404, 429],
});

export const deleteEntryContract = defineContract({
  method: 'delete',
  path: '/api/nutrition/entries/{id}',
  tags,
  auth: 'session',
  summary: 'Delete an entry',
  request: { params },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const summaryContract = defineContract({
  method: 'get',
  path: '/api/nutrition/summary',
  tags,
  auth: 'session',
  summary: 'A day (today in your time zone by default, never a later one) against your targets: totals, per meal, remaining and progress',
  request: { query: summaryQuerySchema },
  responses: { 200: json('Summary', summarySchema) },
  errors: [400, 401, 429],
});

export const historyContract = defineContract({
  method: 'get',
  path: '/api/nutrition/history',
  tags,
  auth: 'session',
  summary: 'Totals per day over up to 366 days (the 7 ending today by default), with your targets, for charts',
  request: { query: historyQuerySchema },
  responses: { 200: json('History', historySchema) },
  errors: [400, 401, 429],
});

export const getGoalsContract = defineContract({
  method: 'get',
  path: '/api/nutrition/goals',
  tags,
  auth: 'session',
  summary: 'Your daily targets: your own (basic, pro), or computed from your preferences (Mifflin–St Jeor)',
  responses: { 200: json('Goals', goalsSchema) },
  errors: [401, 429],
});

export const putGoalsContract = defineContract({
  method: 'put',
  path: '/api/nutrition/goals',
  tags,
  auth: 'session',
  summary: 'Set your own daily targets (basic and pro); fibre left out follows the calories',
  request: { body: jsonBody(goalsInputSchema) },
  responses: { 200: json('Goals', goalsSchema) },
  errors: [400, 401, 403, 429],
});

export const deleteGoalsContract = defineContract({
  method: 'delete',
  path: '/api/nutrition/goals',
  tags,
  auth: 'session',
  summary: 'Go back to the computed targets',
  responses: { 200: json('Goals', goalsSchema) },
  errors: [401, 403, 429],
});

export const energyContract = defineContract({
  method: 'get',
  path: '/api/nutrition/energy',
  tags,
  auth: 'session',
  summary: 'The energy you spend a day, estimated from the last 4 weeks of your meal log and weigh-ins, and targets for your goal',
  description:
    'Energy balance: the mean intake of complete days minus the weight change × 7,700 kcal/kg, combined with ' +
    'Mifflin–St Jeor × activity by their uncertainty; the formula alone (confidence low) while the log has fewer than ' +
    '10 complete days or 5 weigh-ins over 2 weeks. `goal` and `rateKgPerWeek` choose the targets (default: your ' +
    'goal weight, else your fitness goals; 0.5 kg a week to lose, 0.25 to gain); a loss never goes below 1,200 kcal ' +
    '(women), 1,500 (men), 1,350 (not given), nor protein below 1.6 g/kg. See docs/decisions/023.',
  request: { query: energyQuerySchema },
  responses: { 200: json('Estimate and suggested targets', energySchema) },
  errors: [400, 401, 429],
});

const foodTags = ['Foods'];

export const searchFoodsContract = defineContract({
  method: 'get',
  path: '/api/foods',
  tags: foodTags,
  auth: 'session',
  summary: 'Search the food table in English and Chinese (names and aliases, small typos forgiven), best match first',
  request: { query: foodSearchQuerySchema },
  responses: { 200: json('Foods', foodListSchema) },
  errors: [400, 401, 429],
});

export const getFoodContract = defineContract({
  method: 'get',
  path: '/api/foods/{id}',
  tags: foodTags,
  auth: 'session',
  summary: 'One food of the table, with its portions',
  request: { params: z.object({ id: foodIdSchema }), query: foodQuerySchema },
  responses: { 200: json('Food', foodSchema) },
  errors: [400, 401, 404, 429],
});
