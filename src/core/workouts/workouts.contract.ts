import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { idSchema } from '#core/common/schemas';
import { progressQuerySchema } from '#core/coach/schemas';
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
} from './schemas';

const params = z.object({ id: idSchema });
const deleted = json('Deleted', successSchema);

const workoutTags = ['Workouts'];

export const logWorkoutContract = defineContract({
  method: 'post',
  path: '/api/workouts',
  tags: workoutTags,
  auth: 'session',
  idempotent: true,
  summary: 'Log a session: a day of one of your plans (planId, weekNumber, dayNumber) or a free-form one',
  description:
    'Times are ISO 8601 with a zone. Give durationMinutes, or endedAt for a timed session (both must agree when both ' +
    'come). Weights are kilograms. Each exercise is a library exerciseId or a customName. Calories are computed from ' +
    'the exercises\u2019 MET values and the body weight in your preferences.',
  request: { body: jsonBody(workoutInputSchema) },
  responses: { 201: json('The logged workout', workoutSchema) },
  errors: [400, 401, 403, 429],
});

export const listWorkoutsContract = defineContract({
  method: 'get',
  path: '/api/workouts',
  tags: workoutTags,
  auth: 'session',
  summary: 'Your workouts, newest first; startDate and endDate are days in your time zone, both included',
  request: { query: listWorkoutsQuerySchema },
  responses: { 200: json('A page of workouts', workoutPageSchema) },
  errors: [400, 401, 429],
});

export const getWorkoutContract = defineContract({
  method: 'get',
  path: '/api/workouts/{id}',
  tags: workoutTags,
  auth: 'session',
  summary: 'One of your workouts',
  request: { params },
  responses: { 200: json('The workout', workoutSchema) },
  errors: [400, 401, 404, 429],
});

export const updateWorkoutContract = defineContract({
  method: 'patch',
  path: '/api/workouts/{id}',
  tags: workoutTags,
  auth: 'session',
  summary: 'Edit one of your workouts: the fields sent replace the saved ones (exercises as a whole list)',
  request: { params, body: jsonBody(workoutPatchSchema) },
  responses: { 200: json('The edited workout', workoutSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const deleteWorkoutContract = defineContract({
  method: 'delete',
  path: '/api/workouts/{id}',
  tags: workoutTags,
  auth: 'session',
  summary: 'Delete one of your workouts',
  request: { params },
  responses: { 200: deleted },
  errors: [400, 401, 403, 404, 429],
});

export const exerciseProgressContract = defineContract({
  method: 'get',
  path: '/api/exercises/{id}/progress',
  tags: ['Exercises'],
  auth: 'session',
  summary: 'Your last session with a library exercise, your records with it, and the next session\u2019s weight and reps with the reason',
  description:
    'The suggestion follows the prescription of the plan day given (planId, week, day), else of the plan you follow today, ' +
    'else a range of 8\u201312: double progression, plate steps per equipment in your units (ADR 028). Weights are kilograms.',
  request: { params: z.object({ id: exerciseIdParamSchema }), query: progressQuerySchema },
  responses: { 200: json('Progress with the exercise', exerciseProgressSchema) },
  errors: [400, 401, 404, 429],
});

const statsTags = ['Stats'];

export const statsContract = defineContract({
  method: 'get',
  path: '/api/stats',
  tags: statsTags,
  auth: 'session',
  summary: 'Streaks, totals, the last 12 weeks and months, personal records; Pro adds volume per muscle, 1RM trends and consistency',
  responses: { 200: json('Stats', statsSchema) },
  errors: [401, 403, 429],
});

export const streakContract = defineContract({
  method: 'get',
  path: '/api/stats/streak',
  tags: statsTags,
  auth: 'session',
  summary: 'The streak alone, for the dashboard',
  responses: { 200: json('Streak', streakSummarySchema) },
  errors: [401, 403, 429],
});

const scheduleTags = ['Training schedule'];

export const getScheduleContract = defineContract({
  method: 'get',
  path: '/api/training-schedule',
  tags: scheduleTags,
  auth: 'session',
  summary: 'Your training week in force today: training days, and the rest days a streak passes over',
  responses: { 200: json('Schedule', trainingScheduleSchema) },
  errors: [401, 429],
});

export const putScheduleContract = defineContract({
  method: 'put',
  path: '/api/training-schedule',
  tags: scheduleTags,
  auth: 'session',
  summary: 'Follow a training week from today on (the plan you started, or days you choose); earlier days keep theirs',
  request: { body: jsonBody(trainingScheduleInputSchema) },
  responses: { 200: json('Schedule', trainingScheduleSchema) },
  errors: [400, 401, 403, 429],
});

export const deleteScheduleContract = defineContract({
  method: 'delete',
  path: '/api/training-schedule',
  tags: scheduleTags,
  auth: 'session',
  summary: 'Stop following a training week from today on: no day is a rest day any more',
  responses: { 200: json('Schedule', trainingScheduleSchema) },
  errors: [401, 403, 429],
});
