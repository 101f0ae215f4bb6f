import { z } from 'zod';
import { lineTextSchema } from '#core/common/text';
import { localeSchema, type Locale } from '#core/common/schemas';
import { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS } from '#core/profile/schemas';
import { PLAN_INPUT_MESSAGES } from './messages';

export { EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS } from '#core/profile/schemas';

export const FITNESS_PLAN_TYPES = ['strength', 'cardio', 'weight_loss', 'muscle_gain', 'general_fitness', 'sports_performance'] as const;
export type FitnessPlanType = (typeof FITNESS_PLAN_TYPES)[number];
export type FitnessGoal = (typeof FITNESS_GOALS)[number];
export type FitnessLevel = (typeof FITNESS_LEVELS)[number];
export type EquipmentChoice = (typeof EQUIPMENT)[number];

export const PLAN_DURATIONS = [4, 8, 12] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];

/** How the weekly sessions are spread over the muscle groups. */
export const PLAN_SPLITS = ['full_body', 'upper_lower', 'push_pull_legs'] as const;
export type PlanSplit = (typeof PLAN_SPLITS)[number];

/**
 * `full`: every week day by day. `week1`: week 1 in full, later weeks as a summary (the day types, titles, focus and
 * minutes, no exercise lists) — what a free plan carries (DESIGN decision 2).
 */
export const PLAN_DETAILS = ['full', 'week1'] as const;
export type PlanDetail = (typeof PLAN_DETAILS)[number];

export const DAY_TYPES = ['strength', 'cardio', 'active_recovery', 'rest'] as const;
export type DayType = (typeof DAY_TYPES)[number];

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

/**
 * The body of a plan generation request (spec section 5). The user id comes from the session, never the body.
 */
export const fitnessPlanInputSchema = z.object({
  planName: lineTextSchema(PLAN_INPUT_MESSAGES.planName).min(1, PLAN_INPUT_MESSAGES.planName).max(100, PLAN_INPUT_MESSAGES.planName).optional(),
  planType: z.enum(FITNESS_PLAN_TYPES, { message: PLAN_INPUT_MESSAGES.planType }),
  // Refinements rather than .min()/.max(): zod runs length checks even on a value of the wrong type, which would
  // report the same field twice.
  goals: z
    .array(z.enum(FITNESS_GOALS, { message: PLAN_INPUT_MESSAGES.goal }), { message: PLAN_INPUT_MESSAGES.goals })
    .refine((g) => g.length >= 1 && g.length <= 3, PLAN_INPUT_MESSAGES.goals)
    .refine(unique, PLAN_INPUT_MESSAGES.goalsUnique),
  fitnessLevel: z.enum(FITNESS_LEVELS, { message: PLAN_INPUT_MESSAGES.fitnessLevel }),
  equipment: z
    .array(z.enum(EQUIPMENT, { message: PLAN_INPUT_MESSAGES.equipmentItem }), { message: PLAN_INPUT_MESSAGES.equipment })
    .refine((e) => e.length >= 1, PLAN_INPUT_MESSAGES.equipment)
    .refine(unique, PLAN_INPUT_MESSAGES.equipmentUnique),
  duration: z.literal(PLAN_DURATIONS, { message: PLAN_INPUT_MESSAGES.duration }),
  locale: localeSchema.optional(),
});
export type FitnessPlanInput = z.infer<typeof fitnessPlanInputSchema>;

const EXERCISE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * One line of a session: an exercise of the library with its dose. Fields are nullable rather than optional so the
 * same schema can be handed to an LLM as a strict JSON schema (every key present).
 */
export const prescriptionSchema = z
  .object({
    exerciseId: z.string().regex(EXERCISE_ID, 'Exercise id must be a library id'),
    /** The library's name in the plan's locale. */
    name: text(120),
    /** Sets, or rounds for intervals and circuits. */
    sets: z.number().int().min(1).max(30),
    /** A rep range; a fixed count has min = max. Null when the work is timed. */
    reps: z.object({ min: z.number().int().min(1).max(100), max: z.number().int().min(1).max(100) }).nullable(),
    /** Work per set in seconds; null when the work is counted in reps. */
    durationSeconds: z.number().int().min(5).max(7200).nullable(),
    /** Reps or time are per side (unilateral exercises). */
    perSide: z.boolean(),
    restSeconds: z.number().int().min(0).max(600),
    /** Rate of perceived exertion, 1–10. */
    rpe: z.number().min(1).max(10),
    /** Load as a share of the one-rep max, for main barbell lifts. */
    percentOneRepMax: z.number().int().min(30).max(100).nullable(),
    notes: text(500).nullable(),
  })
  .superRefine((p, ctx) => {
    if ((p.reps === null) === (p.durationSeconds === null)) {
      ctx.addIssue({ code: 'custom', message: 'Give either reps or a duration', path: ['reps'] });
    }
    if (p.reps && p.reps.min > p.reps.max) ctx.addIssue({ code: 'custom', message: 'Rep range is reversed', path: ['reps'] });
  });
export type Prescription = z.infer<typeof prescriptionSchema>;

export const fitnessPlanDaySchema = z.object({
  dayNumber: z.number().int().min(1).max(7),
  type: z.enum(DAY_TYPES),
  title: text(120),
  focus: text(300),
  estimatedMinutes: z.number().int().min(0).max(240),
  warmUp: z.array(prescriptionSchema).max(8),
  exercises: z.array(prescriptionSchema).max(12),
  coolDown: z.array(prescriptionSchema).max(8),
  notes: text(500).nullable(),
});
export type FitnessPlanDay = z.infer<typeof fitnessPlanDaySchema>;

export const fitnessPlanWeekSchema = z
  .object({
    weekNumber: z.number().int().min(1).max(12),
    deload: z.boolean(),
    /** False for a week given as a summary only (days without exercise lists). */
    detailed: z.boolean(),
    focus: text(500),
    days: z.array(fitnessPlanDaySchema).length(7),
  })
  .superRefine((week, ctx) => {
    week.days.forEach((day, i) => {
      if (day.dayNumber !== i + 1) ctx.addIssue({ code: 'custom', message: 'Days must be numbered 1 to 7 in order', path: ['days', i, 'dayNumber'] });
      const items = day.warmUp.length + day.exercises.length + day.coolDown.length;
      if (!week.detailed && items > 0) {
        ctx.addIssue({ code: 'custom', message: 'A summary week lists no exercises', path: ['days', i] });
      }
      if (week.detailed && day.type === 'rest' && items > 0) {
        ctx.addIssue({ code: 'custom', message: 'A rest day lists no exercises', path: ['days', i] });
      }
      if (week.detailed && day.type !== 'rest' && day.exercises.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'A training day lists its exercises', path: ['days', i, 'exercises'] });
      }
    });
    if (!week.days.some((d) => d.type === 'strength' || d.type === 'cardio')) {
      ctx.addIssue({ code: 'custom', message: 'A week has at least one training day', path: ['days'] });
    }
    if (!week.days.some((d) => d.type === 'rest')) {
      ctx.addIssue({ code: 'custom', message: 'A week has at least one rest day', path: ['days'] });
    }
  });
export type FitnessPlanWeek = z.infer<typeof fitnessPlanWeekSchema>;

/** What a plan's author decides: the part an LLM is asked to write, and the engine writes. */
export const fitnessPlanContentSchema = z.object({
  title: text(100),
  summary: text(1000),
  split: z.enum(PLAN_SPLITS),
  trainingDaysPerWeek: z.number().int().min(1).max(6),
  safetyNotes: z.array(text(300)).min(1).max(16),
  weeks: z.array(fitnessPlanWeekSchema).min(1).max(12),
});
export type FitnessPlanContent = z.infer<typeof fitnessPlanContentSchema>;

/** A generated plan as stored and returned by the API. */
export const fitnessPlanSchema = fitnessPlanContentSchema
  .extend({
    schemaVersion: z.literal(1),
    locale: localeSchema,
    planType: z.enum(FITNESS_PLAN_TYPES),
    goals: z.array(z.enum(FITNESS_GOALS)).min(1).max(3),
    fitnessLevel: z.enum(FITNESS_LEVELS),
    equipment: z.array(z.enum(EQUIPMENT)).min(1),
    durationWeeks: z.literal(PLAN_DURATIONS),
    detail: z.enum(PLAN_DETAILS),
    /** The engine's seed, so the same plan can be rebuilt (e.g. in the other language); null for LLM plans. */
    seed: z.number().int().min(0).max(0xffff_ffff).nullable(),
  })
  .superRefine((plan, ctx) => {
    if (plan.weeks.length !== plan.durationWeeks) {
      ctx.addIssue({ code: 'custom', message: `The plan must have ${plan.durationWeeks} weeks`, path: ['weeks'] });
    }
    plan.weeks.forEach((week, i) => {
      if (week.weekNumber !== i + 1) ctx.addIssue({ code: 'custom', message: 'Weeks must be numbered from 1 in order', path: ['weeks', i, 'weekNumber'] });
      const detailed = plan.detail === 'full' || i === 0;
      if (week.detailed !== detailed) ctx.addIssue({ code: 'custom', message: `Week ${i + 1} detail does not match the plan detail`, path: ['weeks', i, 'detailed'] });
      const training = week.days.filter((d) => d.type === 'strength' || d.type === 'cardio').length;
      if (training !== plan.trainingDaysPerWeek) {
        ctx.addIssue({ code: 'custom', message: `Week ${i + 1} must have ${plan.trainingDaysPerWeek} training days`, path: ['weeks', i, 'days'] });
      }
    });
  });
export type FitnessPlan = z.infer<typeof fitnessPlanSchema>;

export interface GenerateOptions {
  /** Same input and seed → the same plan. The server draws one per generation and stores it with the plan. */
  seed: number;
  detail?: PlanDetail;
  /** Defaults to the input's locale, then 'en'. */
  locale?: Locale;
}
