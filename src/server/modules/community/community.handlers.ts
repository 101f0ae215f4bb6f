import type { MiddlewareHandler } from 'hono';
import { entitlementsFor } from '../../../core/billing/catalogue';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SignedInEnv } from '../../lib/context';
import { legacyRouter } from '../../lib/router';
import {
  createCommentRoute,
  createPostRoute,
  deleteCommentRoute,
  deletePostRoute,
  getPostRoute,
  likePostRoute,
  listCommentsRoute,
  listPostsRoute,
  reportPostRoute,
  unlikePostRoute,
  updateCommentRoute,
  updatePostRoute,
} from './community.routes';
import { createComment } from './services/create-comment';
import { createPost } from './services/create-post';
import { deleteComment } from './services/delete-comment';
import { deletePost } from './services/delete-post';
import { getPost } from './services/get-post';
import { listComments } from './services/list-comments';
import { listPosts } from './services/list-posts';
import { reportPost } from './services/report-post';
import { setLike } from './services/set-like';
import { updateComment } from './services/update-comment';
import { updatePost } from './services/update-post';

/** The forum is an entitlement of the tier (every tier has it today; the check keeps it true if that changes). */
const communityAccess: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const user = c.get('user');
  if (!entitlementsFor(user.subscriptionTier, user.subscriptionStatus).hasCommunityAccess) throw new AppError('SUBSCRIPTION_REQUIRED');
  return next();
};

export function communityRouter(deps: { db: Db }) {
  const { db } = deps;
  const app = legacyRouter();
  app.use('/api/community/*', communityAccess);

  app.openapi(listPostsRoute, async (c) => c.json(await listPosts(db, c.get('user').id, c.req.valid('query')), 200));
  app.openapi(createPostRoute, async (c) => c.json(await createPost(db, c.get('user').id, c.req.valid('json')), 201));
  app.openapi(getPostRoute, async (c) => c.json(await getPost(db, c.get('user').id, c.req.valid('param').id), 200));
  app.openapi(updatePostRoute, async (c) => c.json(await updatePost(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 200));
  app.openapi(deletePostRoute, async (c) => {
    await deletePost(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.openapi(listCommentsRoute, async (c) => c.json(await listComments(db, c.get('user').id, c.req.valid('param').id, c.req.valid('query')), 200));
  app.openapi(createCommentRoute, async (c) => c.json(await createComment(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json').content), 201));
  app.openapi(updateCommentRoute, async (c) => c.json(await updateComment(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json').content), 200));
  app.openapi(deleteCommentRoute, async (c) => {
    await deleteComment(db, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.openapi(likePostRoute, async (c) => c.json(await setLike(db, c.get('user').id, c.req.valid('param').id, true), 200));
  app.openapi(unlikePostRoute, async (c) => c.json(await setLike(db, c.get('user').id, c.req.valid('param').id, false), 200));
  app.openapi(reportPostRoute, async (c) => {
    const { report, created } = await reportPost(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return created ? c.json(report, 201) : c.json(report, 200);
  });
  return app;
}
