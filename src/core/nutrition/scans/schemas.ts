import { z } from 'zod';
import { idSchema } from '#core/common/schemas';
import { CLOCK_SKEW_MS, EARLIEST_MEAL, eatenAtSchema, foodIdSchema, foodNameSchema, mealTypeSchema, NUTRITION_LIMITS } from '../schemas';
import { NUTRITION_MESSAGES } from '../messages';
import { SCAN_MESSAGES } from './messages';

/**
 * The photo calorie tracker's contract (POST /api/nutrition/scans and the routes around it). A scan result is a
 * draft: nothing is logged until the user sends the corrected items back.
 */

export const SCAN_SOURCES = ['upload', 'webcam'] as const;
export type ScanSource = (typeof SCAN_SOURCES)[number];

export const scanSourceSchema = z.enum(SCAN_SOURCES, { message: SCAN_MESSAGES.source });

export const SCAN_ENGINES = ['local', 'llm'] as const;
export type ScanEngine = (typeof SCAN_ENGINES)[number];

/** Energy (whole kcal) and macronutrients (grams, one decimal). */
export const scanNutrientsSchema = z.object({
  calories: z.number().min(0),
  protein: z.number().min(0),
  carbs: z.number().min(0),
  fat: z.number().min(0),
});
export type ScanNutrients = z.infer<typeof scanNutrientsSchema>;

export const scanItemSchema = z.object({
  name: z.string(),
  /** The food table row the numbers come from; null when the engine named something the table does not have. */
  foodId: z.string().nullable(),
  grams: z.number().min(0),
  calories: z.number().min(0),
  protein: z.number().min(0),
  carbs: z.number().min(0),
  fat: z.number().min(0),
  /** 0–1: the engine's certainty that the item is in the photo. */
  confidence: z.number().min(0).max(1),
  /** True when the numbers are the vision model's own estimate, not the food table's. */
  estimated: z.boolean(),
  /** Pieces seen (the local detector counts objects); null when the engine does not count. */
  pieces: z.number().int().min(1).nullable(),
  /** Density, so a client can rescale the item live when the user changes its grams. */
  per100g: scanNutrientsSchema,
});
export type ScanItem = z.infer<typeof scanItemSchema>;

export const scanResultSchema = z.object({
  /** Send it back to log the corrected draft. */
  id: idSchema,
  source: scanSourceSchema,
  /** 'local': the embedded detector (about ten foods); 'llm': a vision model. */
  engine: z.enum(SCAN_ENGINES),
  items: z.array(scanItemSchema),
  totals: scanNutrientsSchema,
  /**
   * What the engine saw but could not turn into a food of the table (e.g. 'bowl' whose contents it cannot tell),
   * in the engine's own words. Empty when everything seen became an item.
   */
  unrecognised: z.array(z.string()),
  /** False when nothing was recognised: such a scan does not use up the month's allowance. */
  counted: z.boolean(),
  /** Scans left this calendar month (UTC) after this one; null when unlimited. */
  scansRemaining: z.number().int().min(0).nullable(),
  /** Pro's meal storage: the photo is kept and shown with the meal once the draft is logged. */
  photoStored: z.boolean(),
  /** Time spent recognising the photo, for the curious and for our own measurements. */
  analysisMs: z.number().int().min(0),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** The usage summary a client shows before the first scan: what is allowed and what is left. */
export const scanAllowanceSchema = z.object({
  allowed: z.boolean(),
  webcam: z.boolean(),
  /** Pro trial: free account with pro features until `trialEndsAt`. */
  inTrial: z.boolean(),
  limit: z.number().int().nullable(),
  used: z.number().int().min(0),
  remaining: z.number().int().min(0).nullable(),
  /** The lowest tier that unlocks scanning (or webcam), when the user lacks it. */
  upgradeTo: z.enum(['basic', 'pro']).nullable(),
  engine: z.enum(SCAN_ENGINES),
  storesPhotos: z.boolean(),
});
export type ScanAllowance = z.infer<typeof scanAllowanceSchema>;

const M = NUTRITION_MESSAGES;
const L = NUTRITION_LIMITS;
const num = (message: string, min: number, max: number) => z.number({ message }).min(min, message).max(max, message);

/** One corrected draft item, held to the meal log's own rules and messages. */
export const logScanItemSchema = z.strictObject({
  name: foodNameSchema,
  /** Kept when the item still follows the food table (its numbers are the table's for its grams). */
  foodId: foodIdSchema.nullish(),
  grams: num(M.grams, L.minGrams, L.grams),
  calories: num(M.calories, 0, L.calories),
  protein: num(M.protein, 0, L.macro).nullish(),
  carbs: num(M.carbs, 0, L.macro).nullish(),
  fat: num(M.fat, 0, L.macro).nullish(),
});
export type LogScanItem = z.infer<typeof logScanItemSchema>;

export const logScanSchema = z
  .strictObject({
    items: z.array(logScanItemSchema, { message: SCAN_MESSAGES.noItems }).min(1, SCAN_MESSAGES.noItems).max(20, SCAN_MESSAGES.tooManyItems),
    mealType: mealTypeSchema,
    /** ISO time with offset; now when left out. */
    eatenAt: eatenAtSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.eatenAt === undefined) return;
    const at = Date.parse(v.eatenAt);
    if (at > Date.now() + CLOCK_SKEW_MS) ctx.addIssue({ code: 'custom', path: ['eatenAt'], message: M.eatenInFuture });
    else if (at < Date.parse(EARLIEST_MEAL)) ctx.addIssue({ code: 'custom', path: ['eatenAt'], message: M.tooOld });
  });
export type LogScanInput = z.infer<typeof logScanSchema>;
