import { z } from 'zod';
import { defineContract, json, jsonBody } from '#core/common/contract';
import { alternativesQuerySchema, alternativesSchema, libraryIdSchema, planSwapsSchema, swapInputSchema, swapParamsSchema } from './schemas';

export const alternativesContract = defineContract({
  method: 'get',
  path: '/api/exercises/{id}/alternatives',
  tags: ['Exercises'],
  auth: 'session',
  summary: 'Exercises that can stand in for one: the same movement pattern and main muscles, with the equipment given (default: yours), best match first',
  request: { params: z.object({ id: libraryIdSchema }), query: alternativesQuerySchema },
  responses: { 200: json('Alternatives', alternativesSchema) },
  errors: [400, 401, 404, 429],
});

export const putSwapContract = defineContract({
  method: 'put',
  path: '/api/fitness-plans/{id}/swaps/{exerciseId}',
  tags: ['Fitness plans'],
  auth: 'session',
  summary: 'Swap an exercise of one of your plans for another with the same movement, for the rest of the plan',
  request: { params: swapParamsSchema, body: jsonBody(swapInputSchema) },
  responses: { 200: json('The plan\u2019s swaps', planSwapsSchema) },
  errors: [400, 401, 404, 429],
});

export const deleteSwapContract = defineContract({
  method: 'delete',
  path: '/api/fitness-plans/{id}/swaps/{exerciseId}',
  tags: ['Fitness plans'],
  auth: 'session',
  summary: 'Undo a swap: the plan\u2019s own exercise again',
  request: { params: swapParamsSchema },
  responses: { 200: json('The plan\u2019s swaps', planSwapsSchema) },
  errors: [400, 401, 404, 429],
});
