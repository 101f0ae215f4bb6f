import { z } from 'zod';
import { defineContract, json, jsonBody, successSchema } from '#core/common/contract';
import { idSchema, paginationSchema } from '#core/common/schemas';
import {
  commentInputSchema,
  commentSchema,
  createPostSchema,
  likeStateSchema,
  listPostsQuerySchema,
  pageSchemaOf,
  postListItemSchema,
  postSchema,
  reportInputSchema,
  reportSchema,
  updatePostSchema,
} from './schemas';

const tags = ['Community'];
const params = z.object({ id: idSchema });
const deleted = json('Deleted', successSchema);

export const listPostsContract = defineContract({
  method: 'get',
  path: '/api/community/posts',
  tags,
  auth: 'session',
  summary: 'Posts, newest first, of one category or all',
  request: { query: listPostsQuerySchema },
  responses: { 200: json('A page of posts', pageSchemaOf(postListItemSchema)) },
  errors: [400, 401, 403, 429],
});

export const createPostContract = defineContract({
  method: 'post',
  path: '/api/community/posts',
  tags,
  auth: 'session',
  summary: 'Write a post',
  request: { body: jsonBody(createPostSchema) },
  responses: { 201: json('The new post', postSchema) },
  errors: [400, 401, 403, 429],
});

export const getPostContract = defineContract({
  method: 'get',
  path: '/api/community/posts/{id}',
  tags,
  auth: 'session',
  summary: 'One post, whole',
  request: { params },
  responses: { 200: json('The post', postSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const updatePostContract = defineContract({
  method: 'patch',
  path: '/api/community/posts/{id}',
  tags,
  auth: 'session',
  summary: "Edit one's own post (title, content, category; any of them)",
  request: { params, body: jsonBody(updatePostSchema) },
  responses: { 200: json('The edited post', postSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const deletePostContract = defineContract({
  method: 'delete',
  path: '/api/community/posts/{id}',
  tags,
  auth: 'session',
  summary: "Delete one's own post with its comments",
  request: { params },
  responses: { 200: deleted },
  errors: [400, 401, 403, 404, 429],
});

export const listCommentsContract = defineContract({
  method: 'get',
  path: '/api/community/posts/{id}/comments',
  tags,
  auth: 'session',
  summary: "A post's comments, oldest first",
  request: { params, query: paginationSchema },
  responses: { 200: json('A page of comments', pageSchemaOf(commentSchema)) },
  errors: [400, 401, 403, 404, 429],
});

export const createCommentContract = defineContract({
  method: 'post',
  path: '/api/community/posts/{id}/comments',
  tags,
  auth: 'session',
  summary: 'Comment on a post',
  request: { params, body: jsonBody(commentInputSchema) },
  responses: { 201: json('The new comment', commentSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const updateCommentContract = defineContract({
  method: 'patch',
  path: '/api/community/comments/{id}',
  tags,
  auth: 'session',
  summary: "Edit one's own comment",
  request: { params, body: jsonBody(commentInputSchema) },
  responses: { 200: json('The edited comment', commentSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const deleteCommentContract = defineContract({
  method: 'delete',
  path: '/api/community/comments/{id}',
  tags,
  auth: 'session',
  summary: "Delete one's own comment",
  request: { params },
  responses: { 200: deleted },
  errors: [400, 401, 403, 404, 429],
});

export const likePostContract = defineContract({
  method: 'put',
  path: '/api/community/posts/{id}/like',
  tags,
  auth: 'session',
  summary: 'Like a post (once per user; repeating it changes nothing)',
  request: { params },
  responses: { 200: json('Liked, with the count', likeStateSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const unlikePostContract = defineContract({
  method: 'delete',
  path: '/api/community/posts/{id}/like',
  tags,
  auth: 'session',
  summary: 'Take back a like',
  request: { params },
  responses: { 200: json('Not liked, with the count', likeStateSchema) },
  errors: [400, 401, 403, 404, 429],
});

export const reportPostContract = defineContract({
  method: 'post',
  path: '/api/community/posts/{id}/reports',
  tags,
  auth: 'session',
  summary: "Report someone else's post for review (one report per user and post; again replaces it)",
  description:
    'When members report the same post or comment, it is hidden from everyone but its author and the moderators once enough of them ' +
    'have (MODERATION_AUTO_HIDE_REPORTS, default 3), pending review; its author is told by email.',
  request: { params, body: jsonBody(reportInputSchema) },
  responses: {
    201: json('Report stored', reportSchema),
    200: json('Earlier report replaced', reportSchema),
  },
  errors: [400, 401, 403, 404, 429],
});

export const reportCommentContract = defineContract({
  method: 'post',
  path: '/api/community/comments/{id}/reports',
  tags,
  auth: 'session',
  summary: "Report someone else's comment for review (one report per user and comment; again replaces it)",
  request: { params, body: jsonBody(reportInputSchema) },
  responses: {
    201: json('Report stored', reportSchema),
    200: json('Earlier report replaced', reportSchema),
  },
  errors: [400, 401, 403, 404, 429],
});
