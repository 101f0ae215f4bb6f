import { suspendedUntilText } from '#core/community/schemas';
import { COMMUNITY_MESSAGES } from '#core/community/messages';
import { toMessage } from '#core/messages/catalogue';
import { AppError } from '#server/lib/app-error';

/** Who reads or writes in the forum: moderators see hidden content too; a suspended member may only read. */
export interface Viewer {
  id: string;
  moderator: boolean;
  suspendedUntil: Date | null;
}

/** Posting, commenting and liking: 403 while a moderator has the member suspended. */
export function assertMayContribute(viewer: Viewer, now = new Date()): void {
  if (viewer.suspendedUntil && viewer.suspendedUntil > now) throw new AppError('FORBIDDEN', toMessage(COMMUNITY_MESSAGES.suspended, { until: suspendedUntilText(viewer.suspendedUntil) }));
}
