import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { storedNote, type AdaptationKind, type PlanAdaptation, type PlanSwap } from '#core/coach';
import type { FitnessPlan } from '#core/plans/schemas';
import { unpackPlan } from '#core/plans/stored';
import type { ScheduleEntry, WorkoutDraft } from '#core/workouts';
import type { Db } from '#server/db/client';
import {
  fitnessGoals,
  fitnessPlans,
  planAdaptations,
  planSwaps,
  trainingSchedules,
  userPreferences,
  users,
  workoutExercises,
  workoutSets,
  workouts,
  workoutSummaries,
} from '#server/db/schema';

/** A transaction or the database: the queries below run in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type WorkoutRow = typeof workouts.$inferSelect;

/** What the workout rules need to know about the user: their days, their weight, their weekly target. */
export async function loadUserContext(db: Db, userId: string) {
  const [row] = await db
    .select({
      timezone: userPreferences.timezone,
      weightKg: userPreferences.weightKg,
      workoutsPerWeek: fitnessGoals.workoutsPerWeek,
      version: workoutSummaries.version,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .leftJoin(fitnessGoals, eq(fitnessGoals.userId, users.id))
    .leftJoin(workoutSummaries, eq(workoutSummaries.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return {
    timezone: row?.timezone ?? 'UTC',
    weightKg: row?.weightKg ?? null,
    workoutsPerWeek: row?.workoutsPerWeek ?? 3,
    /** Of the user's workouts and schedule: see workoutSummaries.version. */
    version: row?.version ?? 0,
  };
}
export type UserContext = Awaited<ReturnType<typeof loadUserContext>>;

/**
 * Takes the user's summary row lock for the rest of the transaction and answers the row as it is then: two writes of
 * one user's workouts queue here, so each starts from what the other committed.
 */
export async function lockSummary(tx: Tx, userId: string) {
  const [row] = await tx
    .insert(workoutSummaries)
    // 1, not the column's 0: a user without a row reads as version 0, and a first workout must change the version.
    .values({ userId, version: 1 })
    .onConflictDoUpdate({ target: workoutSummaries.userId, set: { version: sql`${workoutSummaries.version} + 1`, updatedAt: sql`now()` } })
    .returning();
  return row;
}
export type SummaryRow = Awaited<ReturnType<typeof lockSummary>>;
export type SummaryValues = Omit<SummaryRow, 'userId' | 'version' | 'updatedAt'>;

/** Whether the plan is the user's, holding it against deletion until the transaction ends. */
export async function lockOwnPlan(tx: Tx, userId: string, planId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: fitnessPlans.id })
    .from(fitnessPlans)
    .where(and(eq(fitnessPlans.id, planId), eq(fitnessPlans.userId, userId)))
    .for('key share');
  return row !== undefined;
}

export async function saveSummary(tx: Tx, userId: string, values: SummaryValues) {
  await tx
    .update(workoutSummaries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(workoutSummaries.userId, userId));
}

/** What a workout counts for in the summary. */
const counted = { startedAt: workouts.startedAt, durationMinutes: workouts.durationMinutes, caloriesBurned: workouts.caloriesBurned };
export type CountedWorkout = { startedAt: Date; durationMinutes: number; caloriesBurned: number };

/** How many of the user's workouts started in [from, to): one range of the workout index. */
export async function countWorkoutsBetween(tx: Tx, userId: string, from: Date, to: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), gte(workouts.startedAt, from), lt(workouts.startedAt, to)));
  return row.n;
}

/** The start of the user's latest workout: the first entry of the workout index. */
export async function latestWorkoutStart(tx: Tx, userId: string): Promise<Date | null> {
  const [row] = await tx.select({ startedAt: workouts.startedAt }).from(workouts).where(eq(workouts.userId, userId)).orderBy(desc(workouts.startedAt)).limit(1);
  return row?.startedAt ?? null;
}

async function insertChildren(tx: Tx, workoutId: string, draft: WorkoutDraft) {
  if (draft.exercises.length === 0) return;
  await tx.insert(workoutExercises).values(draft.exercises.map((e, position) => ({ workoutId, position, exerciseId: e.exerciseId, customName: e.customName, notes: e.notes })));
  const sets = draft.exercises.flatMap((e, exercisePosition) => e.sets.map((s, position) => ({ workoutId, exercisePosition, position, ...s })));
  await tx.insert(workoutSets).values(sets);
}

export async function insertWorkout(tx: Tx, userId: string, draft: WorkoutDraft, calories: { caloriesBurned: number; bodyWeightKg: number }) {
  const [row] = await tx
    .insert(workouts)
    .values({
      userId,
      name: draft.name,
      planId: draft.planId,
      weekNumber: draft.weekNumber,
      dayNumber: draft.dayNumber,
      startedAt: draft.performedAt,
      durationMinutes: draft.durationMinutes,
      notes: draft.notes,
      ...calories,
    })
    .returning();
  await insertChildren(tx, row.id, draft);
  return row;
}

/**
 * Rewrites the workout and its exercises; answers the new row and what the workout counted for before (read under
 * the row's lock), or null when the user has no workout with this id.
 */
export async function replaceWorkout(tx: Tx, userId: string, id: string, draft: WorkoutDraft, caloriesBurned: number) {
  const own = and(eq(workouts.id, id), eq(workouts.userId, userId));
  const [before] = await tx.select(counted).from(workouts).where(own).for('update');
  if (!before) return null;
  const [row] = await tx
    .update(workouts)
    .set({
      name: draft.name,
      planId: draft.planId,
      weekNumber: draft.weekNumber,
      dayNumber: draft.dayNumber,
      startedAt: draft.performedAt,
      durationMinutes: draft.durationMinutes,
      notes: draft.notes,
      caloriesBurned,
      updatedAt: sql`now()`,
    })
    .where(own)
    .returning();
  // The sets go with their exercises (ON DELETE CASCADE).
  await tx.delete(workoutExercises).where(eq(workoutExercises.workoutId, id));
  await insertChildren(tx, id, draft);
  return { row, before };
}

/** What the deleted workout counted for; null when the user has no workout with this id. */
export async function deleteWorkout(tx: Tx, userId: string, id: string): Promise<CountedWorkout | null> {
  const [row] = await tx
    .delete(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.userId, userId)))
    .returning(counted);
  return row ?? null;
}

export type ExerciseTree = WorkoutDraft['exercises'];
type SetTree = ExerciseTree[number]['sets'][number];

/** A set and an exercise as the query below sends them: values in a fixed order, named once, in parseTree. */
type SetTuple = [SetTree['reps'], SetTree['weightKg'], SetTree['rpe'], SetTree['durationSeconds'], SetTree['distanceMeters'], SetTree['completed']];
type ExerciseTuple = [string | null, string | null, string | null, SetTuple[]];

/**
 * A workout's exercises with their sets, in logged order, as one JSON value built by the database: a page of
 * workouts is one query and one row per workout, instead of a row per set to send and map. Arrays rather than
 * objects, so no key is built, sent and parsed again for every set (ADR 033: a quarter of the list's cost on PGlite).
 */
const exercisesJson = sql<ExerciseTuple[] | string>`(
  SELECT coalesce(json_agg(json_build_array(
    e.exercise_id, e.custom_name, e.notes,
    (
      SELECT coalesce(json_agg(json_build_array(
        s.reps, s.weight_kg, s.rpe, s.duration_seconds, s.distance_meters, s.completed
      ) ORDER BY s.position), '[]')
      FROM ${workoutSets} s WHERE s.workout_id = e.workout_id AND s.exercise_position = e.position
    )
  ) ORDER BY e.position), '[]')
  FROM ${workoutExercises} e WHERE e.workout_id = ${workouts.id}
)`;

// Drivers differ on whether they parse json columns.
const parseTree = (value: ExerciseTuple[] | string): ExerciseTree =>
  (typeof value === 'string' ? (JSON.parse(value) as ExerciseTuple[]) : value).map(([exerciseId, customName, notes, sets]) => ({
    exerciseId,
    customName,
    notes,
    sets: sets.map(([reps, weightKg, rpe, durationSeconds, distanceMeters, completed]) => ({ reps, weightKg, rpe, durationSeconds, distanceMeters, completed })),
  }));

export async function findWorkout(db: Db, userId: string, id: string) {
  const [found] = await db
    .select({ row: workouts, exercises: exercisesJson })
    .from(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.userId, userId)))
    .limit(1);
  return found ? { row: found.row, exercises: parseTree(found.exercises) } : null;
}

/** A page of the user's workouts started in [from, to), newest first, and how many there are in all. */
export async function listWorkouts(db: Db, userId: string, range: { from: Date | null; to: Date | null }, page: { limit: number; offset: number }) {
  const where: SQL[] = [eq(workouts.userId, userId)];
  if (range.from) where.push(gte(workouts.startedAt, range.from));
  if (range.to) where.push(lt(workouts.startedAt, range.to));
  const filter = and(...where);
  const rows = await db
    .select({ row: workouts, exercises: exercisesJson, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(workouts)
    .where(filter)
    .orderBy(desc(workouts.startedAt), desc(workouts.id))
    .limit(page.limit)
    .offset(page.offset);
  // Past the last page there is no row to carry the total.
  const total = rows.length > 0 ? rows[0].total : page.offset === 0 ? 0 : (await db.select({ total: count() }).from(workouts).where(filter))[0].total;
  return { rows: rows.map((r) => ({ row: r.row, exercises: parseTree(r.exercises) })), total };
}

/** Every workout's start, length and calories: the days of the streak and the totals. */
export function workoutTimeline(db: Tx, userId: string) {
  return db
    .select({ performedAt: workouts.startedAt, durationMinutes: workouts.durationMinutes, caloriesBurned: workouts.caloriesBurned })
    .from(workouts)
    .where(eq(workouts.userId, userId))
    .orderBy(asc(workouts.startedAt));
}

/**
 * Each distinct (exercise, reps, weight) of the user's completed sets with the first time it was lifted: all that
 * personal records depend on, a few hundred rows however long the user has trained. Grouping needs no sort, which
 * matters more than the row count on the embedded database.
 */
export function recordCandidates(db: Db, userId: string, exerciseId?: string) {
  return db
    .select({
      exerciseId: workoutExercises.exerciseId,
      customName: sql<string | null>`min(${workoutExercises.customName})`,
      reps: workoutSets.reps,
      weightKg: workoutSets.weightKg,
      performedAt: sql<Date>`min(${workouts.startedAt})`.mapWith(workouts.startedAt),
    })
    .from(workouts)
    .innerJoin(workoutSets, eq(workoutSets.workoutId, workouts.id))
    .innerJoin(workoutExercises, and(eq(workoutExercises.workoutId, workoutSets.workoutId), eq(workoutExercises.position, workoutSets.exercisePosition)))
    .where(
      and(
        eq(workouts.userId, userId),
        exerciseId === undefined ? undefined : eq(workoutExercises.exerciseId, exerciseId),
        sql`${workoutSets.completed}`,
        sql`(${workoutSets.reps} > 0 OR ${workoutSets.weightKg} > 0)`,
      ),
    )
    .groupBy(workoutExercises.exerciseId, sql`lower(${workoutExercises.customName})`, workoutSets.reps, workoutSets.weightKg);
}

/** Completed sets of workouts started since an instant, with their start: the Pro breakdowns. */
export function setsSince(db: Db, userId: string, since: Date) {
  return db
    .select({
      exerciseId: workoutExercises.exerciseId,
      customName: workoutExercises.customName,
      reps: workoutSets.reps,
      weightKg: workoutSets.weightKg,
      performedAt: workouts.startedAt,
    })
    .from(workouts)
    .innerJoin(workoutSets, eq(workoutSets.workoutId, workouts.id))
    .innerJoin(workoutExercises, and(eq(workoutExercises.workoutId, workoutSets.workoutId), eq(workoutExercises.position, workoutSets.exercisePosition)))
    .where(and(eq(workouts.userId, userId), gte(workouts.startedAt, since), sql`${workoutSets.completed}`));
}

export async function scheduleHistory(db: Tx, userId: string): Promise<ScheduleEntry[]> {
  const rows = await db
    .select({ effectiveFrom: trainingSchedules.effectiveFrom, trainingDays: trainingSchedules.trainingDays, planId: trainingSchedules.planId })
    .from(trainingSchedules)
    .where(eq(trainingSchedules.userId, userId))
    .orderBy(asc(trainingSchedules.effectiveFrom));
  return rows;
}

/** The schedule from a date on; a second change on the same day replaces the first. */
export async function saveScheduleEntry(tx: Tx, userId: string, entry: ScheduleEntry) {
  const values = { trainingDays: entry.trainingDays ? [...entry.trainingDays] : null, planId: entry.planId, updatedAt: new Date() };
  await tx
    .insert(trainingSchedules)
    .values({ userId, effectiveFrom: entry.effectiveFrom, ...values })
    .onConflictDoUpdate({ target: [trainingSchedules.userId, trainingSchedules.effectiveFrom], set: values });
}

/**
 * The done sets of a library exercise in the user's most recent workout that has any, in logged order; null when the
 * user never did it. The workout index walks the user's workouts newest first and stops at the first match.
 */
export async function lastSessionOf(db: Db, userId: string, exerciseId: string) {
  const doneSet = and(
    eq(workoutExercises.workoutId, workouts.id),
    eq(workoutExercises.exerciseId, exerciseId),
    eq(workoutSets.workoutId, workoutExercises.workoutId),
    eq(workoutSets.exercisePosition, workoutExercises.position),
    sql`${workoutSets.completed}`,
  );
  const [last] = await db
    .select({ id: workouts.id, startedAt: workouts.startedAt })
    .from(workouts)
    .where(and(eq(workouts.userId, userId), sql`EXISTS (SELECT 1 FROM ${workoutExercises}, ${workoutSets} WHERE ${doneSet})`))
    .orderBy(desc(workouts.startedAt), desc(workouts.id))
    .limit(1);
  if (!last) return null;
  const sets = await db
    .select({ reps: workoutSets.reps, weightKg: workoutSets.weightKg, durationSeconds: workoutSets.durationSeconds, distanceMeters: workoutSets.distanceMeters })
    .from(workoutSets)
    .innerJoin(workoutExercises, and(eq(workoutExercises.workoutId, workoutSets.workoutId), eq(workoutExercises.position, workoutSets.exercisePosition)))
    .where(and(eq(workoutSets.workoutId, last.id), eq(workoutExercises.exerciseId, exerciseId), sql`${workoutSets.completed}`))
    .orderBy(asc(workoutSets.exercisePosition), asc(workoutSets.position));
  return { performedAt: last.startedAt, sets };
}

/**
 * The user's sessions with a library exercise, newest first: the done sets of each of their latest `limit` workouts
 * that have any, in logged order; only those logged under `planId` when it is given.
 */
export async function recentSessionsOf(db: Tx, userId: string, exerciseId: string, opts: { limit: number; planId?: string }) {
  const doneSet = and(
    eq(workoutExercises.workoutId, workouts.id),
    eq(workoutExercises.exerciseId, exerciseId),
    eq(workoutSets.workoutId, workoutExercises.workoutId),
    eq(workoutSets.exercisePosition, workoutExercises.position),
    sql`${workoutSets.completed}`,
  );
  const found = await db
    .select({ id: workouts.id, startedAt: workouts.startedAt, weekNumber: workouts.weekNumber })
    .from(workouts)
    .where(
      and(
        eq(workouts.userId, userId),
        opts.planId === undefined ? undefined : eq(workouts.planId, opts.planId),
        sql`EXISTS (SELECT 1 FROM ${workoutExercises}, ${workoutSets} WHERE ${doneSet})`,
      ),
    )
    .orderBy(desc(workouts.startedAt), desc(workouts.id))
    .limit(opts.limit);
  if (found.length === 0) return [];
  const sets = await db
    .select({
      workoutId: workoutSets.workoutId,
      reps: workoutSets.reps,
      weightKg: workoutSets.weightKg,
      rpe: workoutSets.rpe,
      durationSeconds: workoutSets.durationSeconds,
      distanceMeters: workoutSets.distanceMeters,
    })
    .from(workoutSets)
    .innerJoin(workoutExercises, and(eq(workoutExercises.workoutId, workoutSets.workoutId), eq(workoutExercises.position, workoutSets.exercisePosition)))
    .where(
      and(
        inArray(
          workoutSets.workoutId,
          found.map((w) => w.id),
        ),
        eq(workoutExercises.exerciseId, exerciseId),
        sql`${workoutSets.completed}`,
      ),
    )
    .orderBy(asc(workoutSets.exercisePosition), asc(workoutSets.position));
  return found.map((w) => ({
    performedAt: w.startedAt,
    weekNumber: w.weekNumber,
    sets: sets.filter((s) => s.workoutId === w.id).map(({ workoutId: _id, ...set }) => set),
  }));
}

export async function unitsOf(db: Db, userId: string): Promise<'metric' | 'imperial'> {
  const [row] = await db.select({ units: userPreferences.units }).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row?.units ?? 'metric';
}

/** One of the user's plans with its swaps and adaptations: what the coach reads. Null when it is not theirs. */
export async function coachedPlan(db: Tx, userId: string, planId: string): Promise<{ plan: FitnessPlan; swaps: PlanSwap[]; adaptations: PlanAdaptation[] } | null> {
  const [row] = await db
    .select({ plan: fitnessPlans.plan, title: fitnessPlans.title })
    .from(fitnessPlans)
    .where(and(eq(fitnessPlans.id, planId), eq(fitnessPlans.userId, userId)))
    .limit(1);
  if (!row) return null;
  const [swaps, adaptations] = await Promise.all([
    db.select({ exerciseId: planSwaps.exerciseId, replacementId: planSwaps.replacementId }).from(planSwaps).where(eq(planSwaps.planId, planId)),
    db.select().from(planAdaptations).where(eq(planAdaptations.planId, planId)).orderBy(asc(planAdaptations.weekNumber), asc(planAdaptations.exerciseId)),
  ]);
  return {
    plan: unpackPlan(row.plan, row.title),
    swaps,
    adaptations: adaptations.map((a) => ({ weekNumber: a.weekNumber, exerciseId: a.exerciseId, kind: a.kind, note: storedNote(a.noteKey, a.noteParams) })),
  };
}

/** A week adapted once: a later stall of the same week and exercise keeps the first note. */
export async function saveAdaptation(
  tx: Tx,
  planId: string,
  a: { weekNumber: number; exerciseId: string; kind: AdaptationKind; noteKey: string; noteParams: Record<string, string | number> },
) {
  await tx
    .insert(planAdaptations)
    .values({ planId, ...a })
    .onConflictDoNothing();
}
