import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { idSchema } from '#core/common/schemas';
import {
  exercisePageSchema,
  exerciseQuerySchema,
  fitnessPlanOutlineSchema,
  fitnessPlanPageSchema,
  fitnessPlanWeekAnswerSchema,
  generatedFitnessPlanSchema,
  generateFitnessPlanBodySchema,
  libraryPageSchema,
  libraryPlanSchema,
  libraryQuerySchema,
  listFitnessPlansQuerySchema,
  localeQuerySchema,
  planAllowanceSchema,
  planWeekParamsSchema,
  renameFitnessPlanBodySchema,
  saveLibraryPlanBodySchema,
  savedFitnessPlanSchema,
} from './api-schemas';

const params = z.object({ id: idSchema });

const planTags = ['Fitness plans'];

export const generateFitnessPlanContract = defineContract({
  method: 'post',
  path: '/api/fitness-plans',
  tags: planTags,
  auth: 'session',
  // Counted by the handler once the tier gates passed: a locked choice or a used-up month costs no hour's allowance.
  limit: 'ai',
  limitAt: 'handler',
  // Writes plans and generations only: the profile stays in memory (ADR 036).
  profileUnchanged: true,
  summary: 'Generate a plan and save it among your plans',
  description:
    'Free: 3 generations per calendar month (UTC), plan types general_fitness, weight_loss and cardio, goals ' +
    'lose_weight, general_health and improve_endurance, equipment none, dumbbells and resistance_bands; week 1 in ' +
    'full and later weeks as a summary. Basic and pro: unlimited, everything, full schedules. A locked choice is a 403 ' +
    'SUBSCRIPTION_REQUIRED with each locked field in details; the month used up is a 403 LIMIT_EXCEEDED. Then the AI ' +
    'rate limit (free 3/h, paid 20/h). The answer is the new plan as a list shows it (its weeks are read with GET ' +
    '/api/fitness-plans/{id}, or its outline with GET /api/fitness-plans/{id}/outline and one week at a time with GET ' +
    '/api/fitness-plans/{id}/weeks/{week}) and `usage`: this ' +
    'month\u2019s count with this plan. ' +
    'Send `Accept: text/event-stream` to follow the work: 200 with `progress` events, then one `plan` event (the same ' +
    'body as the 201) or one `error` event (the error envelope). Every check above answers before the stream starts.',
  request: { body: jsonBody(generateFitnessPlanBodySchema) },
  responses: {
    201: json('The new plan (without its weeks) and this month\u2019s count', generatedFitnessPlanSchema),
    200: { description: 'Server-Sent Events (with Accept: text/event-stream)', content: { 'text/event-stream': { schema: z.string() } } },
  },
  errors: [400, 401, 403, 429, 502],
});

export const allowanceContract = defineContract({
  method: 'get',
  path: '/api/fitness-plans/allowance',
  tags: planTags,
  auth: 'session',
  summary: 'What the generator offers you now: the plan types, goals and equipment of your tier, and what is left this month',
  responses: { 200: json('Allowance', planAllowanceSchema) },
  errors: [401, 429],
});

export const listFitnessPlansContract = defineContract({
  method: 'get',
  path: '/api/fitness-plans',
  tags: planTags,
  auth: 'session',
  summary: 'Your plans, newest first (without their weeks)',
  request: { query: listFitnessPlansQuerySchema },
  responses: { 200: json('A page of plans', fitnessPlanPageSchema) },
  errors: [400, 401, 429],
});

export const getFitnessPlanContract = defineContract({
  method: 'get',
  path: '/api/fitness-plans/{id}',
  tags: planTags,
  auth: 'session',
  summary: 'One of your plans, with every exercise it names and its instructions',
  description: 'With `locale`, a library or built-in plan is shown in that language (the same exercises); a name you gave stays.',
  request: { params, query: localeQuerySchema },
  responses: { 200: json('The plan', savedFitnessPlanSchema) },
  errors: [400, 401, 404, 429],
});

export const getFitnessPlanOutlineContract = defineContract({
  method: 'get',
  path: '/api/fitness-plans/{id}/outline',
  tags: planTags,
  auth: 'session',
  summary: 'One of your plans without its exercises: its summary, safety notes, swaps, adaptations and each week\u2019s days',
  description:
    'What a plan page shows above the weeks, as GET /api/fitness-plans/{id} shows it (in `locale` when given, your ' +
    'tier\u2019s detail): each week with its focus and its days\u2019 titles, types and minutes. Read a week\u2019s exercises ' +
    'with GET /api/fitness-plans/{id}/weeks/{week}.',
  request: { params, query: localeQuerySchema },
  responses: { 200: json('The plan\u2019s outline', fitnessPlanOutlineSchema) },
  errors: [400, 401, 404, 429],
});

export const getFitnessPlanWeekContract = defineContract({
  method: 'get',
  path: '/api/fitness-plans/{id}/weeks/{week}',
  tags: planTags,
  auth: 'session',
  summary: 'One week of one of your plans, with every exercise it names and its instructions',
  description:
    'The week as GET /api/fitness-plans/{id} shows it: swaps applied, adaptations noted, in `locale` when given. A week ' +
    'your tier shows as a summary (free: every week after the first) comes with its days but no exercise lists. A week ' +
    'the plan does not have answers 404.',
  request: { params: planWeekParamsSchema, query: localeQuerySchema },
  responses: { 200: json('The week', fitnessPlanWeekAnswerSchema) },
  errors: [400, 401, 404, 429],
});

export const renameFitnessPlanContract = defineContract({
  method: 'patch',
  path: '/api/fitness-plans/{id}',
  tags: planTags,
  auth: 'session',
  summary: 'Rename one of your plans (basic and pro)',
  request: { params, body: jsonBody(renameFitnessPlanBodySchema) },
  responses: { 200: json('The renamed plan', savedFitnessPlanSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const deleteFitnessPlanContract = defineContract({
  method: 'delete',
  path: '/api/fitness-plans/{id}',
  tags: planTags,
  auth: 'session',
  summary: 'Delete one of your plans (this month\u2019s generation count stays as it is)',
  request: { params },
  responses: { 200: json('Deleted', successSchema) },
  errors: [400, 401, 403, 404, 429],
});

const libraryTags = ['Plan library'];

export const listLibraryContract = defineContract({
  method: 'get',
  path: '/api/plan-library',
  tags: libraryTags,
  auth: 'session',
  summary: 'Curated plans; equipment = what you own (plans that need nothing else); locale defaults to your preference',
  request: { query: libraryQuerySchema },
  responses: { 200: json('A page of library plans', libraryPageSchema) },
  errors: [400, 401, 429],
});

export const getLibraryPlanContract = defineContract({
  method: 'get',
  path: '/api/plan-library/{id}',
  tags: libraryTags,
  auth: 'session',
  summary: 'One library plan in full, with its exercises',
  request: { params, query: localeQuerySchema },
  responses: { 200: json('The library plan', libraryPlanSchema) },
  errors: [400, 401, 404, 429],
});

export const saveLibraryPlanContract = defineContract({
  method: 'post',
  path: '/api/plan-library/{id}/save',
  tags: libraryTags,
  auth: 'session',
  summary: 'Copy a library plan into your plans (not counted as a generation); body { locale? }',
  request: { params, body: { required: false, content: { 'application/json': { schema: saveLibraryPlanBodySchema } } } },
  responses: { 201: json('The saved copy', savedFitnessPlanSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const listExercisesContract = defineContract({
  method: 'get',
  path: '/api/exercises',
  tags: ['Exercises'],
  auth: 'session',
  summary: 'The exercise library: search q (English or Chinese names), equipment you own, muscle, pattern, kind, level',
  request: { query: exerciseQuerySchema },
  responses: { 200: json('A page of exercises', exercisePageSchema) },
  errors: [400, 401, 429],
});
