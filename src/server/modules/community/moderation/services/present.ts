import type { ModeratedMember, ModerationActionEntry, ReportGroup, Resolution } from '#core/community/moderation/schemas';
import { excerptOf } from '#core/community/text';
import { toHidden } from '#server/modules/community/services/present';
import type { ActionRow, MemberRow, ReportRow, TargetRow } from '../moderation.repo';

/** A member with the suspension in force, if any (one that has ended is no suspension). */
export function toMember(row: MemberRow, now = new Date()): ModeratedMember {
  const suspended = row.suspendedUntil && row.suspendedUntil > now;
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    suspension: suspended ? { until: row.suspendedUntil!.toISOString(), reason: row.suspensionReason ?? '' } : null,
  };
}

export function toAction(row: ActionRow): ModerationActionEntry {
  return {
    id: row.id,
    action: row.action,
    moderator: row.moderatorId ? { id: row.moderatorId, name: row.moderatorName } : null,
    target: row.targetKind && row.targetId && row.postId ? { kind: row.targetKind, id: row.targetId, postId: row.postId, title: row.postTitle } : null,
    member: row.memberId ? { id: row.memberId, name: row.memberName } : null,
    reason: row.reason,
    note: row.note,
    suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One queue entry: the content, its reports (newest first, at least one), the reasons they give and the latest decision on it. */
export function toGroup(target: TargetRow, reports: ReportRow[], history: ActionRow[]): ReportGroup {
  const counts = new Map<ReportRow['reason'], number>();
  for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  const decision = history.find((a): a is ActionRow & { action: Resolution } => a.action === 'hide' || a.action === 'dismiss');
  return {
    targetId: target.targetId,
    kind: target.kind,
    post: { id: target.postId, title: target.postTitle, excerpt: excerptOf(target.postContent) },
    content: target.content,
    author: toMember(target.author),
    hidden: toHidden(target),
    reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    reports: reports.map((r) => ({
      id: r.id,
      reporter: { id: r.reporterId, name: r.reporterName },
      reason: r.reason,
      details: r.details,
      status: r.status,
      reportedAt: r.reportedAt.toISOString(),
    })),
    lastReportedAt: reports[0]!.reportedAt.toISOString(),
    resolution: decision ? { ...toAction(decision), action: decision.action } : null,
  };
}
