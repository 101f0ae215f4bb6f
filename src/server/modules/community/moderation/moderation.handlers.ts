import {
  liftSuspensionContract,
  moderationActionsContract,
  reportDetailContract,
  reportQueueContract,
  resolveReportsContract,
  suspendMemberContract,
  suspensionsContract,
} from '#core/community/moderation/moderation.contract';
import { createRouter, type Guards } from '#server/lib/router';
import type { CommunityDeps } from '../community.deps';
import { getReport } from './services/get-report';
import { listActions, listSuspensions } from './services/list-history';
import { listQueue } from './services/list-queue';
import { resolveReports } from './services/resolve-reports';
import { liftSuspension, suspendMember } from './services/suspend-member';

/** The moderators' routes (ADR 021): each contract says `auth: 'moderator'`, so everyone else gets 404. */
export function moderationRouter(guards: Guards, deps: CommunityDeps) {
  const { db } = deps;
  const app = createRouter(guards);

  app.handle(reportQueueContract, async (c) => c.json(await listQueue(db, c.req.valid('query')), 200));
  app.handle(reportDetailContract, async (c) => c.json(await getReport(db, c.req.valid('param').targetId), 200));
  app.handle(resolveReportsContract, async (c) => c.json(await resolveReports(deps, c.get('user').id, c.req.valid('param').targetId, c.req.valid('json')), 200));
  app.handle(suspendMemberContract, async (c) => c.json(await suspendMember(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 200));
  app.handle(liftSuspensionContract, async (c) => c.json(await liftSuspension(db, c.get('user').id, c.req.valid('param').id), 200));
  app.handle(suspensionsContract, async (c) => c.json(await listSuspensions(db, c.req.valid('query')), 200));
  app.handle(moderationActionsContract, async (c) => c.json(await listActions(db, c.req.valid('query')), 200));
  return app;
}
