import { createRoute, z } from '@hono/zod-openapi';
import { idSchema, paginationSchema } from '../../../core/common/schemas';
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
} from '../../../core/community/schemas';
import { errorResponses, jsonBody } from '../../lib/openapi';

const tags = ['Community'];
const security = [{ session: [] }];
const params = z.object({ id: idSchema });
const json = <T extends z.ZodType>(description: string, schema: T) => ({ description, content: { 'application/json': { schema } } });
const deleted = json('Deleted', z.object({ success: z.literal(true) }));

export const listPostsRoute = createRoute({
  method: 'get',
  path: '/api/community/posts',
  tags,
  security,
  summary: 'Posts, newest first, of one category or all',
  request: { query: listPostsQuerySchema },
  responses: { 200: json('A page of posts', pageSchemaOf(postListItemSchema)), ...errorResponses(400, 401, 403, 429) },
});

export const createPostRoute = createRoute({
  method: 'post',
  path: '/api/community/posts',
  tags,
  security,
  summary: 'Write a post',
  request: { body: jsonBody(createPostSchema) },
  responses: { 201: json('The new post', postSchema), ...errorResponses(400, 401, 403, 429) },
});

export const getPostRoute = createRoute({
  method: 'get',
  path: '/api/community/posts/{id}',
  tags,
  security,
  summary: 'One post, whole',
  request: { params },
  responses: { 200: json('The post', postSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const updatePostRoute = createRoute({
  method: 'patch',
  path: '/api/community/posts/{id}',
  tags,
  security,
  summary: "Edit one's own post (title, content, category; any of them)",
  request: { params, body: jsonBody(updatePostSchema) },
  responses: { 200: json('The edited post', postSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const deletePostRoute = createRoute({
  method: 'delete',
  path: '/api/community/posts/{id}',
  tags,
  security,
  summary: "Delete one's own post with its comments",
  request: { params },
  responses: { 200: deleted, ...errorResponses(400, 401, 403, 404, 429) },
});

export const listCommentsRoute = createRoute({
  method: 'get',
  path: '/api/community/posts/{id}/comments',
  tags,
  security,
  summary: "A post's comments, oldest first",
  request: { params, query: paginationSchema },
  responses: { 200: json('A page of comments', pageSchemaOf(commentSchema)), ...errorResponses(400, 401, 403, 404, 429) },
});

export const createCommentRoute = createRoute({
  method: 'post',
  path: '/api/community/posts/{id}/comments',
  tags,
  security,
  summary: 'Comment on a post',
  request: { params, body: jsonBody(commentInputSchema) },
  responses: { 201: json('The new comment', commentSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const updateCommentRoute = createRoute({
  method: 'patch',
  path: '/api/community/comments/{id}',
  tags,
  security,
  summary: "Edit one's own comment",
  request: { params, body: jsonBody(commentInputSchema) },
  responses: { 200: json('The edited comment', commentSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const deleteCommentRoute = createRoute({
  method: 'delete',
  path: '/api/community/comments/{id}',
  tags,
  security,
  summary: "Delete one's own comment",
  request: { params },
  responses: { 200: deleted, ...errorResponses(400, 401, 403, 404, 429) },
});

export const likePostRoute = createRoute({
  method: 'put',
  path: '/api/community/posts/{id}/like',
  tags,
  security,
  summary: 'Like a post (once per user; repeating it changes nothing)',
  request: { params },
  responses: { 200: json('Liked, with the count', likeStateSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const unlikePostRoute = createRoute({
  method: 'delete',
  path: '/api/community/posts/{id}/like',
  tags,
  security,
  summary: 'Take back a like',
  request: { params },
  responses: { 200: json('Not liked, with the count', likeStateSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const reportPostRoute = createRoute({
  method: 'post',
  path: '/api/community/posts/{id}/reports',
  tags,
  security,
  summary: "Report someone else's post for review (one report per user and post; again replaces it)",
  request: { params, body: jsonBody(reportInputSchema) },
  responses: {
    201: json('Report stored', reportSchema),
    200: json('Earlier report replaced', reportSchema),
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
