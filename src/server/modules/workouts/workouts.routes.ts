import { createRoute, z } from '@hono/zod-openapi';
import { idSchema } from '../../../core/common/schemas';
import {
  exerciseIdParamSchema,
  exerciseProgressSchema,
  listWorkoutsQuerySchema,
  statsSchema,
  streakSummarySchema,
  trainingScheduleInputSchema,
  trainingScheduleSchema,
  workoutInputSchema,
  workoutPageSchema,
  workoutPatchSchema,
  workoutSchema,
} from '../../../core/workouts';
import { errorResponses, jsonBody } from '../../lib/openapi';

const security = [{ session: [] }];
const params = z.object({ id: idSchema });
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const deleted = json('Deleted', z.object({ success: z.literal(true) }));

const workoutTags = ['Workouts'];

export const logWorkoutRoute = createRoute({
  method: 'post',
  path: '/api/workouts',
  tags: workoutTags,
  security,
  summary: 'Log a session: a day of one of your plans (planId, weekNumber, dayNumber) or a free-form one',
  description:
    'Times are ISO 8601 with a zone. Give durationMinutes, or endedAt for a timed session (both must agree when both ' +
    'come). Weights are kilograms. Each exercise is a library exerciseId or a customName. Calories are computed from ' +
    'the exercises\u2019 MET values and the body weight in your preferences.',
  request: { body: jsonBody(workoutInputSchema) },
  responses: { 201: json('The logged workout', workoutSchema), ...errorResponses(400, 401, 403, 429) },
});

export const listWorkoutsRoute = createRoute({
  method: 'get',
  path: '/api/workouts',
  tags: workoutTags,
  security,
  summary: 'Your workouts, newest first; startDate and endDate are days in your time zone, both included',
  request: { query: listWorkoutsQuerySchema },
  responses: { 200: json('A page of workouts', workoutPageSchema), ...errorResponses(400, 401, 429) },
});

export const getWorkoutRoute = createRoute({
  method: 'get',
  path: '/api/workouts/{id}',
  tags: workoutTags,
  security,
  summary: 'One of your workouts',
  request: { params },
  responses: { 200: json('The workout', workoutSchema), ...errorResponses(400, 401, 404, 429) },
});

export const updateWorkoutRoute = createRoute({
  method: 'patch',
  path: '/api/workouts/{id}',
  tags: workoutTags,
  security,
  summary: 'Edit one of your workouts: the fields sent replace the saved ones (exercises as a whole list)',
  request: { params, body: jsonBody(workoutPatchSchema) },
  responses: { 200: json('The edited workout', workoutSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const deleteWorkoutRoute = createRoute({
  method: 'delete',
  path: '/api/workouts/{id}',
  tags: workoutTags,
  security,
  summary: 'Delete one of your workouts',
  request: { params },
  responses: { 200: deleted, ...errorResponses(400, 401, 403, 404, 429) },
});

export const exerciseProgressRoute = createRoute({
  method: 'get',
  path: '/api/exercises/{id}/progress',
  tags: ['Exercises'],
  security,
  summary: 'Your last session with a library exercise: the done sets of your most recent workout with it (null when none)',
  description: 'rpe is null until sets record it; suggestion is reserved for a next-session target and null for now.',
  request: { params: z.object({ id: exerciseIdParamSchema }) },
  responses: { 200: json('Progress with the exercise', exerciseProgressSchema), ...errorResponses(400, 401, 404, 429) },
});

const statsTags = ['Stats'];

export const statsRoute = createRoute({
  method: 'get',
  path: '/api/stats',
  tags: statsTags,
  security,
  summary: 'Streaks, totals, the last 12 weeks and months, personal records; Pro adds volume per muscle, 1RM trends and consistency',
  responses: { 200: json('Stats', statsSchema), ...errorResponses(401, 403, 429) },
});

export const streakRoute = createRoute({
  method: 'get',
  path: '/api/stats/streak',
  tags: statsTags,
  security,
  summary: 'The streak alone, for the dashboard',
  responses: { 200: json('Streak', streakSummarySchema), ...errorResponses(401, 403, 429) },
});

const scheduleTags = ['Training schedule'];

export const getScheduleRoute = createRoute({
  method: 'get',
  path: '/api/training-schedule',
  tags: scheduleTags,
  security,
  summary: 'Your training week in force today: training days, and the rest days a streak passes over',
  responses: { 200: json('Schedule', trainingScheduleSchema), ...errorResponses(401, 429) },
});

export const putScheduleRoute = createRoute({
  method: 'put',
  path: '/api/training-schedule',
  tags: scheduleTags,
  security,
  summary: 'Follow a training week from today on (the plan you started, or days you choose); earlier days keep theirs',
  request: { body: jsonBody(trainingScheduleInputSchema) },
  responses: { 200: json('Schedule', trainingScheduleSchema), ...errorResponses(400, 401, 403, 429) },
});

export const deleteScheduleRoute = createRoute({
  method: 'delete',
  path: '/api/training-schedule',
  tags: scheduleTags,
  security,
  summary: 'Stop following a training week from today on: no day is a rest day any more',
  responses: { 200: json('Schedule', trainingScheduleSchema), ...errorResponses(401, 403, 429) },
});
