import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEEKDAYS } from '#core/workouts/schedule';
import { fitnessPlans } from './plans';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A logged session. Its exercises and sets are rows of their own (not a JSON column) so records, trends and volume
 * are plain SQL aggregates over one user's sets; see docs/decisions for the trade-off.
 */
export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** One of the user's plans. Deleting the plan keeps the workout: the reference, its week and its day go (trigger). */
    planId: uuid('plan_id').references(() => fitnessPlans.id, { onDelete: 'set null' }),
    weekNumber: smallint('week_number'),
    dayNumber: smallint('day_number'),
    startedAt: ts('started_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Computed when logged or edited, with the body weight below. */
    caloriesBurned: integer('calories_burned').notNull(),
    /** The weight the calories were computed with: an edit recomputes with it, not with today's weight. */
    bodyWeightKg: doublePrecision('body_weight_kg').notNull(),
    notes: text('notes'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Every read is one user's workouts over a time range, newest first.
    index('workouts_user_started_idx').on(t.userId, t.startedAt.desc(), t.id.desc()),
    // Deleting a plan finds the workouts that point at it.
    index('workouts_plan_idx').on(t.planId),
    check('workouts_duration_check', sql`${t.durationMinutes} BETWEEN 1 AND 1440`),
    check('workouts_calories_check', sql`${t.caloriesBurned} >= 0`),
    check('workouts_plan_day_check', sql`(${t.weekNumber} IS NULL AND ${t.dayNumber} IS NULL) OR ${t.planId} IS NOT NULL`),
  ],
);

export const workoutExercises = pgTable(
  'workout_exercises',
  {
    workoutId: uuid('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** An id of the exercise library (src/core/plans/exercises), or null for a custom exercise. */
    exerciseId: text('exercise_id'),
    customName: text('custom_name'),
    notes: text('notes'),
  },
  (t) => [primaryKey({ columns: [t.workoutId, t.position] }), check('workout_exercises_kind_check', sql`(${t.exerciseId} IS NULL) <> (${t.customName} IS NULL)`)],
);

export const workoutSets = pgTable(
  'workout_sets',
  {
    workoutId: uuid('workout_id').notNull(),
    exercisePosition: smallint('exercise_position').notNull(),
    position: smallint('position').notNull(),
    reps: integer('reps'),
    weightKg: doublePrecision('weight_kg'),
    /** How hard the set was, 1–10 in halves; optional (ADR 028: a stall at RPE 9.5 or more). */
    rpe: real('rpe'),
    durationSeconds: integer('duration_seconds'),
    distanceMeters: doublePrecision('distance_meters'),
    completed: boolean('completed').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.workoutId, t.exercisePosition, t.position] }),
    foreignKey({ name: 'workout_sets_exercise_fk', columns: [t.workoutId, t.exercisePosition], foreignColumns: [workoutExercises.workoutId, workoutExercises.position] }).onDelete('cascade'),
    check('workout_sets_measure_check', sql`${t.reps} IS NOT NULL OR ${t.durationSeconds} IS NOT NULL OR ${t.distanceMeters} IS NOT NULL`),
    check('workout_sets_rpe_check', sql`${t.rpe} BETWEEN 1 AND 10`),
    check('workout_sets_values_check', sql`${t.reps} >= 0 AND ${t.weightKg} >= 0 AND ${t.durationSeconds} > 0 AND ${t.distanceMeters} >= 0`),
  ],
);

/**
 * The user's training week over time: from `effective_from` (the user's date) on, `training_days` are planned
 * training days and the other weekdays planned rest days, which a streak passes over; null = no schedule.
 */
export const trainingSchedules = pgTable(
  'training_schedules',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    trainingDays: text('training_days', { enum: WEEKDAYS }).array(),
    /** One of the user's plans; deleting it keeps the week of training days. */
    planId: uuid('plan_id').references(() => fitnessPlans.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.effectiveFrom] })],
);

/**
 * One row per user who has logged: totals and the streak as of the last change, kept in the transaction of every
 * change under this row's lock (ADR 033: step by step where that is exact, else rewritten from the workouts), so
 * `user_stats` — read on every profile load and beside every forum author — is a key lookup instead of an aggregate.
 */
export const workoutSummaries = pgTable('workout_summaries', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalWorkouts: integer('total_workouts').notNull().default(0),
  totalMinutes: integer('total_minutes').notNull().default(0),
  totalCalories: integer('total_calories').notNull().default(0),
  lastWorkoutAt: ts('last_workout_at'),
  /** Workout days in the run that ends on the last workout day. */
  currentRun: integer('current_run').notNull().default(0),
  longestStreak: integer('longest_streak').notNull().default(0),
  /**
   * The instant the run breaks unless another workout comes: the end of the first day after the last workout that is
   * not a planned rest day, in the user's time zone. Kept as an instant so the view needs no time zone rules.
   */
  aliveUntil: ts('alive_until'),
  /**
   * The time zone the days above were counted in. A change is applied to the row step by step only while the user's
   * time zone is still this one; otherwise (and while it is null, as for rows older than this column) the row is
   * rewritten from all the workouts.
   */
  timezone: text('timezone'),
  /** Raised by every change of the user's workouts or schedule: what a cached computation of their stats is keyed on. */
  version: integer('version').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
