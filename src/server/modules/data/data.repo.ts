import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { unpackPlan } from '#core/plans/stored';
import type { Db } from '#server/db/client';
import {
  bodyEntries,
  comments,
  communitySettings,
  customExercises,
  fitnessGoals,
  fitnessPlans,
  nutritionEntries,
  nutritionGoals,
  nutritionPlans,
  posts,
  userPreferences,
  users,
  workoutExercises,
  workoutSets,
  workouts,
} from '#server/db/schema';

/** A transaction or the database: the queries below run in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest row. */
const CHUNK = 2000;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

export async function userContext(db: Tx, userId: string) {
  const [row] = await db
    .select({ timezone: userPreferences.timezone, units: userPreferences.units, weightKg: userPreferences.weightKg })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return { timezone: row?.timezone ?? 'UTC', units: row?.units ?? 'metric', weightKg: row?.weightKg ?? null };
}

/** One import at a time per user: a second (another tab, a replay) waits, then sees what the first stored. */
export async function lockImports(tx: Tx, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`import:${userId}`}))`);
}

export async function workoutStartsBetween(db: Tx, userId: string, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ startedAt: workouts.startedAt })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), gte(workouts.startedAt, from), lte(workouts.startedAt, to)));
  return rows.map((r) => r.startedAt);
}

export async function mealsBetween(db: Tx, userId: string, from: Date, to: Date) {
  return db
    .select({ eatenAt: nutritionEntries.eatenAt, mealType: nutritionEntries.mealType, foodName: nutritionEntries.foodName, calories: nutritionEntries.calories })
    .from(nutritionEntries)
    .where(and(eq(nutritionEntries.userId, userId), gte(nutritionEntries.eatenAt, from), lte(nutritionEntries.eatenAt, to)));
}

export async function bodyDates(db: Tx, userId: string, dates: string[]): Promise<string[]> {
  if (dates.length === 0) return [];
  const found = new Set<string>();
  await inChunks(dates, async (chunk) => {
    const rows = await db
      .select({ date: bodyEntries.date })
      .from(bodyEntries)
      .where(and(eq(bodyEntries.userId, userId), inArray(bodyEntries.date, chunk)));
    for (const r of rows) found.add(r.date);
  });
  return [...found];
}

export async function customExerciseNames(db: Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: customExercises.name })
    .from(customExercises)
    .where(eq(customExercises.userId, userId))
    .orderBy(asc(customExercises.createdAt), asc(customExercises.name));
  return rows.map((r) => r.name);
}

export async function insertCustomExercises(tx: Tx, userId: string, names: string[]) {
  await inChunks(names, (chunk) =>
    tx
      .insert(customExercises)
      .values(chunk.map((name) => ({ userId, name })))
      .onConflictDoNothing(),
  );
}

export interface NewWorkout {
  row: Omit<typeof workouts.$inferInsert, 'id' | 'userId'>;
  exercises: { exerciseId: string | null; customName: string | null; notes: string | null; sets: Omit<typeof workoutSets.$inferInsert, 'workoutId' | 'exercisePosition' | 'position'>[] }[];
}

/** Inserts workouts with their exercises and sets, a few thousand rows per statement; `onChunk` after each. */
export async function insertWorkouts(tx: Tx, userId: string, list: NewWorkout[], onChunk: (done: number) => void) {
  let done = 0;
  for (let i = 0; i < list.length; i += CHUNK / 4) {
    const chunk = list.slice(i, i + CHUNK / 4);
    const ids = await tx
      .insert(workouts)
      .values(chunk.map((w) => ({ ...w.row, userId })))
      .returning({ id: workouts.id });
    const exerciseRows = chunk.flatMap((w, k) => w.exercises.map((e, position) => ({ workoutId: ids[k].id, position, exerciseId: e.exerciseId, customName: e.customName, notes: e.notes })));
    const setRows = chunk.flatMap((w, k) => w.exercises.flatMap((e, exercisePosition) => e.sets.map((s, position) => ({ ...s, workoutId: ids[k].id, exercisePosition, position }))));
    await inChunks(exerciseRows, (rows) => tx.insert(workoutExercises).values(rows));
    await inChunks(setRows, (rows) => tx.insert(workoutSets).values(rows));
    done += chunk.length;
    onChunk(done);
  }
}

export async function insertMeals(tx: Tx, rows: (typeof nutritionEntries.$inferInsert)[]) {
  await inChunks(rows, (chunk) => tx.insert(nutritionEntries).values(chunk));
}

export async function insertBodyEntries(tx: Tx, rows: (typeof bodyEntries.$inferInsert)[]) {
  await inChunks(rows, (chunk) => tx.insert(bodyEntries).values(chunk).onConflictDoNothing());
}

/** The latest weigh-in becomes the profile's weight, as logging one by hand does. */
export async function syncProfileWeight(tx: Tx, userId: string): Promise<void> {
  const [latest] = await tx
    .select({ weightKg: bodyEntries.weightKg })
    .from(bodyEntries)
    .where(and(eq(bodyEntries.userId, userId), isNotNull(bodyEntries.weightKg)))
    .orderBy(desc(bodyEntries.date))
    .limit(1);
  if (latest?.weightKg == null) return;
  await tx
    .insert(userPreferences)
    .values({ userId, weightKg: latest.weightKg })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { weightKg: latest.weightKg, updatedAt: sql`now()` } });
}

// Export.

export async function profileOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      user: { id: users.id, email: users.email, name: users.name, subscriptionTier: users.subscriptionTier, createdAt: users.createdAt },
      preferences: userPreferences,
      goals: fitnessGoals,
      nutritionGoals,
      community: communitySettings,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .leftJoin(fitnessGoals, eq(fitnessGoals.userId, users.id))
    .leftJoin(nutritionGoals, eq(nutritionGoals.userId, users.id))
    .leftJoin(communitySettings, eq(communitySettings.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The user's workouts, oldest first, with exercises and sets in their order (three reads, joined in memory). */
export async function workoutsOf(db: Db, userId: string) {
  const list = await db.select().from(workouts).where(eq(workouts.userId, userId)).orderBy(asc(workouts.startedAt), asc(workouts.id));
  const exercises = await db
    .select({
      workoutId: workoutExercises.workoutId,
      position: workoutExercises.position,
      exerciseId: workoutExercises.exerciseId,
      customName: workoutExercises.customName,
      notes: workoutExercises.notes,
    })
    .from(workoutExercises)
    .innerJoin(workouts, eq(workouts.id, workoutExercises.workoutId))
    .where(eq(workouts.userId, userId))
    .orderBy(asc(workoutExercises.workoutId), asc(workoutExercises.position));
  const sets = await db
    .select({
      workoutId: workoutSets.workoutId,
      exercisePosition: workoutSets.exercisePosition,
      reps: workoutSets.reps,
      weightKg: workoutSets.weightKg,
      durationSeconds: workoutSets.durationSeconds,
      distanceMeters: workoutSets.distanceMeters,
      completed: workoutSets.completed,
    })
    .from(workoutSets)
    .innerJoin(workouts, eq(workouts.id, workoutSets.workoutId))
    .where(eq(workouts.userId, userId))
    .orderBy(asc(workoutSets.workoutId), asc(workoutSets.exercisePosition), asc(workoutSets.position));
  return { list, exercises, sets };
}

export const mealsOf = (db: Db, userId: string) =>
  db.select().from(nutritionEntries).where(eq(nutritionEntries.userId, userId)).orderBy(asc(nutritionEntries.eatenAt), asc(nutritionEntries.id));
export const bodyOf = (db: Db, userId: string) => db.select().from(bodyEntries).where(eq(bodyEntries.userId, userId)).orderBy(asc(bodyEntries.date));
export const customOf = (db: Db, userId: string) =>
  db
    .select({ id: customExercises.id, name: customExercises.name, createdAt: customExercises.createdAt })
    .from(customExercises)
    .where(eq(customExercises.userId, userId))
    .orderBy(asc(customExercises.createdAt));
/** Each plan in full (its document unpacked, ADR 032), as the owner reads it. */
export const fitnessPlansOf = async (db: Db, userId: string) =>
  (await db.select().from(fitnessPlans).where(eq(fitnessPlans.userId, userId)).orderBy(asc(fitnessPlans.createdAt))).map((row) => ({ ...row, plan: unpackPlan(row.plan, row.title) }));
export const nutritionPlansOf = (db: Db, userId: string) => db.select().from(nutritionPlans).where(eq(nutritionPlans.userId, userId)).orderBy(asc(nutritionPlans.createdAt));
export const postsOf = (db: Db, userId: string) =>
  db
    .select({ id: posts.id, category: posts.category, title: posts.title, content: posts.content, createdAt: posts.createdAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.createdAt));
export const commentsOf = (db: Db, userId: string) =>
  db
    .select({ id: comments.id, postId: comments.postId, content: comments.content, createdAt: comments.createdAt, updatedAt: comments.updatedAt })
    .from(comments)
    .where(eq(comments.userId, userId))
    .orderBy(asc(comments.createdAt));

/**
 * Adds one of the user's own exercises under the lock the import takes, so a count and a concurrent create (or an
 * import) cannot both pass the limit. `taken` when the name is already theirs (case aside), `full` at the limit.
 */
export async function createCustomExercise(db: Db, userId: string, name: string, max: number) {
  return db.transaction(async (tx) => {
    await lockImports(tx, userId);
    const [same] = await tx
      .select({ id: customExercises.id })
      .from(customExercises)
      .where(and(eq(customExercises.userId, userId), sql`lower(${customExercises.name}) = lower(${name})`));
    if (same) return { kind: 'taken' as const };
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(customExercises).where(eq(customExercises.userId, userId));
    if (n >= max) return { kind: 'full' as const };
    const [row] = await tx.insert(customExercises).values({ userId, name }).returning({ id: customExercises.id, name: customExercises.name, createdAt: customExercises.createdAt });
    return { kind: 'created' as const, row: row! };
  });
}

/**
 * Renames one of the user's own exercises and, in the same transaction, the workouts that logged it (a workout names
 * it by `customName`, and history and stats group by that name, case aside). Under the import's lock, like a create.
 * `missing` for an id that is not the user's, `taken` when another of theirs has the name.
 */
export async function renameCustomExercise(db: Db, lockWorkouts: (tx: Tx, userId: string) => Promise<unknown>, userId: string, id: string, name: string) {
  return db.transaction(async (tx) => {
    await lockImports(tx, userId);
    const [current] = await tx
      .select({ name: customExercises.name })
      .from(customExercises)
      .where(and(eq(customExercises.userId, userId), eq(customExercises.id, id)));
    if (!current) return { kind: 'missing' as const };
    const [other] = await tx
      .select({ id: customExercises.id })
      .from(customExercises)
      .where(and(eq(customExercises.userId, userId), sql`lower(${customExercises.name}) = lower(${name})`, sql`${customExercises.id} <> ${id}`));
    if (other) return { kind: 'taken' as const };
    const [row] = await tx
      .update(customExercises)
      .set({ name })
      .where(eq(customExercises.id, id))
      .returning({ id: customExercises.id, name: customExercises.name, createdAt: customExercises.createdAt });
    if (current.name !== name) {
      // The stats cache keys on the workouts' version, which the summary lock raises.
      await lockWorkouts(tx, userId);
      await tx
        .update(workoutExercises)
        .set({ customName: name })
        .where(
          and(
            sql`lower(${workoutExercises.customName}) = lower(${current.name})`,
            inArray(workoutExercises.workoutId, tx.select({ id: workouts.id }).from(workouts).where(eq(workouts.userId, userId))),
          ),
        );
    }
    return { kind: 'renamed' as const, row: row! };
  });
}

export async function deleteCustomExercise(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(customExercises)
    .where(and(eq(customExercises.userId, userId), eq(customExercises.id, id)))
    .returning({ id: customExercises.id });
  return rows.length > 0;
}
