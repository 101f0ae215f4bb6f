import { entitlementsFor } from '#core/billing/catalogue';
import { DEFAULT_COMMUNITY_SETTINGS, DEFAULT_FITNESS_GOALS, DEFAULT_PREFERENCES, type CommunitySettings, type FitnessGoals, type Me, type Preferences } from '#core/profile/schemas';
import { REQUEST_MESSAGES } from '#core/errors/request';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import { loadProfileRelations } from '../profile.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Only the fields of `shape`, from a row that may carry more (user_id, updated_at) or be missing. */
function pick<T extends object>(shape: T, row: object | null): T {
  if (!row) return { ...shape };
  return Object.fromEntries(Object.keys(shape).map((k) => [k, (row as Record<string, unknown>)[k]])) as T;
}

export const toPreferences = (row: object | null): Preferences => pick(DEFAULT_PREFERENCES, row);
export const toFitnessGoals = (row: object | null): FitnessGoals => pick(DEFAULT_FITNESS_GOALS, row);
export const toCommunitySettings = (row: object | null): CommunitySettings => pick(DEFAULT_COMMUNITY_SETTINGS, row);

export async function getProfile(db: Db, user: UserRow): Promise<Me> {
  return (await readProfile(db, user)).me;
}

/**
 * GET /api/me's answer, and when it stops being true with no write (the current streak lapses, a suspension ends;
 * null: never).
 */
export async function readProfile(db: Db, user: UserRow): Promise<{ me: Me; changesAt: Date | null }> {
  const related = await loadProfileRelations(db, user.id);
  if (!related) throw new AppError('NOT_FOUND', REQUEST_MESSAGES.profileNotFound);
  const now = Date.now();
  const suspended = user.suspendedUntil && user.suspendedUntil.getTime() > now ? user.suspendedUntil : null;
  const changesAt = [related.streakAliveUntil, suspended].filter((d): d is Date => d !== null && d.getTime() > now).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  const me: Me = {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt.toISOString(),
    twoFactorEnabled: related.twoFactorEnabled,
    hasPassword: related.hasPassword,
    role: user.role,
    suspension: suspended ? { until: suspended.toISOString(), reason: user.suspensionReason ?? '' } : null,
    subscription: {
      tier: user.subscriptionTier,
      status: user.subscriptionStatus,
      interval: user.subscriptionInterval,
      startedAt: iso(user.subscriptionStartedAt),
      cancelAt: iso(user.cancelAt),
      trialEndsAt: iso(user.trialEndsAt),
      currentPeriodEnd: iso(user.currentPeriodEnd),
      trialAvailable: !user.trialUsedAt,
    },
    entitlements: entitlementsFor(user.subscriptionTier, user.subscriptionStatus),
    preferences: toPreferences(related.preferences),
    fitnessGoals: toFitnessGoals(related.fitnessGoals),
    communitySettings: toCommunitySettings(related.communitySettings),
    stats: {
      memberSince: (related.stats?.memberSince ?? user.createdAt).toISOString(),
      totalWorkouts: related.stats?.totalWorkouts ?? 0,
      totalMinutes: related.stats?.totalMinutes ?? 0,
      totalCalories: related.stats?.totalCalories ?? 0,
      lastWorkoutAt: iso(related.stats?.lastWorkoutAt ?? null),
      currentStreak: related.stats?.currentStreak ?? 0,
      longestStreak: related.stats?.longestStreak ?? 0,
    },
  };
  return { me, changesAt };
}
