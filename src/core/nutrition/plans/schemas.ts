import { z } from 'zod';
import { lineTextSchema } from '#core/common/text';
import { localeSchema, paginationSchema } from '#core/common/schemas';
import { goalTargetsSchema, mealTypeSchema, PLAN_GOAL_SOURCES } from '../schemas';
import { DIETARY_RESTRICTIONS, type DietaryRestriction } from './diets';

export { DIETARY_RESTRICTIONS, type DietaryRestriction };
import { TARGET_ADJUSTMENTS } from './targets';
import { NUTRITION_PLAN_MESSAGES } from './messages';

export const NUTRITION_PLAN_DAYS = 7;

/** How far a day may be from its targets: 5 % for energy and for each of protein, carbohydrate and fat. */
export const TARGET_TOLERANCE = 0.05;
export const CHECKED_NUTRIENTS = ['calories', 'protein', 'carbs', 'fat'] as const;
export type CheckedNutrient = (typeof CHECKED_NUTRIENTS)[number];

/**
 * Is a day's amount within the tolerance of its target? The one rule: the check, the web app's ticks and the tests
 * use it. The last term absorbs floating-point noise (56.7 − 54 is 2.7000000000000028, and 5 % of 54 is 2.7).
 */
export function withinTarget(actual: number, target: number): boolean {
  return Math.abs(actual - target) <= TARGET_TOLERANCE * target + 1e-9;
}
export const MEALS_PER_DAY = { min: 3, max: 5, default: 4 } as const;
export const ALLERGIES_MAX_LENGTH = 200;

const M = NUTRITION_PLAN_MESSAGES;

export const dietaryRestrictionSchema = z.enum(DIETARY_RESTRICTIONS, { message: M.restriction });

/** POST /api/nutrition/plans. The targets come from the user's nutrition goals. */
export const nutritionPlanInputSchema = z.strictObject({
  dietaryRestrictions: z
    .array(dietaryRestrictionSchema, { message: M.restriction })
    .refine((r) => new Set(r).size === r.length, M.restrictionTwice)
    .default([]),
  /** Free text: "peanuts, shrimp, 芒果". */
  allergies: lineTextSchema(M.allergies).max(ALLERGIES_MAX_LENGTH, M.allergies).default(''),
  mealsPerDay: z.number({ message: M.mealsPerDay }).int(M.mealsPerDay).min(MEALS_PER_DAY.min, M.mealsPerDay).max(MEALS_PER_DAY.max, M.mealsPerDay).default(MEALS_PER_DAY.default),
  planName: lineTextSchema(M.planName).min(1, M.planName).max(100, M.planName).optional(),
  locale: localeSchema.optional(),
});
export type NutritionPlanInput = z.input<typeof nutritionPlanInputSchema>;
export type ParsedNutritionPlanInput = z.output<typeof nutritionPlanInputSchema>;

/** The reader's language for the plans' foods and the built-in engine's names; else each plan's own. */
export const nutritionPlanLocaleQuerySchema = z.object({ locale: localeSchema.optional() });
export const listNutritionPlansQuerySchema = paginationSchema.extend(nutritionPlanLocaleQuerySchema.shape);

// The plan document.

export const nutritionPlanNutrientsSchema = z.object({
  calories: z.number().int(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fibre: z.number(),
});
export type NutritionPlanNutrients = z.infer<typeof nutritionPlanNutrientsSchema>;

/** A household measure near the weight: { label: '1 cup', quantity: 1.5 }. */
export const portionHintSchema = z.object({ label: z.string(), quantity: z.number() });
export type PortionHint = z.infer<typeof portionHintSchema>;

export const nutritionPlanItemSchema = nutritionPlanNutrientsSchema.extend({
  foodId: z.string(),
  name: z.string(),
  grams: z.number().positive(),
  portion: portionHintSchema.nullable(),
});
export type NutritionPlanItem = z.infer<typeof nutritionPlanItemSchema>;

export const nutritionPlanMealSchema = z.object({
  type: mealTypeSchema,
  items: z.array(nutritionPlanItemSchema).min(1).max(8),
  totals: nutritionPlanNutrientsSchema,
});
export type NutritionPlanMeal = z.infer<typeof nutritionPlanMealSchema>;

export const nutritionPlanDaySchema = z.object({
  day: z.number().int().min(1).max(NUTRITION_PLAN_DAYS),
  meals: z.array(nutritionPlanMealSchema).min(MEALS_PER_DAY.min).max(MEALS_PER_DAY.max),
  totals: nutritionPlanNutrientsSchema,
});
export type NutritionPlanDay = z.infer<typeof nutritionPlanDaySchema>;

export const AISLES = ['produce', 'protein', 'dairy', 'grains', 'pantry', 'prepared'] as const;
export type Aisle = (typeof AISLES)[number];

export const shoppingItemSchema = z.object({
  foodId: z.string(),
  name: z.string(),
  /** For the whole week, rounded up to 10 g. */
  grams: z.number().int(),
  aisle: z.enum(AISLES),
  portion: portionHintSchema.nullable(),
});
export type ShoppingItem = z.infer<typeof shoppingItemSchema>;

export const allergySchema = z.object({
  text: z.string(),
  /** Allergen tags the words stand for (shrimp → shellfish). */
  tags: z.array(z.string()),
  /** How many foods of the table it rules out. */
  excludedFoods: z.number().int(),
});

export const nutritionPlanSchema = z.object({
  schemaVersion: z.literal(1),
  locale: localeSchema,
  title: z.string().min(1).max(200),
  summary: z.string().max(2000),
  /** What every day is built to, within 5 % for calories, protein, carbs and fat. */
  targets: goalTargetsSchema,
  /** The user's goals the targets came from, and where those came from. */
  goals: goalTargetsSchema,
  goalSource: z.enum(PLAN_GOAL_SOURCES),
  /** How the targets differ from the goals, and why (see planTargets). */
  adjustments: z.array(z.enum(TARGET_ADJUSTMENTS)),
  dietaryRestrictions: z.array(dietaryRestrictionSchema),
  allergies: z.array(allergySchema),
  mealsPerDay: z.number().int().min(MEALS_PER_DAY.min).max(MEALS_PER_DAY.max),
  days: z.array(nutritionPlanDaySchema).length(NUTRITION_PLAN_DAYS),
  shoppingList: z.array(shoppingItemSchema),
  /** The built-in engine's seed (null for a plan an LLM wrote). */
  seed: z.number().int().nullable(),
});
export type NutritionPlan = z.infer<typeof nutritionPlanSchema>;

/** What an LLM writes: foods of the table and their weights; names, nutrients and totals are filled in from the table. */
export const nutritionPlanContentSchema = z.object({
  title: z.string().min(1).max(200),
  summary: z.string().max(2000),
  days: z
    .array(
      z.object({
        day: z.number().int().min(1).max(NUTRITION_PLAN_DAYS),
        meals: z.array(
          z.object({
            type: mealTypeSchema,
            items: z
              .array(z.object({ foodId: z.string(), grams: z.number().positive().max(2000) }))
              .min(1)
              .max(8),
          }),
        ),
      }),
    )
    .length(NUTRITION_PLAN_DAYS),
});
export type NutritionPlanContent = z.infer<typeof nutritionPlanContentSchema>;

export const NUTRITION_PLAN_SOURCES = ['ai', 'builtin'] as const;

const savedPlanFields = {
  id: z.uuid(),
  planName: z.string(),
  dietaryRestrictions: z.array(dietaryRestrictionSchema),
  mealsPerDay: z.number().int(),
  calories: z.number().int(),
  locale: localeSchema,
  source: z.enum(NUTRITION_PLAN_SOURCES),
  createdAt: z.string(),
};
export const nutritionPlanSummarySchema = z.object(savedPlanFields);
export type NutritionPlanSummary = z.infer<typeof nutritionPlanSummarySchema>;
export const savedNutritionPlanSchema = z.object({ ...savedPlanFields, plan: nutritionPlanSchema });
export type SavedNutritionPlan = z.infer<typeof savedNutritionPlanSchema>;
export const nutritionPlanPageSchema = z.object({
  items: z.array(nutritionPlanSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
