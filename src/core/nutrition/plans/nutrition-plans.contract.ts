import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { idSchema } from '#core/common/schemas';
import { listNutritionPlansQuerySchema, nutritionPlanInputSchema, nutritionPlanLocaleQuerySchema, nutritionPlanPageSchema, savedNutritionPlanSchema } from './schemas';

const tags = ['Nutrition plans'];
const params = z.object({ id: idSchema });

export const generateNutritionPlanContract = defineContract({
  method: 'post',
  path: '/api/nutrition/plans',
  tags,
  auth: 'session',
  // Counted once validation and the tier gate passed: a refused request costs no generation.
  limit: 'ai',
  limitAt: 'handler',
  summary: 'Make a 7-day nutrition plan (pro): foods of the table to your nutrition goals, within 5% a day, keeping your diet',
  description:
    'The targets are your nutrition goals in force (GET /api/nutrition/goals), kept within healthy ranges for a plan. ' +
    'Send `Accept: text/event-stream` to follow the generation: `progress` events ({ stage, day?, totalDays, label }), ' +
    'then one `plan` event (the 201 body) or one `error` event (the error envelope). Rate-limited like AI plan generation.',
  request: { body: jsonBody(nutritionPlanInputSchema) },
  responses: {
    201: json('The saved plan', savedNutritionPlanSchema),
    200: { description: 'Server-Sent Events, when asked for', content: { 'text/event-stream': { schema: z.string() } } },
  },
  errors: [400, 401, 403, 429],
});

export const listNutritionPlansContract = defineContract({
  method: 'get',
  path: '/api/nutrition/plans',
  tags,
  auth: 'session',
  summary: 'Your nutrition plans, newest first (without the days)',
  request: { query: listNutritionPlansQuerySchema },
  responses: { 200: json('A page of plans', nutritionPlanPageSchema) },
  errors: [400, 401, 429],
});

export const getNutritionPlanContract = defineContract({
  method: 'get',
  path: '/api/nutrition/plans/{id}',
  tags,
  auth: 'session',
  summary: 'One of your nutrition plans, with its days and shopping list',
  description: 'With `locale`, the foods, measures and shopping list read in that language (the same foods and grams); a name you gave stays.',
  request: { params, query: nutritionPlanLocaleQuerySchema },
  responses: { 200: json('The plan', savedNutritionPlanSchema) },
  errors: [400, 401, 404, 429],
});

export const deleteNutritionPlanContract = defineContract({
  method: 'delete',
  path: '/api/nutrition/plans/{id}',
  tags,
  auth: 'session',
  summary: 'Delete one of your nutrition plans',
  request: { params },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 403, 404, 429],
});
