import { pageOf, type Page, type Pagination } from '#core/common/schemas';
import type { ModeratedMember, ModerationActionEntry } from '#core/community/moderation/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../moderation.repo';
import { toAction, toMember } from './present';

/** Every moderation action, newest first. */
export async function listActions(db: Db, page: Pagination): Promise<Page<ModerationActionEntry>> {
  const { rows, total } = await repo.actionsPage(db, { limit: page.limit, offset: (page.page - 1) * page.limit });
  return pageOf(rows.map(toAction), total, page);
}

/** Members suspended now, the soonest to end first. */
export async function listSuspensions(db: Db, page: Pagination): Promise<Page<ModeratedMember>> {
  const { rows, total } = await repo.suspendedPage(db, { limit: page.limit, offset: (page.page - 1) * page.limit });
  return pageOf(
    rows.map((r) => toMember(r)),
    total,
    page,
  );
}
