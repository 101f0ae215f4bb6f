import { z } from 'zod';
import { localeSchema } from '#core/common/schemas';
import { lineTextSchema } from '#core/common/text';
import { CLOCK_SKEW_MS, EARLIEST_MEAL, eatenAtSchema, entryFields, foodNameSchema, mealTypeSchema, NUTRITION_LIMITS, type EntryInput } from '../schemas';
import { NUTRITION_MESSAGES } from '../messages';
import { barcodeDigits, hasBarcodeShape, hasValidCheckDigit, normalizeBarcode } from './barcode';
import { KITCHEN_MESSAGES } from './messages';

/** Our own bounds: a saved meal is a meal, not a pantry; a hundred of them is more than anyone logs from. */
export const KITCHEN_LIMITS = {
  savedMealsPerUser: 100,
  savedMealItems: 30,
  savedMealName: 60,
  /** Recent and frequent foods: from the entries of this many days, this many of each. */
  recentDays: 90,
  recentFoods: 12,
  frequentFoods: 12,
  servingGrams: NUTRITION_LIMITS.grams,
} as const;

const M = KITCHEN_MESSAGES;
const L = KITCHEN_LIMITS;
const N = NUTRITION_MESSAGES;

const num = (message: string, min: number, max: number) => z.number({ message }).min(min, message).max(max, message);

// Recent and frequent foods.

const nameInLanguages = z.object({ en: z.string(), zh: z.string() }).nullable();

/** A food as last logged: what one tap logs again. */
export const recentFoodSchema = z.object({
  /** The food table's id when the entry follows the table; null for a food typed in. */
  foodId: z.string().nullable(),
  foodName: z.string(),
  /** Both languages' names while it shows the table's name (see the entry's `tableName`). */
  tableName: nameInLanguages,
  grams: z.number().nullable(),
  servingSize: z.string().nullable(),
  calories: z.number().int(),
  protein: z.number().nullable(),
  carbs: z.number().nullable(),
  fat: z.number().nullable(),
  fibre: z.number().nullable(),
  /** The meal it was last logged in, and when. */
  mealType: mealTypeSchema,
  lastEatenAt: z.string(),
  /** How often it was logged in the window. */
  uses: z.number().int(),
});
export type RecentFood = z.infer<typeof recentFoodSchema>;

export const recentFoodsSchema = z.object({
  /** Last logged first. */
  recent: z.array(recentFoodSchema),
  /** Most logged first (twice at least), ties by the last logged. */
  frequent: z.array(recentFoodSchema),
});
export type RecentFoods = z.infer<typeof recentFoodsSchema>;

type Amount = Pick<RecentFood, 'foodId' | 'foodName' | 'tableName' | 'grams' | 'servingSize' | 'calories' | 'protein' | 'carbs' | 'fat' | 'fibre'>;

/**
 * The entry that logs a food again with its last serving: a table food by its weight (its nutrients from the table, a
 * name the user gave it kept), a food typed in as it was typed.
 */
export function logAgainInput(food: Amount): EntryInput {
  if (food.foodId !== null && food.grams !== null) {
    return { foodId: food.foodId, grams: food.grams, servingSize: food.servingSize ?? undefined, ...(food.tableName === null ? { foodName: food.foodName } : {}) };
  }
  return {
    foodName: food.foodName,
    calories: food.calories,
    protein: food.protein,
    carbs: food.carbs,
    fat: food.fat,
    fibre: food.fibre,
    grams: food.grams,
    servingSize: food.servingSize ?? undefined,
  };
}

// Saved meals.

export const savedMealNameSchema = lineTextSchema(M.savedMealName).min(1, M.savedMealName).max(L.savedMealName, M.savedMealName);

/** One food of a saved meal: a table food and its grams, or a food typed in with its calories (macros optional). */
export const savedMealItemInputSchema = entryFields
  .pick({ foodId: true, foodName: true, grams: true, servingSize: true, calories: true, protein: true, carbs: true, fat: true, fibre: true })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.foodId != null) {
      if (v.grams == null) issue('grams', M.itemGrams);
      if ((['calories', 'protein', 'carbs', 'fat', 'fibre'] as const).some((k) => v[k] !== undefined)) issue('calories', N.nutrientsFromTable);
    } else {
      if (v.foodName === undefined) issue('foodName', N.foodName);
      if (v.calories === undefined) issue('calories', N.caloriesRequired);
    }
  });
export type SavedMealItemInput = z.input<typeof savedMealItemInputSchema>;

const itemsSchema = z.array(savedMealItemInputSchema, { message: M.savedMealItems }).min(1, M.savedMealItems).max(L.savedMealItems, M.savedMealItems);

/** POST /api/nutrition/saved-meals. */
export const savedMealInputSchema = z.strictObject({
  name: savedMealNameSchema,
  items: itemsSchema,
  /** The language of table foods' names; the user's preference when left out. */
  locale: localeSchema.optional(),
});
export type SavedMealInput = z.input<typeof savedMealInputSchema>;

/** PATCH /api/nutrition/saved-meals/{id}: a new name, new items, or both. */
export const savedMealPatchSchema = z
  .strictObject({ name: savedMealNameSchema.optional(), items: itemsSchema.optional(), locale: localeSchema.optional() })
  .refine((v) => v.name !== undefined || v.items !== undefined, { message: N.nothingToUpdate });
export type SavedMealPatch = z.input<typeof savedMealPatchSchema>;

/** POST /api/nutrition/saved-meals/{id}/log: into which meal, and when (now by default). */
export const logSavedMealInputSchema = z.strictObject({ mealType: mealTypeSchema, eatenAt: eatenAtSchema.optional(), locale: localeSchema.optional() }).superRefine((v, ctx) => {
  if (v.eatenAt === undefined) return;
  const at = Date.parse(v.eatenAt);
  if (at > Date.now() + CLOCK_SKEW_MS) ctx.addIssue({ code: 'custom', path: ['eatenAt'], message: N.eatenInFuture });
  else if (at < Date.parse(EARLIEST_MEAL)) ctx.addIssue({ code: 'custom', path: ['eatenAt'], message: N.tooOld });
});
export type LogSavedMealInput = z.input<typeof logSavedMealInputSchema>;

export const savedMealItemSchema = recentFoodSchema.pick({
  foodId: true,
  foodName: true,
  tableName: true,
  grams: true,
  servingSize: true,
  calories: true,
  protein: true,
  carbs: true,
  fat: true,
  fibre: true,
});
export type SavedMealItem = z.infer<typeof savedMealItemSchema>;

export const savedMealSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  items: z.array(savedMealItemSchema),
  /** Whole kilocalories of all the items. */
  calories: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedMeal = z.infer<typeof savedMealSchema>;

export const savedMealListSchema = z.object({
  /** Most recently changed first. */
  items: z.array(savedMealSchema),
  /** How many a user may keep. */
  max: z.number().int(),
});
export type SavedMealList = z.infer<typeof savedMealListSchema>;

/** A saved meal's item as a logged entry gives it ("Save as meal"): a table food by its weight, else as typed. */
export function itemFromEntry(entry: Amount): SavedMealItemInput {
  const again = logAgainInput(entry);
  const { foodId, foodName, grams, servingSize, calories, protein, carbs, fat, fibre } = again;
  return foodId != null ? { foodId, grams, servingSize, ...(foodName ? { foodName } : {}) } : { foodName, grams, servingSize, calories, protein, carbs, fat, fibre };
}

// Barcodes.

/** A printed or scanned code: digits (spaces and hyphens as printed are left out), a known length, a right check digit. */
export const barcodeSchema = z
  .string({ message: M.barcode })
  .transform(barcodeDigits)
  .refine(hasBarcodeShape, { message: M.barcode, abort: true })
  .refine(hasValidCheckDigit, { message: M.barcodeCheckDigit })
  .transform(normalizeBarcode);

export const barcodeParamsSchema = z.object({ code: barcodeSchema });

/** POST /api/foods/barcodes: a product's label, per serving. */
export const barcodeProductInputSchema = z.strictObject({
  barcode: barcodeSchema,
  name: foodNameSchema,
  servingGrams: num(M.servingGrams, NUTRITION_LIMITS.minGrams, L.servingGrams),
  calories: num(N.calories, 0, NUTRITION_LIMITS.calories),
  protein: num(N.protein, 0, NUTRITION_LIMITS.macro),
  carbs: num(N.carbs, 0, NUTRITION_LIMITS.macro),
  fat: num(N.fat, 0, NUTRITION_LIMITS.macro),
});
export type BarcodeProductInput = z.input<typeof barcodeProductInputSchema>;

export const BARCODE_SOURCES = ['own', 'openfoodfacts'] as const;

export const barcodeProductSchema = z.object({
  barcode: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  /** Grams of one serving; the nutrients below are per serving. */
  servingGrams: z.number(),
  calories: z.number().int(),
  protein: z.number().nullable(),
  carbs: z.number().nullable(),
  fat: z.number().nullable(),
  /** own: the label the user entered; openfoodfacts: found in Open Food Facts (open data, ODbL). */
  source: z.enum(BARCODE_SOURCES),
});
export type BarcodeProduct = z.infer<typeof barcodeProductSchema>;

/** The entry that logs `servings` of a product. */
export function barcodeEntryInput(product: BarcodeProduct, servings = 1): EntryInput {
  const r1 = (x: number) => Math.round(x * servings * 10) / 10;
  return {
    foodName: product.name,
    calories: Math.round(product.calories * servings),
    protein: product.protein === null ? null : r1(product.protein),
    carbs: product.carbs === null ? null : r1(product.carbs),
    fat: product.fat === null ? null : r1(product.fat),
    grams: r1(product.servingGrams),
    servingSize: servings === 1 ? `${product.servingGrams} g` : `${servings} × ${product.servingGrams} g`,
  };
}
