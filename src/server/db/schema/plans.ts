import { sql } from 'drizzle-orm';
import { check, index, integer, json, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '#core/common/schemas';
import { PLAN_SOURCES } from '#core/plans/api-schemas';
import { FITNESS_LEVELS, PLAN_DETAILS, PLAN_SPLITS, FITNESS_PLAN_TYPES, type FitnessPlanInput } from '#core/plans/schemas';
import type { StoredPlan } from '#core/plans/stored';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A user's saved plan. The plan itself is one JSON document (valid under the core plan schema: the built-in engine's
 * by its tests, an LLM's checked before it is written) because it is always read and written whole; the columns beside it are what a list shows and filters
 * on, so a page of plans never reads the documents. The document is packed (`packPlan`, ADR 032) and kept as `json`,
 * not `jsonb`: nothing queries inside it, and the database need not take it apart on every write.
 */
export const fitnessPlans = pgTable(
  'fitness_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    planType: text('plan_type', { enum: FITNESS_PLAN_TYPES }).notNull(),
    fitnessLevel: text('fitness_level', { enum: FITNESS_LEVELS }).notNull(),
    durationWeeks: smallint('duration_weeks').notNull(),
    trainingDaysPerWeek: smallint('training_days_per_week').notNull(),
    split: text('split', { enum: PLAN_SPLITS }).notNull(),
    detail: text('detail', { enum: PLAN_DETAILS }).notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** The generation input as asked (goals and equipment are read from here for lists). */
    input: jsonb('input').$type<FitnessPlanInput>().notNull(),
    /** `PackedPlan`; plans saved before ADR 032 hold the whole plan, and are read as they are. */
    plan: json('plan').$type<StoredPlan>().notNull(),
    source: text('source', { enum: PLAN_SOURCES }).notNull(),
    /** The curated plan it was copied from (src/core/plans/library.ts); not a foreign key, the library is code. */
    libraryId: uuid('library_id'),
    /** The LLM that wrote it, when source is 'ai'. */
    model: text('model'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Every list is one user's plans, newest first.
    index('fitness_plans_user_newest_idx').on(t.userId, t.createdAt, t.id),
    check('fitness_plans_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 100`),
    check('fitness_plans_duration_check', sql`${t.durationWeeks} IN (4, 8, 12)`),
    check('fitness_plans_source_check', sql`${t.source} IN (${oneOf(PLAN_SOURCES)})`),
  ],
);

/**
 * One row per plan generation, kept when the plan is deleted: the rows of a calendar month (UTC) are the free
 * tier's quota (DESIGN decision 2). A row is written before the generator runs (the reservation) and removed again
 * if it fails, so two requests at once cannot both take the last generation of the month.
 */
export const planGenerations = pgTable(
  'plan_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => fitnessPlans.id, { onDelete: 'set null' }),
    /** Null while the generator runs. */
    source: text('source', { enum: PLAN_SOURCES }),
    /** Why an LLM answer was not used, when it was not. */
    fallbackReason: text('fallback_reason'),
    durationMs: integer('duration_ms'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('plan_generations_user_created_idx').on(t.userId, t.createdAt),
    // Deleting a plan clears its reference here.
    index('plan_generations_plan_idx').on(t.planId),
  ],
);

/**
 * An exercise of a plan swapped for another for the rest of the plan (ADR 028), keyed by the plan's own exercise id:
 * a second swap of the same exercise replaces the first. Goes with its plan.
 */
export const planSwaps = pgTable(
  'plan_swaps',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => fitnessPlans.id, { onDelete: 'cascade' }),
    exerciseId: text('exercise_id').notNull(),
    replacementId: text('replacement_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.exerciseId] }), check('plan_swaps_different_check', sql`${t.exerciseId} <> ${t.replacementId}`)],
);

/**
 * A week of a plan adapted for one exercise after it stalled (ADR 028): one row per plan, week and exercise (the
 * plan's own id), written once when a logged session shows the stall, and read with the plan. Goes with its plan.
 */
export const planAdaptations = pgTable(
  'plan_adaptations',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => fitnessPlans.id, { onDelete: 'cascade' }),
    weekNumber: smallint('week_number').notNull(),
    exerciseId: text('exercise_id').notNull(),
    kind: text('kind', { enum: ['lighter', 'fewer_sets'] }).notNull(),
    /** The note's key (coach.<name>) and params: the reader's language is chosen when it is shown. */
    noteKey: text('note_key').notNull(),
    noteParams: jsonb('note_params').$type<Record<string, string | number>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.weekNumber, t.exerciseId] }), check('plan_adaptations_kind_check', sql`${t.kind} IN ('lighter', 'fewer_sets')`)],
);
