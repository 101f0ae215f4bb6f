import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { MealType } from '#core/nutrition';
import type { Db } from '#server/db/client';
import { bodyEntries, fitnessGoals, nutritionEntries, nutritionGoals, userPreferences, users, workouts } from '#server/db/schema';

/** A transaction or the database: the queries below run in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type EntryRow = typeof nutritionEntries.$inferSelect;
export type EntryValues = Omit<typeof nutritionEntries.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

// The summary is read on every visit to the log and after every change: its queries are prepared once per database.
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return {
    context: db
      .select({
        timezone: userPreferences.timezone,
        locale: userPreferences.locale,
        sex: userPreferences.sex,
        birthYear: userPreferences.birthYear,
        heightCm: userPreferences.heightCm,
        weightKg: userPreferences.weightKg,
        activityLevel: userPreferences.activityLevel,
        goals: fitnessGoals.goals,
        targetWeightKg: fitnessGoals.targetWeightKg,
        customCalories: nutritionGoals.calories,
        customProtein: nutritionGoals.protein,
        customCarbs: nutritionGoals.carbs,
        customFat: nutritionGoals.fat,
        customFibre: nutritionGoals.fibre,
        customUpdatedAt: nutritionGoals.updatedAt,
      })
      .from(users)
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .leftJoin(fitnessGoals, eq(fitnessGoals.userId, users.id))
      .leftJoin(nutritionGoals, eq(nutritionGoals.userId, users.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('nutrition_user_context'),
    totalsByMeal: db
      .select({
        mealType: nutritionEntries.mealType,
        calories: sql<number>`coalesce(sum(${nutritionEntries.calories}), 0)::float8`,
        protein: sql<number>`coalesce(sum(${nutritionEntries.protein}), 0)::float8`,
        carbs: sql<number>`coalesce(sum(${nutritionEntries.carbs}), 0)::float8`,
        fat: sql<number>`coalesce(sum(${nutritionEntries.fat}), 0)::float8`,
        fibre: sql<number>`coalesce(sum(${nutritionEntries.fibre}), 0)::float8`,
        entries: sql<number>`count(*)::int`,
      })
      .from(nutritionEntries)
      .where(and(eq(nutritionEntries.userId, sql.placeholder('userId')), gte(nutritionEntries.eatenAt, sql.placeholder('from')), lt(nutritionEntries.eatenAt, sql.placeholder('to'))))
      .groupBy(nutritionEntries.mealType)
      .prepare('nutrition_totals_by_meal'),
    exercise: db
      .select({
        calories: sql<number>`coalesce(sum(${workouts.caloriesBurned}), 0)::int`,
        minutes: sql<number>`coalesce(sum(${workouts.durationMinutes}), 0)::int`,
        workouts: sql<number>`count(*)::int`,
      })
      .from(workouts)
      .where(and(eq(workouts.userId, sql.placeholder('userId')), gte(workouts.startedAt, sql.placeholder('from')), lt(workouts.startedAt, sql.placeholder('to'))))
      .prepare('nutrition_exercise_totals'),
  };
}

function statements(db: Db) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepare(db)));
  return s;
}

/** What the nutrition rules need to know about the user: their day, language, body, fitness goals and own targets. */
export async function loadContext(db: Db, userId: string) {
  const [row] = await statements(db).context.execute({ userId });
  return {
    timezone: row?.timezone ?? 'UTC',
    locale: row?.locale ?? 'en',
    body: {
      sex: row?.sex ?? null,
      birthYear: row?.birthYear ?? null,
      heightCm: row?.heightCm ?? null,
      weightKg: row?.weightKg ?? null,
      activityLevel: row?.activityLevel ?? null,
    },
    fitnessGoals: row?.goals ?? ['general_health'],
    targetWeightKg: row?.targetWeightKg ?? null,
    custom:
      row?.customCalories != null
        ? {
            calories: row.customCalories,
            protein: row.customProtein!,
            carbs: row.customCarbs!,
            fat: row.customFat!,
            fibre: row.customFibre,
            updatedAt: row.customUpdatedAt!,
          }
        : null,
  };
}
export type NutritionContext = Awaited<ReturnType<typeof loadContext>>;

/** Per-meal sums of the entries eaten in [from, to). */
export function totalsByMeal(db: Db, userId: string, from: Date, to: Date) {
  // Instants go in as ISO text: a prepared statement's parameters skip drizzle's Date mapping.
  return statements(db).totalsByMeal.execute({ userId, from: from.toISOString(), to: to.toISOString() });
}

/** The energy of the workouts started in [from, to) (ADR 008: MET × body weight × time, stored when logged). */
export async function exerciseBetween(db: Db, userId: string, from: Date, to: Date): Promise<{ calories: number; minutes: number; workouts: number }> {
  const [row] = await statements(db).exercise.execute({ userId, from: from.toISOString(), to: to.toISOString() });
  return row ?? { calories: 0, minutes: 0, workouts: 0 };
}

/** The user's weigh-ins (body tracking) of the days [from, to], oldest first. */
export function weighInsBetween(db: Db, userId: string, from: string, to: string): Promise<{ date: string; weightKg: number }[]> {
  return db
    .select({ date: bodyEntries.date, weightKg: sql<number>`${bodyEntries.weightKg}` })
    .from(bodyEntries)
    .where(and(eq(bodyEntries.userId, userId), gte(bodyEntries.date, from), lte(bodyEntries.date, to), isNotNull(bodyEntries.weightKg)))
    .orderBy(asc(bodyEntries.date));
}

export async function insertEntries(tx: Tx, userId: string, values: EntryValues[]): Promise<EntryRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(nutritionEntries)
    .values(values.map((v) => ({ ...v, userId })))
    .returning();
}

export async function findEntry(db: Tx, userId: string, id: string): Promise<EntryRow | null> {
  const [row] = await db
    .select()
    .from(nutritionEntries)
    .where(and(eq(nutritionEntries.id, id), eq(nutritionEntries.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** null when the user has no entry with this id. */
export async function updateEntry(tx: Tx, userId: string, id: string, values: Partial<EntryValues>): Promise<EntryRow | null> {
  const [row] = await tx
    .update(nutritionEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(nutritionEntries.id, id), eq(nutritionEntries.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteEntry(tx: Tx, userId: string, id: string): Promise<EntryRow | null> {
  const [row] = await tx
    .delete(nutritionEntries)
    .where(and(eq(nutritionEntries.id, id), eq(nutritionEntries.userId, userId)))
    .returning();
  return row ?? null;
}

interface Range {
  from: Date | null;
  to: Date | null;
}

function rangeFilter(userId: string, range: Range, mealType?: MealType): SQL {
  const where: SQL[] = [eq(nutritionEntries.userId, userId)];
  if (range.from) where.push(gte(nutritionEntries.eatenAt, range.from));
  if (range.to) where.push(lt(nutritionEntries.eatenAt, range.to));
  if (mealType) where.push(eq(nutritionEntries.mealType, mealType));
  return and(...where)!;
}

/** A page of the user's entries eaten in [from, to), newest first, and how many there are in all. */
export async function listEntries(db: Db, userId: string, range: Range, mealType: MealType | undefined, page: { limit: number; offset: number }) {
  const filter = rangeFilter(userId, range, mealType);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(nutritionEntries).where(filter).orderBy(desc(nutritionEntries.eatenAt), desc(nutritionEntries.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(nutritionEntries).where(filter),
  ]);
  return { rows, total };
}

/** The entries of [from, to) in the order they were eaten, at most `limit`. */
export function entriesBetween(db: Tx, userId: string, range: { from: Date; to: Date }, mealType: MealType | undefined, limit: number) {
  return db
    .select()
    .from(nutritionEntries)
    .where(rangeFilter(userId, range, mealType))
    .orderBy(asc(nutritionEntries.eatenAt), asc(nutritionEntries.createdAt))
    .limit(limit);
}

/** Time and nutrients of every entry in [from, to): the history buckets them into the user's days. */
export function nutrientsBetween(db: Db, userId: string, range: { from: Date; to: Date }) {
  return db
    .select({
      eatenAt: nutritionEntries.eatenAt,
      mealType: nutritionEntries.mealType,
      calories: nutritionEntries.calories,
      protein: nutritionEntries.protein,
      carbs: nutritionEntries.carbs,
      fat: nutritionEntries.fat,
      fibre: nutritionEntries.fibre,
    })
    .from(nutritionEntries)
    .where(rangeFilter(userId, range));
}

export async function upsertGoals(db: Db, userId: string, values: { calories: number; protein: number; carbs: number; fat: number; fibre: number | null }) {
  const [row] = await db
    .insert(nutritionGoals)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: nutritionGoals.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export async function deleteGoals(db: Db, userId: string): Promise<void> {
  await db.delete(nutritionGoals).where(eq(nutritionGoals.userId, userId));
}
