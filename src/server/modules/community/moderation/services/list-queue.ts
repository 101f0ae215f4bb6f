import { pageOf, type Page } from '#core/common/schemas';
import type { QueueQuery, ReportGroup } from '#core/community/moderation/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../moderation.repo';
import { toGroup } from './present';

/** A page of the queue: reported content with its open reports, or with the reports moderators closed. */
export async function listQueue(db: Db, query: QueueQuery): Promise<Page<ReportGroup>> {
  const { targetIds, total } = await repo.queuePage(db, query.status, { limit: query.limit, offset: (query.page - 1) * query.limit });
  const [targets, reports, history] = await Promise.all([repo.findTargets(db, targetIds), repo.findReports(db, targetIds, query.status), repo.actionsOn(db, targetIds)]);
  const byId = new Map(targets.map((t) => [t.targetId, t]));
  const groups = targetIds.flatMap((id) => {
    const target = byId.get(id);
    // Deleted by its author between the two reads: it has left the queue.
    return target
      ? [
          toGroup(
            target,
            reports.filter((r) => r.targetId === id),
            history.filter((a) => a.targetId === id),
          ),
        ]
      : [];
  });
  return pageOf(groups, total, query);
}
