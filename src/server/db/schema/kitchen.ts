import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One food of a saved meal, as stored: a table food by its weight (name as saved), or a food typed in with its nutrients. */
export interface StoredSavedMealItem {
  foodId: string | null;
  foodName: string;
  grams: number | null;
  servingSize: string | null;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fibre: number | null;
}

/**
 * A named set of foods logged together in one tap. The items are one JSON document, checked by the core schema before
 * they are written, so a meal is saved, replaced and logged whole.
 */
export const savedMeals = pgTable(
  'saved_meals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    items: jsonb('items').$type<StoredSavedMealItem[]>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('saved_meals_user_idx').on(t.userId, t.updatedAt.desc()), check('saved_meals_name_check', sql`char_length(${t.name}) BETWEEN 1 AND 60`)],
);

/** A product's label per serving, entered by a user for a barcode: theirs alone, one per user and code. */
export const barcodeProducts = pgTable(
  'barcode_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalized: a UPC-A is kept as its EAN-13 (core/nutrition/kitchen/barcode.ts). */
    barcode: text('barcode').notNull(),
    name: text('name').notNull(),
    servingGrams: doublePrecision('serving_grams').notNull(),
    calories: integer('calories').notNull(),
    protein: doublePrecision('protein').notNull(),
    carbs: doublePrecision('carbs').notNull(),
    fat: doublePrecision('fat').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('barcode_products_user_code_idx').on(t.userId, t.barcode),
    check(
      'barcode_products_values_check',
      sql`${t.servingGrams} > 0 AND ${t.calories} BETWEEN 0 AND 10000 AND ${t.protein} BETWEEN 0 AND 500 AND ${t.carbs} BETWEEN 0 AND 500 AND ${t.fat} BETWEEN 0 AND 500`,
    ),
  ],
);
