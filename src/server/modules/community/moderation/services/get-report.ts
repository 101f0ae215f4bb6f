import type { ReportDetail } from '#core/community/moderation/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../moderation.repo';
import { toAction, toGroup } from './present';

/** Reported content in full: every report of it, open or closed, and everything moderators did about it. */
export async function getReport(db: Db, targetId: string): Promise<ReportDetail> {
  const ids = [targetId];
  const [[target], reports, history] = await Promise.all([repo.findTargets(db, ids), repo.findReports(db, ids, 'all'), repo.actionsOn(db, ids)]);
  if (!target) throw AppError.notFound('Reported content', targetId);
  return { ...toGroup(target, reports, history), history: history.map(toAction) };
}
