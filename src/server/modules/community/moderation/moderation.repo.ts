import { and, asc, type Column, count, desc, eq, exists, gt, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReportReason } from '#core/community/schemas';
import type { QueueStatus, Resolution, TargetKind } from '#core/community/moderation/schemas';
import type { Role } from '#core/profile/schemas';
import type { Db } from '#server/db/client';
import { authUser, comments, communitySettings, moderationActions, postReports, posts, users } from '#server/db/schema';

/** A member as the forum names them: the community display name over the account name. */
const forumName = (u: { name: Column }, settings: { displayName: Column }) => sql<string>`coalesce(${settings.displayName}, ${u.name})`;

const memberColumns = {
  id: users.id,
  name: forumName(users, communitySettings),
  role: users.role,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
};
export type MemberRow = { id: string; name: string; role: Role; suspendedUntil: Date | null; suspensionReason: string | null };

const statusIs = (status: QueueStatus) => (status === 'open' ? eq(postReports.status, 'open') : ne(postReports.status, 'open'));

/** The reason most of these reports give (ties: the first in the list of reasons). */
const mostGiven = (where: SQL = sql`true`) => sql<ReportReason | null>`mode() WITHIN GROUP (ORDER BY ${postReports.reason}) FILTER (WHERE ${where})`;

/**
 * One page of reported content, as target ids in queue order. Open: content the report threshold hid first (it waits
 * hidden), then the most reported, then the longest waiting. Resolved: the latest closed first.
 */
export async function queuePage(db: Db, status: QueueStatus, page: { limit: number; offset: number }) {
  const hiddenByReports = sql<boolean>`bool_or(coalesce(${comments.hiddenBy}, ${posts.hiddenBy}) = 'reports')`;
  const order =
    status === 'open'
      ? [desc(hiddenByReports), desc(count()), asc(sql`min(${postReports.updatedAt})`), asc(postReports.targetId)]
      : [desc(sql`max(${postReports.updatedAt})`), asc(postReports.targetId)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ targetId: postReports.targetId })
      .from(postReports)
      .innerJoin(posts, eq(posts.id, postReports.postId))
      .leftJoin(comments, eq(comments.id, postReports.commentId))
      .where(statusIs(status))
      .groupBy(postReports.targetId)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(DISTINCT ${postReports.targetId})::int` })
      .from(postReports)
      .where(statusIs(status)),
  ]);
  return { targetIds: rows.map((r) => r.targetId), total: total?.n ?? 0 };
}

/** The reported content itself, with its post (the context) and its author, for each target that has reports. */
export async function findTargets(db: Db, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return db
    .selectDistinctOn([postReports.targetId], {
      targetId: postReports.targetId,
      kind: sql<TargetKind>`CASE WHEN ${postReports.commentId} IS NULL THEN 'post' ELSE 'comment' END`,
      postId: posts.id,
      postTitle: posts.title,
      postContent: posts.content,
      content: sql<string>`coalesce(${comments.content}, ${posts.content})`,
      hiddenAt: sql<Date | null>`CASE WHEN ${postReports.commentId} IS NULL THEN ${posts.hiddenAt} ELSE ${comments.hiddenAt} END`.mapWith(posts.hiddenAt),
      hiddenBy: sql<'reports' | 'moderator' | null>`CASE WHEN ${postReports.commentId} IS NULL THEN ${posts.hiddenBy} ELSE ${comments.hiddenBy} END`,
      hiddenReason: sql<ReportReason | null>`CASE WHEN ${postReports.commentId} IS NULL THEN ${posts.hiddenReason} ELSE ${comments.hiddenReason} END`,
      author: memberColumns,
    })
    .from(postReports)
    .innerJoin(posts, eq(posts.id, postReports.postId))
    .leftJoin(comments, eq(comments.id, postReports.commentId))
    .innerJoin(users, eq(users.id, sql`coalesce(${comments.userId}, ${posts.userId})`))
    .leftJoin(communitySettings, eq(communitySettings.userId, users.id))
    .where(inArray(postReports.targetId, targetIds))
    .orderBy(postReports.targetId);
}
export type TargetRow = Awaited<ReturnType<typeof findTargets>>[number];

/** The reports of these targets (of one queue status, or all), newest first, with their reporters' forum names. */
export async function findReports(db: Db, targetIds: string[], status: QueueStatus | 'all') {
  if (targetIds.length === 0) return [];
  return db
    .select({
      id: postReports.id,
      targetId: postReports.targetId,
      reporterId: users.id,
      reporterName: forumName(users, communitySettings),
      reason: postReports.reason,
      details: postReports.details,
      status: postReports.status,
      reportedAt: postReports.updatedAt,
    })
    .from(postReports)
    .innerJoin(users, eq(users.id, postReports.userId))
    .leftJoin(communitySettings, eq(communitySettings.userId, users.id))
    .where(and(inArray(postReports.targetId, targetIds), status === 'all' ? undefined : statusIs(status)))
    .orderBy(desc(postReports.updatedAt), desc(postReports.id));
}
export type ReportRow = Awaited<ReturnType<typeof findReports>>[number];

const moderator = alias(users, 'moderator');
const moderatorSettings = alias(communitySettings, 'moderator_settings');
const subject = alias(users, 'subject');
const subjectSettings = alias(communitySettings, 'subject_settings');

/** Moderation actions with the names of who acted and on whom, and the title of the post concerned (null once deleted). */
function actions(db: Db) {
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      moderatorId: moderator.id,
      moderatorName: forumName(moderator, moderatorSettings),
      targetKind: moderationActions.targetKind,
      targetId: moderationActions.targetId,
      postId: moderationActions.postId,
      postTitle: posts.title,
      memberId: subject.id,
      memberName: forumName(subject, subjectSettings),
      reason: moderationActions.reason,
      note: moderationActions.note,
      suspendedUntil: moderationActions.suspendedUntil,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .leftJoin(moderator, eq(moderator.id, moderationActions.moderatorId))
    .leftJoin(moderatorSettings, eq(moderatorSettings.userId, moderator.id))
    .leftJoin(subject, eq(subject.id, moderationActions.memberId))
    .leftJoin(subjectSettings, eq(subjectSettings.userId, subject.id))
    .leftJoin(posts, eq(posts.id, moderationActions.postId));
}
export type ActionRow = Awaited<ReturnType<ReturnType<typeof actions>['execute']>>[number];

/** The whole history, newest first. */
export async function actionsPage(db: Db, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    actions(db).orderBy(desc(moderationActions.createdAt), desc(moderationActions.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(moderationActions),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** What was done about these targets, newest first. */
export async function actionsOn(db: Db, targetIds: string[]) {
  if (targetIds.length === 0) return [];
  return actions(db).where(inArray(moderationActions.targetId, targetIds)).orderBy(desc(moderationActions.createdAt), desc(moderationActions.id));
}

/**
 * A moderator's decision on reported content, all or nothing: the content's row locked (reports arriving meanwhile
 * wait), hidden by a moderator or shown again, its open reports closed, the action recorded. Answers whether it was
 * hidden before and after, its author and the reason given, or null when nothing of it was ever reported.
 */
export async function resolveTarget(db: Db, moderatorId: string, targetId: string, decision: { action: Resolution; note: string | null }) {
  return db.transaction(async (tx) => {
    const [reported] = await tx
      .select({
        postId: postReports.postId,
        commentId: postReports.commentId,
        reason: sql<ReportReason>`coalesce(${mostGiven(eq(postReports.status, 'open'))}, ${mostGiven()})`,
      })
      .from(postReports)
      .where(eq(postReports.targetId, targetId))
      .groupBy(postReports.postId, postReports.commentId);
    if (!reported) return null;
    const kind: TargetKind = reported.commentId ? 'comment' : 'post';
    const table = kind === 'post' ? posts : comments;
    const [before] = await tx.select({ authorId: table.userId, hiddenAt: table.hiddenAt, hiddenBy: table.hiddenBy }).from(table).where(eq(table.id, targetId)).for('update');
    if (!before) return null;
    const hide = decision.action === 'hide';
    await tx
      .update(table)
      .set(hide ? { hiddenAt: before.hiddenAt ?? sql`now()`, hiddenBy: 'moderator', hiddenReason: reported.reason } : { hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(eq(table.id, targetId));
    await tx
      .update(postReports)
      .set({ status: hide ? 'reviewed' : 'dismissed', updatedAt: sql`now()` })
      .where(and(eq(postReports.targetId, targetId), eq(postReports.status, 'open')));
    await tx.insert(moderationActions).values({
      moderatorId,
      action: decision.action,
      targetKind: kind,
      targetId,
      postId: reported.postId,
      memberId: before.authorId,
      reason: hide ? reported.reason : null,
      note: decision.note,
    });
    return { kind, postId: reported.postId, authorId: before.authorId, reason: reported.reason, before: before.hiddenBy };
  });
}

export async function findMember(db: Db, id: string): Promise<MemberRow | null> {
  const [row] = await db.select(memberColumns).from(users).leftJoin(communitySettings, eq(communitySettings.userId, users.id)).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Sets or clears a member's suspension and records who did it and why, together. */
export async function setSuspension(db: Db, moderatorId: string, memberId: string, suspension: { until: Date; reason: string } | null) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ suspendedUntil: suspension?.until ?? null, suspensionReason: suspension?.reason ?? null, updatedAt: new Date() })
      .where(eq(users.id, memberId));
    await tx.insert(moderationActions).values({
      moderatorId,
      action: suspension ? 'suspend' : 'unsuspend',
      memberId,
      reason: suspension?.reason ?? null,
      suspendedUntil: suspension?.until ?? null,
    });
  });
}

/** Members suspended now, the soonest to end first. */
export async function suspendedPage(db: Db, page: { limit: number; offset: number }) {
  const inForce = and(isNotNull(users.suspendedUntil), gt(users.suspendedUntil, sql`now()`));
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(users)
      .leftJoin(communitySettings, eq(communitySettings.userId, users.id))
      .where(inForce)
      .orderBy(asc(users.suspendedUntil), asc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(inForce),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Makes moderators of the accounts with these addresses (any case); answers how many changed. */
export async function grantRole(db: Db, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .update(users)
    .set({ role: 'moderator', updatedAt: new Date() })
    .where(
      and(
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
        ne(users.role, 'moderator'),
        // Only an address its owner has proven: sign-up alone does not, or anyone could claim a listed address first.
        exists(
          db
            .select({ one: sql`1` })
            .from(authUser)
            .where(and(eq(authUser.id, users.authId), eq(authUser.emailVerified, true))),
        ),
      ),
    )
    .returning({ id: users.id });
  return rows.length;
}

/** The role of the account with this address, set; its role before, or null when there is no such account. */
export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<Role | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .for('update');
    if (!found) return null;
    if (found.role !== role) await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, found.id));
    return found.role;
  });
}
