import type { Context } from 'hono';
import { checkAccess } from '#core/billing/entitlements';
import {
  createCommentContract,
  createPostContract,
  deleteCommentContract,
  deletePostContract,
  getPostContract,
  likePostContract,
  listCommentsContract,
  listPostsContract,
  reportCommentContract,
  reportPostContract,
  unlikePostContract,
  updateCommentContract,
  updatePostContract,
} from '#core/community/community.contract';
import type { SignedInEnv } from '#server/lib/context';
import { requireAccess } from '#server/lib/require-access';
import { createRouter, type Guards } from '#server/lib/router';
import type { CommunityDeps } from './community.deps';
import { createComment } from './services/create-comment';
import { createPost } from './services/create-post';
import { deleteComment } from './services/delete-comment';
import { deletePost } from './services/delete-post';
import { getPost } from './services/get-post';
import { listComments } from './services/list-comments';
import { listPosts } from './services/list-posts';
import { reportComment, reportPost } from './services/report-content';
import { setLike } from './services/set-like';
import { updateComment } from './services/update-comment';
import { updatePost } from './services/update-post';
import type { Viewer } from './services/viewer';

/**
 * The signed-in member, once the tier's entitlement to the forum is checked (every tier has it today; the check keeps
 * it true if that changes).
 */
function member(c: Context<SignedInEnv>): Viewer {
  const user = c.get('user');
  requireAccess(checkAccess({ tier: user.subscriptionTier, status: user.subscriptionStatus, trialEndsAt: user.trialEndsAt }, { feature: 'community' }));
  return { id: user.id, moderator: user.role === 'moderator', suspendedUntil: user.suspendedUntil };
}

export function communityRouter(guards: Guards, deps: CommunityDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  app.handle(listPostsContract, async (c) => c.json(await listPosts(db, member(c), c.req.valid('query')), 200));
  app.handle(createPostContract, async (c) => c.json(await createPost(db, member(c), c.req.valid('json')), 201));
  app.handle(getPostContract, async (c) => c.json(await getPost(db, member(c), c.req.valid('param').id), 200));
  app.handle(updatePostContract, async (c) => c.json(await updatePost(db, member(c), c.req.valid('param').id, c.req.valid('json')), 200));
  app.handle(deletePostContract, async (c) => {
    await deletePost(db, member(c).id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.handle(listCommentsContract, async (c) => c.json(await listComments(db, member(c), c.req.valid('param').id, c.req.valid('query')), 200));
  app.handle(createCommentContract, async (c) => c.json(await createComment(db, member(c), c.req.valid('param').id, c.req.valid('json').content), 201));
  app.handle(updateCommentContract, async (c) => c.json(await updateComment(db, member(c), c.req.valid('param').id, c.req.valid('json').content), 200));
  app.handle(deleteCommentContract, async (c) => {
    await deleteComment(db, member(c).id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });

  app.handle(likePostContract, async (c) => c.json(await setLike(db, member(c), c.req.valid('param').id, true), 200));
  app.handle(unlikePostContract, async (c) => c.json(await setLike(db, member(c), c.req.valid('param').id, false), 200));
  app.handle(reportPostContract, async (c) => {
    const { report, created } = await reportPost(deps, member(c), c.req.valid('param').id, c.req.valid('json'));
    return created ? c.json(report, 201) : c.json(report, 200);
  });
  app.handle(reportCommentContract, async (c) => {
    const { report, created } = await reportComment(deps, member(c), c.req.valid('param').id, c.req.valid('json'));
    return created ? c.json(report, 201) : c.json(report, 200);
  });
  return app;
}
