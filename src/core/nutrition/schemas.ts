import { z } from 'zod';
import { exactTextSchema, lineTextSchema } from '#core/common/text';
import { checkDateOrder, dateRangeShape, isIsoDate } from '#core/common/date-range';
import { localeSchema, paginationSchema } from '#core/common/schemas';
import { NUTRITION_MESSAGES, ENERGY_MESSAGES } from './messages';

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const ENTRY_SOURCES = ['manual', 'food', 'scan'] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];

export const GOAL_SOURCES = ['computed', 'custom', 'default'] as const;
export type GoalSource = (typeof GOAL_SOURCES)[number];
/** What a nutrition plan is built to: the goals in force, or (estimated) the check-in's targets from the energy estimate. */
export const PLAN_GOAL_SOURCES = [...GOAL_SOURCES, 'estimated'] as const;
export type PlanGoalSource = (typeof PLAN_GOAL_SOURCES)[number];
export const GOAL_DIRECTIONS = ['lose', 'maintain', 'gain'] as const;
export type GoalDirection = (typeof GOAL_DIRECTIONS)[number];
export const BODY_FIELDS = ['sex', 'birthYear', 'heightCm', 'weightKg', 'activityLevel'] as const;
export type BodyField = (typeof BODY_FIELDS)[number];

/** Spec section 5 (entry fields) and our own bounds for what the spec leaves open (weights, goals). */
export const NUTRITION_LIMITS = {
  foodName: 100,
  calories: 10_000,
  macro: 500,
  servingSize: 50,
  grams: 5000,
  minGrams: 0.1,
  quantity: 50,
  minQuantity: 0.1,
  searchText: 100,
  copyMax: 100,
  historyDays: 366,
  goalCaloriesMin: 800,
  goalCaloriesMax: 10_000,
  goalProtein: 500,
  goalCarbs: 1500,
  goalFat: 500,
  goalFibre: 150,
} as const;

/** A phone's clock may run a little ahead of the server's; a meal eaten "now" must still be accepted. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** Older than this is a typo in the year, not a meal someone is logging. */
export const EARLIEST_MEAL = '2000-01-01T00:00:00Z';

const M = NUTRITION_MESSAGES;
const L = NUTRITION_LIMITS;

const num = (message: string, min: number, max: number) => z.number({ message }).min(min, message).max(max, message);
const wholeNum = (message: string, min: number, max: number) => z.number({ message }).int(message).min(min, message).max(max, message);
const localDate = (message: string) => z.string({ message }).refine(isIsoDate, message);

export const mealTypeSchema = z.enum(MEAL_TYPES, { message: M.mealType });
export const foodNameSchema = lineTextSchema(M.foodName).min(1, M.foodName).max(L.foodName, M.foodName);
export const servingSizeSchema = lineTextSchema(M.servingSize).max(L.servingSize, M.servingSize);
export const eatenAtSchema = z.iso.datetime({ offset: true, message: M.eatenAt });
/** Food ids are kebab-case keys of the food table (src/core/nutrition/foods), not UUIDs. */
export const foodIdSchema = exactTextSchema(M.foodId).min(1, M.foodId).max(100, M.foodId);

export const nutrientFields = {
  calories: num(M.calories, 0, L.calories),
  protein: num(M.protein, 0, L.macro).nullish(),
  carbs: num(M.carbs, 0, L.macro).nullish(),
  fat: num(M.fat, 0, L.macro).nullish(),
  fibre: num(M.fibre, 0, L.macro).nullish(),
};
const NUTRIENT_KEYS = ['calories', 'protein', 'carbs', 'fat', 'fibre'] as const;

const amountFields = {
  foodId: foodIdSchema.nullish(),
  grams: num(M.grams, L.minGrams, L.grams).nullish(),
  /** Index into the food's `portions`, as GET /api/foods lists them. */
  portion: wholeNum(M.portion, 0, 99).nullish(),
  /** How many of the portion; 1 when left out. */
  quantity: num(M.quantity, L.minQuantity, L.quantity).nullish(),
};

/** The fields of an entry as sent; saved meal items take a part of them (kitchen/schemas.ts). */
export const entryFields = z.strictObject({
  foodName: foodNameSchema.optional(),
  ...nutrientFields,
  calories: nutrientFields.calories.optional(),
  servingSize: servingSizeSchema.nullish(),
  mealType: mealTypeSchema.optional(),
  eatenAt: eatenAtSchema.optional(),
  ...amountFields,
  /** The language of the food's name when it comes from the table; the user's preference when left out. */
  locale: localeSchema.optional(),
});

type EntryFields = z.infer<typeof entryFields>;

function checkEatenAt(eatenAt: string | undefined, ctx: z.RefinementCtx): void {
  if (eatenAt === undefined) return;
  const at = Date.parse(eatenAt);
  if (at > Date.now() + CLOCK_SKEW_MS) ctx.addIssue({ code: 'custom', path: ['eatenAt'], message: M.eatenInFuture });
  else if (at < Date.parse(EARLIEST_MEAL)) ctx.addIssue({ code: 'custom', path: ['eatenAt'], message: M.tooOld });
}

/** Rules of the amount fields that do not need the food table (the service checks the id and the portion index). */
function checkAmount(v: Pick<EntryFields, 'foodId' | 'grams' | 'portion' | 'quantity'>, ctx: z.RefinementCtx, { isPatch }: { isPatch: boolean }): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.grams != null && v.portion != null) issue('portion', M.gramsOrPortion);
  if (v.quantity != null && v.portion == null) issue('quantity', M.quantityNeedsPortion);
  // A patch's food may be the saved one: the service checks that.
  if (v.portion != null && (isPatch ? v.foodId === null : v.foodId == null)) issue('portion', M.portionNeedsFood);
  if (!isPatch && v.foodId != null && v.grams == null && v.portion == null) issue('grams', M.amountRequired);
}

const hasNutrient = (v: Partial<Record<(typeof NUTRIENT_KEYS)[number], unknown>>) => NUTRIENT_KEYS.some((k) => v[k] !== undefined);

/**
 * POST /api/nutrition/entries: either a food of the table (`foodId` with `grams`, or a `portion` and a `quantity`),
 * whose name and nutrients the server fills in, or a quick add (`foodName` and `calories`, macros optional).
 */
export const entryInputSchema = entryFields.superRefine((v, ctx) => {
  checkEatenAt(v.eatenAt, ctx);
  checkAmount(v, ctx, { isPatch: false });
  if (v.foodId != null) {
    if (hasNutrient(v)) ctx.addIssue({ code: 'custom', path: ['calories'], message: M.nutrientsFromTable });
  } else {
    if (v.foodName === undefined) ctx.addIssue({ code: 'custom', path: ['foodName'], message: M.foodName });
    if (v.calories === undefined) ctx.addIssue({ code: 'custom', path: ['calories'], message: M.caloriesRequired });
  }
});
export type EntryInput = z.input<typeof entryInputSchema>;
export type ParsedEntryInput = z.output<typeof entryInputSchema>;

/**
 * PATCH /api/nutrition/entries/:id: what is sent replaces what was saved. A new weight, portion or food recomputes the
 * nutrients from the table; new nutrients make the entry a custom one (it no longer follows the table).
 */
export const entryPatchSchema = entryFields.superRefine((v, ctx) => {
  if (!Object.entries(v).some(([key, value]) => value !== undefined && key !== 'locale')) {
    ctx.addIssue({ code: 'custom', path: [], message: M.nothingToUpdate });
    return;
  }
  checkEatenAt(v.eatenAt, ctx);
  checkAmount(v, ctx, { isPatch: true });
  if (hasNutrient(v) && (v.foodId != null || v.portion != null)) ctx.addIssue({ code: 'custom', path: ['calories'], message: M.nutrientsFromTable });
});
export type EntryPatch = z.input<typeof entryPatchSchema>;
export type ParsedEntryPatch = z.output<typeof entryPatchSchema>;

/** GET /api/nutrition/entries: the list rules of API.md; the dates are days of the user's time zone. */
export const listEntriesQuerySchema = paginationSchema.extend({ ...dateRangeShape, mealType: mealTypeSchema.optional() }).superRefine(checkDateOrder);
export type ListEntriesQuery = z.infer<typeof listEntriesQuerySchema>;

/** POST /api/nutrition/entries/copy: a day's meal (or the whole day) again on another day. */
export const copyEntriesInputSchema = z
  .strictObject({
    fromDate: localDate(M.fromDate),
    toDate: localDate(M.toDate),
    mealType: mealTypeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fromDate === v.toDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.copySameDay });
  });
export type CopyEntriesInput = z.infer<typeof copyEntriesInputSchema>;

export const summaryQuerySchema = z.object({ date: localDate(M.date).optional() });
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

/** GET /api/nutrition/history: day totals for a chart. Both dates optional: the 7 days ending today by default. */
export const historyQuerySchema = z.object(dateRangeShape).superRefine(checkDateOrder);
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** PUT /api/nutrition/goals: daily targets. Fibre may be left out: it then follows the calories (14 g per 1000 kcal). */
export const goalsInputSchema = z.strictObject({
  calories: wholeNum(M.goalCalories, L.goalCaloriesMin, L.goalCaloriesMax),
  protein: wholeNum(M.goalProtein, 0, L.goalProtein),
  carbs: wholeNum(M.goalCarbs, 0, L.goalCarbs),
  fat: wholeNum(M.goalFat, 0, L.goalFat),
  fibre: wholeNum(M.goalFibre, 0, L.goalFibre).nullish(),
});
export type GoalsInput = z.infer<typeof goalsInputSchema>;

/** GET /api/nutrition/energy: the check-in's choice; the profile's goal weight or goals decide what is left out. */
export const energyQuerySchema = z.object({
  goal: z.enum(GOAL_DIRECTIONS, { message: ENERGY_MESSAGES.goal }).optional(),
  rateKgPerWeek: z.coerce.number({ message: ENERGY_MESSAGES.rate }).min(0, ENERGY_MESSAGES.rate).max(1, ENERGY_MESSAGES.rate).optional(),
});
export type EnergyQuery = z.infer<typeof energyQuerySchema>;

export const foodSearchQuerySchema = z.object({
  q: lineTextSchema(M.searchText).max(L.searchText, M.searchText).default(''),
  locale: localeSchema.default('en'),
  limit: paginationSchema.shape.limit,
});
export type FoodSearchQuery = z.infer<typeof foodSearchQuerySchema>;

export const foodQuerySchema = z.object({ locale: localeSchema.default('en') });

// Responses.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const entrySchema = z.object({
  id: z.uuid(),
  foodName: z.string(),
  /** The food table's id when the entry follows the table; null for a quick add or an edited one. */
  foodId: z.string().nullable(),
  /**
   * The table food's name in every language while the entry shows the table's name: the app shows the one of its
   * language. null for a quick add or a name the user typed, which stays as typed.
   */
  tableName: z.object({ en: z.string(), zh: z.string() }).nullable(),
  grams: z.number().nullable(),
  servingSize: z.string().nullable(),
  /** Whole kilocalories. */
  calories: z.number().int(),
  /** Grams, one decimal; null when not known (a quick add without macros). */
  protein: z.number().nullable(),
  carbs: z.number().nullable(),
  fat: z.number().nullable(),
  fibre: z.number().nullable(),
  mealType: mealTypeSchema,
  eatenAt: z.string(),
  /** The day it counts for: the date of `eatenAt` in the user's time zone. */
  date: isoDate,
  source: z.enum(ENTRY_SOURCES),
  /** The meal's photo (photo scans, pro meal storage), served to its owner only; null when there is none. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Entry = z.infer<typeof entrySchema>;

export const entryPageSchema = z.object({
  items: z.array(entrySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type EntryPage = z.infer<typeof entryPageSchema>;

export const copyResultSchema = z.object({ items: z.array(entrySchema), count: z.number().int() });
export type CopyResult = z.infer<typeof copyResultSchema>;

export const nutrientTotalsSchema = z.object({
  calories: z.number().int(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fibre: z.number(),
});
export type NutrientTotals = z.infer<typeof nutrientTotalsSchema>;

export const goalTargetsSchema = z.object({
  calories: z.number().int(),
  protein: z.number().int(),
  carbs: z.number().int(),
  fat: z.number().int(),
  fibre: z.number().int(),
});
export type GoalTargets = z.infer<typeof goalTargetsSchema>;

export const goalsSchema = goalTargetsSchema.extend({
  /** custom: the user's own targets; computed: from their preferences; default: preferences incomplete, see `basis.missing`. */
  source: z.enum(GOAL_SOURCES),
  /** May this user set their own targets (basic and pro)? */
  customizable: z.boolean(),
  /** What the maths gives, whatever the source: the values a reset returns to. */
  computed: goalTargetsSchema,
  basis: z.object({
    bmr: z.number().int(),
    tdee: z.number().int(),
    direction: z.enum(GOAL_DIRECTIONS),
    /** kcal per day added to (or, negative, taken from) the energy spent. */
    adjustment: z.number().int(),
    proteinPerKg: z.number(),
    weightKg: z.number(),
    /** Preferences that were not set and were replaced by reference values. */
    missing: z.array(z.enum(BODY_FIELDS)),
  }),
  updatedAt: z.string().nullable(),
});
export type Goals = z.infer<typeof goalsSchema>;

const mealTotalsSchema = nutrientTotalsSchema.extend({ entries: z.number().int() });

/** The day's logged workouts: their energy (MET × body weight × time, ADR 008), shown beside what was eaten. */
export const exerciseTotalsSchema = z.object({ calories: z.number().int(), workouts: z.number().int(), minutes: z.number().int() });

export const summarySchema = z.object({
  date: isoDate,
  timezone: z.string(),
  totals: nutrientTotalsSchema,
  goals: goalTargetsSchema,
  goalSource: z.enum(GOAL_SOURCES),
  /** Goal minus total; negative once over. */
  remaining: nutrientTotalsSchema,
  /** Total / goal, 0 when the goal is 0. */
  progress: z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fibre: z.number() }),
  meals: z.object({ breakfast: mealTotalsSchema, lunch: mealTotalsSchema, dinner: mealTotalsSchema, snack: mealTotalsSchema }),
  entries: z.number().int(),
  /**
   * Workouts of the day. Shown beside the intake, not added to the target: the targets already count a usual day's
   * activity (the activity factor, or the expenditure estimated from the log).
   */
  exercise: exerciseTotalsSchema,
});
export type Summary = z.infer<typeof summarySchema>;

export const historySchema = z.object({
  startDate: isoDate,
  endDate: isoDate,
  timezone: z.string(),
  goals: goalTargetsSchema,
  goalSource: z.enum(GOAL_SOURCES),
  days: z.array(nutrientTotalsSchema.extend({ date: isoDate, entries: z.number().int() })),
  /** Means over the days that have entries (null when none do). */
  average: nutrientTotalsSchema.nullable(),
});
export type History = z.infer<typeof historySchema>;

export const foodSchema = z.object({
  id: z.string(),
  /** In the requested locale; `otherName` in the other one. */
  name: z.string(),
  otherName: z.string(),
  category: z.string(),
  per100g: z.object({ kcal: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fibre: z.number() }),
  /** `index` is what POST /api/nutrition/entries takes as `portion`. */
  portions: z.array(z.object({ index: z.number().int(), label: z.string(), grams: z.number() })),
});
export type FoodDto = z.infer<typeof foodSchema>;

export const foodListSchema = z.object({ items: z.array(foodSchema) });
export type FoodList = z.infer<typeof foodListSchema>;

export const ENERGY_BASES = ['energy_balance', 'formula'] as const;
/** Why the basis is what it is: enough log for energy balance, or what it lacked. */
export const ENERGY_BASIS_REASONS = ['enough_data', 'too_few_days', 'too_few_weigh_ins', 'implausible_balance'] as const;
export const ENERGY_CONFIDENCES = ['low', 'medium', 'high'] as const;
export type EnergyConfidence = (typeof ENERGY_CONFIDENCES)[number];
/** What held the suggestion back: the rate to the safe maximum, the calories to the floor, the protein to its minimum. */
export const ENERGY_ADJUSTMENTS = ['rate_capped', 'calorie_floor', 'protein_floor'] as const;
export type EnergyAdjustment = (typeof ENERGY_ADJUSTMENTS)[number];

/** GET /api/nutrition/energy: the expenditure estimate (ADR 024) and the weekly check-in's targets. */
export const energySchema = z.object({
  estimatedExpenditureKcal: z.number().int(),
  basis: z.enum(ENERGY_BASES),
  basisReason: z.enum(ENERGY_BASIS_REASONS),
  confidence: z.enum(ENERGY_CONFIDENCES),
  /** Complete logged days the estimate used (0 when it is the formula's). */
  basedOnDays: z.number().int(),
  /** Complete days in the window, used or not, and days with any entry. */
  completeDays: z.number().int(),
  loggedDays: z.number().int(),
  weighIns: z.number().int(),
  /** The slope of the window's weigh-ins; null with fewer than two. */
  weightTrendKgPerWeek: z.number().nullable(),
  /** Mean of the complete days. */
  averageIntakeKcal: z.number().int().nullable(),
  /** Intake − weight change × 7,700 kcal/kg, before it is combined with the formula; null when not computed. */
  balanceKcal: z.number().int().nullable(),
  /** The share of the energy balance in the estimate (the formula has the rest). */
  balanceShare: z.number(),
  /** Mifflin–St Jeor × activity, with the trend weight. */
  formulaKcal: z.number().int(),
  /** Profile fields the formula replaced by reference values. */
  missing: z.array(z.enum(BODY_FIELDS)),
  trendWeightKg: z.number().nullable(),
  window: z.object({ startDate: isoDate, endDate: isoDate }),
  goal: z.object({
    direction: z.enum(GOAL_DIRECTIONS),
    rateKgPerWeek: z.number(),
    /** Suggested calories minus the expenditure. */
    adjustmentKcal: z.number().int(),
    targetWeightKg: z.number().nullable(),
    /** At this rate, when there is a goal weight in that direction. */
    weeksToGoal: z.number().int().nullable(),
  }),
  suggestedTargets: goalTargetsSchema,
  /** The floors of a loss (null otherwise): calories, and protein per kg of `proteinWeightKg`. */
  floors: z.object({ calories: z.number().int(), proteinPerKg: z.number() }).nullable(),
  /** The weight protein is counted on: the goal weight when lower than the trend. */
  proteinWeightKg: z.number(),
  adjustments: z.array(z.enum(ENERGY_ADJUSTMENTS)),
});
export type Energy = z.infer<typeof energySchema>;
