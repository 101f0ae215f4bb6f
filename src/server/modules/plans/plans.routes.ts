import { createRoute, z } from '@hono/zod-openapi';
import { idSchema } from '../../../core/common/schemas';
import {
  exerciseItemSchema,
  exerciseQuerySchema,
  generatedPlanSchema,
  generatePlanBodySchema,
  libraryPageSchema,
  libraryPlanSchema,
  libraryQuerySchema,
  listPlansQuerySchema,
  localeQuerySchema,
  planAllowanceSchema,
  renamePlanBodySchema,
  saveLibraryPlanBodySchema,
  savedPlanPageSchema,
  savedPlanSchema,
} from '../../../core/plans/api-schemas';
import { errorResponses, jsonBody } from '../../lib/openapi';

const security = [{ session: [] }];
const params = z.object({ id: idSchema });
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });

const planTags = ['Fitness plans'];

export const generatePlanRoute = createRoute({
  method: 'post',
  path: '/api/fitness-plans',
  tags: planTags,
  security,
  summary: 'Generate a plan and save it among your plans',
  description:
    'Free: 3 generations per calendar month (UTC), plan types general_fitness, weight_loss and cardio, goals ' +
    'lose_weight, general_health and improve_endurance, equipment none, dumbbells and resistance_bands; week 1 in ' +
    'full and later weeks as a summary. Basic and pro: unlimited, everything, full schedules. A locked choice is a 403 ' +
    'SUBSCRIPTION_REQUIRED with each locked field in details; the month used up is a 403 LIMIT_EXCEEDED. Then the AI ' +
    'rate limit (free 3/h, paid 20/h). The answer carries `usage`: this month\u2019s count with this plan. ' +
    'Send `Accept: text/event-stream` to follow the work: 200 with `progress` events, then one `plan` event (the same ' +
    'body as the 201) or one `error` event (the error envelope). Every check above answers before the stream starts.',
  request: { body: jsonBody(generatePlanBodySchema) },
  responses: {
    201: json('The new plan and this month\u2019s count', generatedPlanSchema),
    200: { description: 'Server-Sent Events (with Accept: text/event-stream)', content: { 'text/event-stream': { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 429, 502),
  },
});

export const allowanceRoute = createRoute({
  method: 'get',
  path: '/api/fitness-plans/allowance',
  tags: planTags,
  security,
  summary: 'What the generator offers you now: the plan types, goals and equipment of your tier, and what is left this month',
  responses: { 200: json('Allowance', planAllowanceSchema), ...errorResponses(401, 429) },
});

export const listPlansRoute = createRoute({
  method: 'get',
  path: '/api/fitness-plans',
  tags: planTags,
  security,
  summary: 'Your plans, newest first (without their weeks)',
  request: { query: listPlansQuerySchema },
  responses: { 200: json('A page of plans', savedPlanPageSchema), ...errorResponses(400, 401, 429) },
});

export const getPlanRoute = createRoute({
  method: 'get',
  path: '/api/fitness-plans/{id}',
  tags: planTags,
  security,
  summary: 'One of your plans, with every exercise it names and its instructions',
  description: 'With `locale`, a library or built-in plan is shown in that language (the same exercises); a name you gave stays.',
  request: { params, query: localeQuerySchema },
  responses: { 200: json('The plan', savedPlanSchema), ...errorResponses(400, 401, 404, 429) },
});

export const renamePlanRoute = createRoute({
  method: 'patch',
  path: '/api/fitness-plans/{id}',
  tags: planTags,
  security,
  summary: 'Rename one of your plans (basic and pro)',
  request: { params, body: jsonBody(renamePlanBodySchema) },
  responses: { 200: json('The renamed plan', savedPlanSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const deletePlanRoute = createRoute({
  method: 'delete',
  path: '/api/fitness-plans/{id}',
  tags: planTags,
  security,
  summary: 'Delete one of your plans (this month\u2019s generation count stays as it is)',
  request: { params },
  responses: { 200: json('Deleted', z.object({ success: z.literal(true) })), ...errorResponses(400, 401, 403, 404, 429) },
});

const libraryTags = ['Plan library'];

export const listLibraryRoute = createRoute({
  method: 'get',
  path: '/api/plan-library',
  tags: libraryTags,
  security,
  summary: 'Curated plans; equipment = what you own (plans that need nothing else); locale defaults to your preference',
  request: { query: libraryQuerySchema },
  responses: { 200: json('A page of library plans', libraryPageSchema), ...errorResponses(400, 401, 429) },
});

export const getLibraryPlanRoute = createRoute({
  method: 'get',
  path: '/api/plan-library/{id}',
  tags: libraryTags,
  security,
  summary: 'One library plan in full, with its exercises',
  request: { params, query: localeQuerySchema },
  responses: { 200: json('The library plan', libraryPlanSchema), ...errorResponses(400, 401, 404, 429) },
});

export const saveLibraryPlanRoute = createRoute({
  method: 'post',
  path: '/api/plan-library/{id}/save',
  tags: libraryTags,
  security,
  summary: 'Copy a library plan into your plans (not counted as a generation); body { locale? }',
  request: { params, body: { required: false, content: { 'application/json': { schema: saveLibraryPlanBodySchema } } } },
  responses: { 201: json('The saved copy', savedPlanSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const listExercisesRoute = createRoute({
  method: 'get',
  path: '/api/exercises',
  tags: ['Exercises'],
  security,
  summary: 'The exercise library: search q (English or Chinese names), equipment you own, muscle, pattern, kind, level',
  request: { query: exerciseQuerySchema },
  responses: {
    200: json(
      'A page of exercises',
      z.object({ items: z.array(exerciseItemSchema), page: z.number().int(), limit: z.number().int(), total: z.number().int(), totalPages: z.number().int() }),
    ),
    ...errorResponses(400, 401, 429),
  },
});
