import { z } from 'zod';
import { lineTextSchema } from '#core/common/text';
import { planAdaptationSchema, planSwapSchema } from '#core/coach/coaching-schemas';
import { SUBSCRIPTION_TIERS } from '#core/profile/schemas';
import { idSchema, localeSchema, paginationSchema } from '#core/common/schemas';
import type { ExerciseKind, Level, MovementPattern, Muscle } from './exercises/types';
import { GENERATION_STAGES } from './progress';
import {
  EQUIPMENT,
  FITNESS_GOALS,
  FITNESS_LEVELS,
  PLAN_DETAILS,
  PLAN_DURATIONS,
  PLAN_SPLITS,
  FITNESS_PLAN_TYPES,
  fitnessPlanContentSchema,
  fitnessPlanDaySchema,
  fitnessPlanInputSchema,
  fitnessPlanSchema,
  fitnessPlanWeekSchema,
} from './schemas';
import { PLAN_INPUT_MESSAGES, PLANS_API_MESSAGES } from './messages';

/**
 * The HTTP shapes of saved plans, the plan library and the exercise library (API.md, "Fitness plans"). Server routes
 * validate with them and the web app reads its types from them.
 */

export const MUSCLES = [
  'chest',
  'upper_back',
  'lats',
  'lower_back',
  'shoulders',
  'biceps',
  'triceps',
  'forearms',
  'abs',
  'obliques',
  'glutes',
  'quadriceps',
  'hamstrings',
  'calves',
  'hip_flexors',
  'adductors',
  'full_body',
  'cardiovascular',
] as const satisfies readonly Muscle[];
export const MOVEMENT_PATTERNS = [
  'squat',
  'hinge',
  'lunge',
  'horizontal_push',
  'vertical_push',
  'horizontal_pull',
  'vertical_pull',
  'core',
  'rotation',
  'carry',
  'locomotion',
  'jump',
  'mobility',
  'isolation_upper',
  'isolation_lower',
] as const satisfies readonly MovementPattern[];
export const EXERCISE_KINDS = ['strength', 'cardio', 'mobility', 'plyometric'] as const satisfies readonly ExerciseKind[];
const LEVELS = FITNESS_LEVELS satisfies readonly Level[];

// The lists above must name every value of the library's types: a new muscle there fails the build here.
type Exhaustive<All, Listed> = [All] extends [Listed] ? true : never;
const exhaustive: [Exhaustive<Muscle, (typeof MUSCLES)[number]>, Exhaustive<MovementPattern, (typeof MOVEMENT_PATTERNS)[number]>, Exhaustive<ExerciseKind, (typeof EXERCISE_KINDS)[number]>] =
  [true, true, true];
void exhaustive;

export const PLAN_SOURCES = ['ai', 'builtin', 'library'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/**
 * A query list given as repeated parameters (`a=x&a=y`) or comma-separated (`a=x,y`): a set, so it is read sorted and
 * without repeats (`b,a,a` and `a,b` are one query, and one kept answer).
 */
export function queryList<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : Array.isArray(v)
          ? v
              .flatMap((s) => String(s).split(','))
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
    z
      .array(z.enum(values, { message }), { message })
      .min(1, message)
      .transform((list) => [...new Set(list)].sort()),
  );
}

// ── Generation ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The body of POST /api/fitness-plans: spec section 5, no other key (the user comes from the session). */
export const generateFitnessPlanBodySchema = fitnessPlanInputSchema.strict();

/** This calendar month's generations (UTC, DESIGN decision 2). `limit` and `remaining` are null when unlimited. */
export const planUsageSchema = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** When the count starts again: the first instant of next month, UTC. */
  resetsAt: z.string(),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

/** GET /api/fitness-plans/allowance: what the generator may offer this user now. */
export const planAllowanceSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  inTrial: z.boolean(),
  usage: planUsageSchema,
  /**
   * What the server will allow now: the fewer of this month's plans left and the hour's AI generations left (a
   * nutrition plan counts in the hour too), with when the one that binds frees up. null when the hour cannot be read.
   */
  available: z
    .object({
      remaining: z.number().int(),
      limitedBy: z.enum(['month', 'hour']),
      /** When more become available: the month's turn, or the hour's window; null when nothing is used up yet. */
      resetsAt: z.string().nullable(),
    })
    .nullable(),
  /** False when this month's free generations or the hour's AI generations are used up. */
  canGenerate: z.boolean(),
  planTypes: z.array(z.enum(FITNESS_PLAN_TYPES)),
  goals: z.array(z.enum(FITNESS_GOALS)),
  equipment: z.array(z.enum(EQUIPMENT)),
  /** 'full' for basic and pro; 'week1' (week 1 in full, later weeks as a summary) for free. */
  detail: z.enum(PLAN_DETAILS),
  rename: z.boolean(),
});
export type PlanAllowance = z.infer<typeof planAllowanceSchema>;

// ── Exercises ───────────────────────────────────────────────────────────────────────────────────────────────────

/** One exercise of the library in one language. */
export const exerciseItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  instructions: z.array(z.string()),
  primaryMuscles: z.array(z.enum(MUSCLES)),
  secondaryMuscles: z.array(z.enum(MUSCLES)),
  pattern: z.enum(MOVEMENT_PATTERNS),
  /** What it needs beyond the floor ([] = bodyweight); `gym_access` = a machine, cable or bench. */
  equipment: z.array(z.enum(EQUIPMENT)),
  level: z.enum(LEVELS),
  kind: z.enum(EXERCISE_KINDS),
  met: z.number(),
  unilateral: z.boolean(),
});
export type ExerciseItem = z.infer<typeof exerciseItemSchema>;

export const exercisePageSchema = z.object({
  items: z.array(exerciseItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const exerciseQuerySchema = paginationSchema.extend({
  q: lineTextSchema(PLANS_API_MESSAGES.search).min(1, PLANS_API_MESSAGES.search).max(100, PLANS_API_MESSAGES.search).optional(),
  /** What the user owns: exercises that need nothing else. */
  equipment: queryList(EQUIPMENT, PLAN_INPUT_MESSAGES.equipmentItem).optional(),
  /** A primary or secondary muscle. */
  muscle: z.enum(MUSCLES, { message: PLANS_API_MESSAGES.muscle }).optional(),
  pattern: z.enum(MOVEMENT_PATTERNS, { message: PLANS_API_MESSAGES.pattern }).optional(),
  kind: z.enum(EXERCISE_KINDS, { message: PLANS_API_MESSAGES.kind }).optional(),
  level: z.enum(LEVELS, { message: PLAN_INPUT_MESSAGES.fitnessLevel }).optional(),
  locale: localeSchema.optional(),
});
export type ExerciseQuery = z.infer<typeof exerciseQuerySchema>;

// ── Saved plans ─────────────────────────────────────────────────────────────────────────────────────────────────

const summaryFields = {
  id: z.uuid(),
  planName: z.string(),
  planType: z.enum(FITNESS_PLAN_TYPES),
  goals: z.array(z.enum(FITNESS_GOALS)),
  fitnessLevel: z.enum(FITNESS_LEVELS),
  equipment: z.array(z.enum(EQUIPMENT)),
  durationWeeks: z.literal(PLAN_DURATIONS),
  trainingDaysPerWeek: z.number().int(),
  split: z.enum(PLAN_SPLITS),
  detail: z.enum(PLAN_DETAILS),
  locale: localeSchema,
  /** Who wrote it: the LLM, the built-in engine, or a copy of a library plan. */
  source: z.enum(PLAN_SOURCES),
  /** The library plan it was copied from. */
  libraryId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const fitnessPlanSummarySchema = z.object(summaryFields);
export type FitnessPlanSummary = z.infer<typeof fitnessPlanSummarySchema>;

export const fitnessPlanPageSchema = z.object({
  items: z.array(fitnessPlanSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/** A plan with everything a plan page shows: the plan, and each of its exercises with instructions. */
export const savedFitnessPlanSchema = z.object({
  ...summaryFields,
  plan: fitnessPlanSchema,
  /** Every exercise the plan names, by id, in the plan's language. */
  exercises: z.record(z.string(), exerciseItemSchema),
  /** The plan's exercises swapped for others (ADR 028): the plan shows the replacement in every week. */
  swaps: z.array(planSwapSchema),
  /** Weeks changed for an exercise after it stalled, each with its note. */
  adaptations: z.array(planAdaptationSchema),
});
export type SavedFitnessPlan = z.infer<typeof savedFitnessPlanSchema>;

/**
 * The answer to a generation: the new plan as a list shows it, and this month's count with it. Its weeks are read
 * when shown (`GET /api/fitness-plans/{id}` or one week at a time, ADR 032).
 */
export const generatedFitnessPlanSchema = fitnessPlanSummarySchema.extend({ usage: planUsageSchema });
export type GeneratedFitnessPlan = z.infer<typeof generatedFitnessPlanSchema>;

/** `GET /api/fitness-plans/{id}/weeks/{week}`: one week of a plan, as the plan shows it to its reader. */
export const fitnessPlanWeekAnswerSchema = z.object({
  planId: z.uuid(),
  /** What the reader's tier shows of the plan: with `week1`, later weeks come as a summary (no exercise lists). */
  detail: z.enum(PLAN_DETAILS),
  locale: localeSchema,
  week: fitnessPlanWeekSchema,
  /** Every exercise the week names, by id, in the week's language. */
  exercises: z.record(z.string(), exerciseItemSchema),
  /** The plan's swaps (ADR 028): the week already shows each replacement. */
  swaps: z.array(planSwapSchema),
  /** This week's adaptations, each with its note (none when the week is a summary). */
  adaptations: z.array(planAdaptationSchema),
});
export type FitnessPlanWeekAnswer = z.infer<typeof fitnessPlanWeekAnswerSchema>;

/** A day as a plan's outline names it: enough for the week's list before the week is read. */
export const planDayOutlineSchema = fitnessPlanDaySchema.pick({ dayNumber: true, type: true, title: true, estimatedMinutes: true });

/** A week as a plan's outline names it: its place in the week picker and its days, without their exercises. */
export const planWeekOutlineSchema = z.object({
  weekNumber: z.number().int(),
  deload: z.boolean(),
  /** False for a week the reader sees as a summary (its days come without exercise lists). */
  detailed: z.boolean(),
  focus: z.string(),
  days: z.array(planDayOutlineSchema),
});
export type PlanWeekOutline = z.infer<typeof planWeekOutlineSchema>;

/**
 * `GET /api/fitness-plans/{id}/outline`: everything a plan page shows above its weeks and each week's outline, as the
 * plan shows it to its reader; each week is read with `GET /api/fitness-plans/{id}/weeks/{week}` (ADR 038).
 */
export const fitnessPlanOutlineSchema = z.object({
  ...summaryFields,
  summary: fitnessPlanContentSchema.shape.summary,
  safetyNotes: fitnessPlanContentSchema.shape.safetyNotes,
  weeks: z.array(planWeekOutlineSchema),
  /** The plan's swaps (ADR 028): every week shows each replacement. */
  swaps: z.array(planSwapSchema),
  /** The adaptations of every week the reader sees in full, each with its note. */
  adaptations: z.array(planAdaptationSchema),
});
export type FitnessPlanOutline = z.infer<typeof fitnessPlanOutlineSchema>;

export const planWeekParamsSchema = z.object({
  id: idSchema,
  week: z.coerce.number({ message: PLANS_API_MESSAGES.week }).int(PLANS_API_MESSAGES.week).min(1, PLANS_API_MESSAGES.week).max(12, PLANS_API_MESSAGES.week),
});

export const listFitnessPlansQuerySchema = paginationSchema.extend({
  planType: z.enum(FITNESS_PLAN_TYPES, { message: PLAN_INPUT_MESSAGES.planType }).optional(),
  source: z.enum(PLAN_SOURCES, { message: PLANS_API_MESSAGES.source }).optional(),
  /** The reader's language for the names the library and the built-in planner wrote; else each plan's own. */
  locale: localeSchema.optional(),
});
export type ListFitnessPlansQuery = z.infer<typeof listFitnessPlansQuerySchema>;

export const renameFitnessPlanBodySchema = z.object({ planName: generateFitnessPlanBodySchema.shape.planName.unwrap() }).strict();

// ── Library ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const libraryQuerySchema = paginationSchema.extend({
  planType: z.enum(FITNESS_PLAN_TYPES, { message: PLAN_INPUT_MESSAGES.planType }).optional(),
  fitnessLevel: z.enum(FITNESS_LEVELS, { message: PLAN_INPUT_MESSAGES.fitnessLevel }).optional(),
  /** What the user owns: plans that need nothing else. */
  equipment: queryList(EQUIPMENT, PLAN_INPUT_MESSAGES.equipmentItem).optional(),
  duration: z.coerce
    .number({ message: PLAN_INPUT_MESSAGES.duration })
    .pipe(z.literal(PLAN_DURATIONS, { message: PLAN_INPUT_MESSAGES.duration }))
    .optional(),
  locale: localeSchema.optional(),
});
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

export const libraryItemSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  planType: z.enum(FITNESS_PLAN_TYPES),
  fitnessLevel: z.enum(FITNESS_LEVELS),
  goals: z.array(z.enum(FITNESS_GOALS)),
  equipment: z.array(z.enum(EQUIPMENT)),
  durationWeeks: z.literal(PLAN_DURATIONS),
  trainingDaysPerWeek: z.number().int(),
  split: z.enum(PLAN_SPLITS),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryPageSchema = z.object({
  items: z.array(libraryItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const libraryPlanSchema = libraryItemSchema.extend({
  plan: fitnessPlanSchema,
  exercises: z.record(z.string(), exerciseItemSchema),
});
export type LibraryPlan = z.infer<typeof libraryPlanSchema>;

export const localeQuerySchema = z.object({ locale: localeSchema.optional() });

/** The optional body of POST /api/plan-library/:id/save. */
export const saveLibraryPlanBodySchema = z.object({ locale: localeSchema.optional() }).strict();

// ── Progress stream ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A generation asked for with `Accept: text/event-stream` answers 200 with Server-Sent Events: `progress` events
 * (this data), then one `plan` event (a GeneratedFitnessPlan) or one `error` event (the error envelope).
 */
export const progressEventSchema = z.object({
  stage: z.enum(GENERATION_STAGES),
  week: z.number().int().optional(),
  totalWeeks: z.number().int(),
  /** The stage in the plan's language, for clients without their own wording. */
  label: z.string(),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;
