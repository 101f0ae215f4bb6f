import type { ReportReason } from '#core/community/schemas';
import { PAGES } from '#core/common/pages';
import type { CommunityDeps } from '../community.deps';
import { findNoticeRecipient, type ReportTarget } from '../community.repo';
import { moderationEmail, type ModerationNotice } from '../emails';

/**
 * Tells the author, by email in their language, that their post or comment was hidden or shown again. Sent after the
 * change is committed; a lost email is reported, not thrown, since the change stands either way.
 */
export async function notifyAuthor(deps: CommunityDeps, notice: ModerationNotice, target: ReportTarget, authorId: string, reason: ReportReason): Promise<void> {
  try {
    const to = await findNoticeRecipient(deps.db, authorId, target.postId);
    if (!to) return;
    const link = `${deps.appUrl}/${to.locale}/${PAGES.post.replace(':postId', target.postId)}`;
    await deps.email.send({ to: to.email, ...moderationEmail(to.locale, notice, { name: to.name, kind: target.kind, title: to.title, reason, link }) });
  } catch (error) {
    deps.reporter.report(error, { source: 'community', operation: `moderation email (${notice})`, userId: authorId });
  }
}
