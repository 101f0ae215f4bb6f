import type { ReportDetail, ResolveInput } from '#core/community/moderation/schemas';
import { AppError } from '#server/lib/app-error';
import type { CommunityDeps } from '#server/modules/community/community.deps';
import { notifyAuthor } from '#server/modules/community/services/notify-author';
import * as repo from '../moderation.repo';
import { getReport } from './get-report';

/**
 * A moderator's decision on reported content: hide it or keep it, closing its open reports. A decision may be
 * changed later (the reports stay). The author hears of a change they can see: hidden (or confirmed hidden after the
 * report threshold hid it), or shown again.
 */
export async function resolveReports(deps: CommunityDeps, moderatorId: string, targetId: string, input: ResolveInput): Promise<ReportDetail> {
  const done = await repo.resolveTarget(deps.db, moderatorId, targetId, input);
  if (!done) throw AppError.notFound('Reported content', targetId);
  const target = { kind: done.kind, id: targetId, postId: done.postId };
  if (input.action === 'hide' && done.before !== 'moderator') await notifyAuthor(deps, 'hidden', target, done.authorId, done.reason);
  if (input.action === 'dismiss' && done.before !== null) await notifyAuthor(deps, 'restored', target, done.authorId, done.reason);
  return getReport(deps.db, targetId);
}
