import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, type Locale } from '#core/common/schemas';
import type { CommunitySettings, FitnessGoals, Preferences } from '#core/profile/schemas';
import type { Db } from '#server/db/client';
import { authAccount, authUser, communitySettings, fitnessGoals, userPreferences, users, userStats, workoutSummaries } from '#server/db/schema';

// Hot paths (every signed-in request, every profile load) use prepared statements: built once per database.
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return {
    profileByAuthId: db
      .select({ profile: users, locale: userPreferences.locale })
      .from(users)
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .where(eq(users.authId, sql.placeholder('authId')))
      .limit(1)
      .prepare('profile_by_auth_id'),
    relations: db
      .select({
        preferences: userPreferences,
        fitnessGoals,
        communitySettings,
        stats: {
          memberSince: userStats.memberSince,
          totalWorkouts: userStats.totalWorkouts,
          totalMinutes: userStats.totalMinutes,
          totalCalories: userStats.totalCalories,
          lastWorkoutAt: userStats.lastWorkoutAt,
          currentStreak: userStats.currentStreak,
          longestStreak: userStats.longestStreak,
        },
        /** When the current streak lapses (shown as 0 from then on, with no write). */
        streakAliveUntil: workoutSummaries.aliveUntil,
        twoFactorEnabled: authUser.twoFactorEnabled,
        hasPassword: sql<boolean>`exists (select 1 from ${authAccount} where ${authAccount.userId} = ${users.authId} and ${authAccount.password} is not null)`,
      })
      .from(users)
      .innerJoin(authUser, eq(authUser.id, users.authId))
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .leftJoin(fitnessGoals, eq(fitnessGoals.userId, users.id))
      .leftJoin(communitySettings, eq(communitySettings.userId, users.id))
      .leftJoin(userStats, eq(userStats.userId, users.id))
      .leftJoin(workoutSummaries, eq(workoutSummaries.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('profile_relations'),
  };
}

function statements(db: Db) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepare(db)));
  return s;
}

/** The account's profile and its language (English until it saves one), in one round trip. */
export async function findProfileByAuthId(db: Db, authId: string): Promise<{ profile: typeof users.$inferSelect; locale: Locale } | null> {
  const [row] = await statements(db).profileByAuthId.execute({ authId });
  return row ? { profile: row.profile, locale: row.locale ?? DEFAULT_LOCALE } : null;
}

/** The profile's related rows in one round trip; a row not saved yet comes back null. */
export async function loadProfileRelations(db: Db, userId: string) {
  const rows = await statements(db).relations.execute({ userId });
  return rows[0] ?? null;
}

/** Name change of the profile and of its account's full name, together. */
export async function updateProfileName(db: Db, userId: string, authId: string, name: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    await tx.update(authUser).set({ name, updatedAt: new Date() }).where(eq(authUser.id, authId));
    return row ?? null;
  });
}

/** Removes the account; every row of the user goes with it through ON DELETE CASCADE. */
export async function deleteAccount(db: Db, authId: string): Promise<boolean> {
  const deleted = await db.delete(authUser).where(eq(authUser.id, authId)).returning({ id: authUser.id });
  return deleted.length > 0;
}

type Upsertable = typeof userPreferences | typeof fitnessGoals | typeof communitySettings;

/** One row per user: insert with what was sent (the rest takes its default), or change just what was sent. */
async function upsertByUser<T extends Upsertable>(db: Db, table: T, userId: string, values: Record<string, unknown>) {
  const now = new Date();
  const [row] = await db
    .insert(table as PgTable)
    .values({ ...values, userId, updatedAt: now })
    .onConflictDoUpdate({ target: (table as typeof userPreferences).userId, set: { ...values, updatedAt: now } })
    .returning();
  return row as T['$inferSelect'];
}

export const upsertPreferences = (db: Db, userId: string, v: Partial<Preferences>) => upsertByUser(db, userPreferences, userId, v);
export const upsertFitnessGoals = (db: Db, userId: string, v: Partial<FitnessGoals>) => upsertByUser(db, fitnessGoals, userId, v);
export const upsertCommunitySettings = (db: Db, userId: string, v: Partial<CommunitySettings>) => upsertByUser(db, communitySettings, userId, v);
