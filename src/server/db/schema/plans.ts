import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '#core/common/schemas';
import { PLAN_SOURCES } from '#core/plans/api-schemas';
import { FITNESS_LEVELS, PLAN_DETAILS, PLAN_SPLITS, FITNESS_PLAN_TYPES, type FitnessPlan, type FitnessPlanInput } from '#core/plans/schemas';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A user's saved plan. The plan itself is one JSON document (valid under the core plan schema: the built-in engine's
 * by its tests, an LLM's checked before it is written) because it is always read and written whole; the columns beside it are what a list shows and filters
 * on, so a page of plans never reads the documents.
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
    plan: jsonb('plan').$type<FitnessPlan>().notNull(),
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
