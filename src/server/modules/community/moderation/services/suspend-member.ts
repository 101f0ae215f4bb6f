import type { ModeratedMember, SuspendInput } from '#core/community/moderation/schemas';
import { MODERATION_MESSAGES } from '#core/community/moderation/messages';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../moderation.repo';
import { toMember } from './present';

const DAY_MS = 86_400_000;

async function memberOrNotFound(db: Db, memberId: string) {
  const member = await repo.findMember(db, memberId);
  if (!member) throw AppError.notFound('User', memberId);
  return member;
}

/** Until now + days the member may read but not post, comment or like; again replaces the suspension. */
export async function suspendMember(db: Db, moderatorId: string, memberId: string, input: SuspendInput, now = new Date()): Promise<ModeratedMember> {
  const member = await memberOrNotFound(db, memberId);
  // A moderator's account is dealt with by taking the role first (npm run users:role), which also rules out oneself.
  if (member.role === 'moderator') throw new AppError('OPERATION_NOT_ALLOWED', MODERATION_MESSAGES.suspendModerator);
  await repo.setSuspension(db, moderatorId, memberId, { until: new Date(now.getTime() + input.days * DAY_MS), reason: input.reason });
  return toMember(await memberOrNotFound(db, memberId));
}

/** Ends a suspension at once; a member who is not suspended stays as they are, and nothing is recorded. */
export async function liftSuspension(db: Db, moderatorId: string, memberId: string): Promise<ModeratedMember> {
  const member = await memberOrNotFound(db, memberId);
  if (!toMember(member).suspension) return toMember(member);
  await repo.setSuspension(db, moderatorId, memberId, null);
  return toMember(await memberOrNotFound(db, memberId));
}
