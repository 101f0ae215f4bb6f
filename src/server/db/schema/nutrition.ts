import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LOCALES } from '#core/common/schemas';
import { NUTRITION_PLAN_SOURCES, type DietaryRestriction, type NutritionPlan } from '#core/nutrition/plans/schemas';
import { ENTRY_SOURCES, MEAL_TYPES } from '#core/nutrition/schemas';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One food eaten. Name and nutrients are stored as logged (a table food's values are copied in), so the log keeps
 * its history when the food table is corrected later.
 */
export const nutritionEntries = pgTable(
  'nutrition_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    foodName: text('food_name').notNull(),
    /** An id of the food table (src/core/nutrition/foods) while the entry follows it; not a foreign key, the table is code. */
    foodId: text('food_id'),
    grams: doublePrecision('grams'),
    servingSize: text('serving_size'),
    calories: integer('calories').notNull(),
    protein: doublePrecision('protein'),
    carbs: doublePrecision('carbs'),
    fat: doublePrecision('fat'),
    fibre: doublePrecision('fibre'),
    mealType: text('meal_type', { enum: MEAL_TYPES }).notNull(),
    eatenAt: ts('eaten_at').notNull(),
    source: text('source', { enum: ENTRY_SOURCES }).notNull().default('manual'),
    /** Where the meal's photo is kept (photo scans, pro "meal storage"); null when there is none. */
    photoKey: text('photo_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Every read is one user's entries over a time range (a day, a week, a page of the list), newest first.
    index('nutrition_entries_user_eaten_idx').on(t.userId, t.eatenAt.desc(), t.id.desc()),
    check('nutrition_entries_calories_check', sql`${t.calories} BETWEEN 0 AND 10000`),
    check('nutrition_entries_macros_check', sql`${t.protein} BETWEEN 0 AND 500 AND ${t.carbs} BETWEEN 0 AND 500 AND ${t.fat} BETWEEN 0 AND 500 AND ${t.fibre} BETWEEN 0 AND 500`),
    check('nutrition_entries_grams_check', sql`${t.grams} > 0`),
    check('nutrition_entries_name_check', sql`char_length(${t.foodName}) BETWEEN 1 AND 100`),
  ],
);

/** A basic or pro user's own daily targets, one row per user; no row means the computed targets apply. */
export const nutritionGoals = pgTable(
  'nutrition_goals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    calories: integer('calories').notNull(),
    protein: integer('protein').notNull(),
    carbs: integer('carbs').notNull(),
    fat: integer('fat').notNull(),
    /** null: follows the calories (14 g per 1000 kcal). */
    fibre: integer('fibre'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('nutrition_goals_values_check', sql`${t.calories} > 0 AND ${t.protein} >= 0 AND ${t.carbs} >= 0 AND ${t.fat} >= 0 AND ${t.fibre} >= 0`)],
);

/**
 * A user's 7-day nutrition plan (pro). Like fitness plans, the plan is one JSON document (validated by the core
 * schema before it is written); the columns beside it are what the list shows.
 */
export const nutritionPlans = pgTable(
  'nutrition_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    dietaryRestrictions: text('dietary_restrictions').array().$type<DietaryRestriction[]>().notNull(),
    mealsPerDay: smallint('meals_per_day').notNull(),
    calories: integer('calories').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    plan: jsonb('plan').$type<NutritionPlan>().notNull(),
    source: text('source', { enum: NUTRITION_PLAN_SOURCES }).notNull(),
    /** The LLM that chose the foods, when source is 'ai'; why its answer was not used, when it was not. */
    model: text('model'),
    fallbackReason: text('fallback_reason'),
    durationMs: integer('duration_ms'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('nutrition_plans_user_newest_idx').on(t.userId, t.createdAt, t.id),
    check('nutrition_plans_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 200`),
    check('nutrition_plans_meals_check', sql`${t.mealsPerDay} BETWEEN 3 AND 5`),
  ],
);
