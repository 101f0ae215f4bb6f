import { z } from 'zod';
import { defineContract, json, jsonBody } from '#core/common/contract';
import { idSchema, paginationSchema } from '#core/common/schemas';
import { actionsPageSchema, memberSchema, queueQuerySchema, reportDetailSchema, reportQueueSchema, resolveInputSchema, suspendInputSchema, suspensionsPageSchema } from './schemas';

// Moderators only (ADR 021): everyone else, signed in or not, gets 404 as for a path that does not exist.
const tags = ['Moderation'];
const target = z.object({ targetId: idSchema });
const member = z.object({ id: idSchema });

export const reportQueueContract = defineContract({
  method: 'get',
  path: '/api/moderation/reports',
  tags,
  auth: 'moderator',
  summary: 'Reported posts and comments, one entry per reported content with its reports',
  description:
    '`status=open` (default): content with reports waiting for review, content hidden by the report threshold first, then the most reported. ' +
    '`status=resolved`: content whose reports a moderator closed, latest decision first.',
  request: { query: queueQuerySchema },
  responses: { 200: json('A page of reported content', reportQueueSchema) },
  errors: [400, 404, 429],
});

export const reportDetailContract = defineContract({
  method: 'get',
  path: '/api/moderation/reports/{targetId}',
  tags,
  auth: 'moderator',
  summary: 'One reported post or comment: its context, every report of it and what moderators did about it',
  request: { params: target },
  responses: { 200: json('The reported content', reportDetailSchema) },
  errors: [400, 404, 429],
});

export const resolveReportsContract = defineContract({
  method: 'post',
  path: '/api/moderation/reports/{targetId}/resolve',
  tags,
  auth: 'moderator',
  summary: 'Hide the content or keep it (dismiss), closing its open reports; the author is told by email when it is hidden or shown again',
  request: { params: target, body: jsonBody(resolveInputSchema) },
  responses: { 200: json('The reported content after the decision', reportDetailSchema) },
  errors: [400, 404, 429],
});

export const suspendMemberContract = defineContract({
  method: 'post',
  path: '/api/moderation/users/{id}/suspend',
  tags,
  auth: 'moderator',
  summary: 'Suspend a member from posting, commenting and liking for a number of days (again: replaces the suspension)',
  request: { params: member, body: jsonBody(suspendInputSchema) },
  responses: { 200: json('The member, suspended', memberSchema) },
  errors: [400, 404, 429],
});

export const liftSuspensionContract = defineContract({
  method: 'delete',
  path: '/api/moderation/users/{id}/suspend',
  tags,
  auth: 'moderator',
  summary: "Lift a member's suspension at once (repeating it changes nothing)",
  request: { params: member },
  responses: { 200: json('The member, free to post', memberSchema) },
  errors: [400, 404, 429],
});

export const suspensionsContract = defineContract({
  method: 'get',
  path: '/api/moderation/suspensions',
  tags,
  auth: 'moderator',
  summary: 'Members suspended now, the soonest to end first',
  request: { query: paginationSchema },
  responses: { 200: json('A page of suspended members', suspensionsPageSchema) },
  errors: [400, 404, 429],
});

export const moderationActionsContract = defineContract({
  method: 'get',
  path: '/api/moderation/actions',
  tags,
  auth: 'moderator',
  summary: 'Every moderation action, newest first: who, what, when and why',
  request: { query: paginationSchema },
  responses: { 200: json('A page of the history', actionsPageSchema) },
  errors: [400, 404, 429],
});
