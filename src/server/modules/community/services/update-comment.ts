import type { Comment } from '#core/community/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../community.repo';
import { getComment } from './get-comment';
import { assertMayContribute, type Viewer } from './viewer';

/** The author's edit; someone else's comment answers 404. */
export async function updateComment(db: Db, viewer: Viewer, commentId: string, content: string): Promise<Comment> {
  assertMayContribute(viewer);
  if (!(await repo.updateComment(db, viewer.id, commentId, content))) throw AppError.notFound('Comment', commentId);
  return getComment(db, viewer, commentId);
}
