import { z } from 'zod';
import { exactTextSchema, lineTextSchema, multilineTextSchema } from '#core/common/text';
import { checkDateOrder, dateRangeShape } from '#core/common/date-range';
import { idSchema, paginationSchema } from '#core/common/schemas';
import { WEEKDAYS } from './schedule';
import { adaptationKindSchema, messageSchema } from '#core/coach/coaching-schemas';
import { WORKOUT_MESSAGES } from './messages';

export const WORKOUT_LIMITS = {
  nameLength: 100,
  notesLength: 2000,
  exerciseNotesLength: 500,
  exercises: 50,
  setsPerExercise: 50,
  durationMinutes: 1440,
  reps: 1000,
  weightKg: 1000,
  setSeconds: 86_400,
  distanceMeters: 1_000_000,
  weekNumber: 52,
  dayNumber: 7,
} as const;

/** A phone's clock may run a little ahead of the server's; a workout that starts "now" must still be accepted. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** Older than this is a typo in the year, not a workout someone is logging. */
export const EARLIEST_WORKOUT = '2000-01-01T00:00:00Z';

const M = WORKOUT_MESSAGES;
const L = WORKOUT_LIMITS;

const int = (message: string, min: number, max: number) => z.number({ message }).int(message).min(min, message).max(max, message);
const num = (message: string, min: number, max: number) => z.number({ message }).min(min, message).max(max, message);
const text = (message: string, min: number, max: number) => lineTextSchema(message).min(min, message).max(max, message);
const note = (message: string, max: number) => multilineTextSchema(message).max(max, message);

/** One set as logged. Weight is always kilograms: the web app converts what a user in pounds types. */
export const setInputSchema = z
  .strictObject({
    reps: int(M.reps, 0, L.reps).nullish(),
    weightKg: num(M.weightKg, 0, L.weightKg).nullish(),
    /** How hard the set was, 1–10 (10: nothing left); optional. */
    rpe: num(M.rpe, 1, 10)
      .refine((v) => Number.isInteger(v * 2), M.rpe)
      .nullish(),
    durationSeconds: int(M.setDuration, 1, L.setSeconds).nullish(),
    distanceMeters: num(M.distance, 0, L.distanceMeters).nullish(),
    completed: z.boolean({ message: M.completed }).default(true),
  })
  .refine((s) => s.reps != null || s.durationSeconds != null || s.distanceMeters != null, M.setEmpty);

/** An exercise of the library (`exerciseId`) or one the user names (`customName`). */
export const exerciseInputSchema = z
  .strictObject({
    exerciseId: exactTextSchema(M.exerciseId).min(1, M.exerciseId).max(100, M.exerciseId).nullish(),
    customName: text(M.customName, 1, L.nameLength).nullish(),
    notes: note(M.exerciseNotes, L.exerciseNotesLength).nullish(),
    sets: z.array(setInputSchema, { message: M.sets }).min(1, M.setsMin).max(L.setsPerExercise, M.setsMax),
  })
  .refine((e) => (e.exerciseId == null) !== (e.customName == null), { message: M.exerciseChoice, path: ['exerciseId'] });

const workoutFields = z.strictObject({
  name: text(M.name, 1, L.nameLength).nullish(),
  planId: idSchema.nullish(),
  weekNumber: int(M.weekNumber, 1, L.weekNumber).nullish(),
  dayNumber: int(M.dayNumber, 1, L.dayNumber).nullish(),
  performedAt: z.iso.datetime({ offset: true, message: M.performedAt }),
  endedAt: z.iso.datetime({ offset: true, message: M.endedAt }).nullish(),
  durationMinutes: int(M.durationMinutes, 1, L.durationMinutes).nullish(),
  exercises: z.array(exerciseInputSchema, { message: M.exercises }).max(L.exercises, M.exercisesMax),
  notes: note(M.notes, L.notesLength).nullish(),
});

function checkWorkout(w: z.infer<typeof workoutFields>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (w.planId == null && (w.weekNumber != null || w.dayNumber != null)) issue('planId', M.planNeeded);
  if (w.planId != null && (w.weekNumber == null) !== (w.dayNumber == null)) issue(w.weekNumber == null ? 'weekNumber' : 'dayNumber', M.weekAndDay);

  const now = Date.now();
  const start = Date.parse(w.performedAt);
  if (start > now + CLOCK_SKEW_MS) issue('performedAt', M.startInFuture);
  if (start < Date.parse(EARLIEST_WORKOUT)) issue('performedAt', M.tooOld);
  if (w.endedAt != null) {
    const end = Date.parse(w.endedAt);
    if (end <= start) issue('endedAt', M.endBeforeStart);
    else if (end > now + CLOCK_SKEW_MS) issue('endedAt', M.endInFuture);
    else {
      const minutes = Math.round((end - start) / 60_000);
      if (minutes < 1 || minutes > L.durationMinutes) issue('endedAt', M.durationMinutes);
      else if (w.durationMinutes != null && Math.abs(minutes - w.durationMinutes) > 1) issue('durationMinutes', M.durationMismatch);
    }
  } else if (w.durationMinutes == null) issue('durationMinutes', M.durationOrEnd);
}

/**
 * A logged session: a day of one of the user's plans (planId + weekNumber + dayNumber) or a free-form one. The length
 * is `durationMinutes`, or `endedAt` for a client that timed the session; when both come, they must agree.
 */
export const workoutInputSchema = workoutFields.superRefine(checkWorkout);
export type WorkoutInput = z.input<typeof workoutInputSchema>;
export type ParsedWorkoutInput = z.output<typeof workoutInputSchema>;

/** PATCH: what is sent replaces what was saved (`exercises` as a whole); the result must still be a valid workout. */
export const workoutPatchSchema = workoutFields.partial().refine((v) => Object.values(v).some((x) => x !== undefined), M.nothingToUpdate);
export type WorkoutPatch = z.input<typeof workoutPatchSchema>;

/** The saved form of a workout's content: every optional field present, lengths resolved to minutes. */
export interface WorkoutDraft {
  name: string | null;
  planId: string | null;
  weekNumber: number | null;
  dayNumber: number | null;
  performedAt: Date;
  durationMinutes: number;
  notes: string | null;
  exercises: {
    exerciseId: string | null;
    customName: string | null;
    notes: string | null;
    sets: { reps: number | null; weightKg: number | null; rpe: number | null; durationSeconds: number | null; distanceMeters: number | null; completed: boolean }[];
  }[];
}

export function toWorkoutDraft(w: ParsedWorkoutInput): WorkoutDraft {
  const start = Date.parse(w.performedAt);
  return {
    name: w.name || null,
    planId: w.planId ?? null,
    weekNumber: w.planId ? (w.weekNumber ?? null) : null,
    dayNumber: w.planId ? (w.dayNumber ?? null) : null,
    performedAt: new Date(start),
    durationMinutes: w.durationMinutes ?? Math.round((Date.parse(w.endedAt!) - start) / 60_000),
    notes: w.notes || null,
    exercises: w.exercises.map((e) => ({
      exerciseId: e.exerciseId ?? null,
      customName: e.exerciseId ? null : (e.customName ?? null),
      notes: e.notes || null,
      sets: e.sets.map((s) => ({
        reps: s.reps ?? null,
        weightKg: s.weightKg ?? null,
        rpe: s.rpe ?? null,
        durationSeconds: s.durationSeconds ?? null,
        distanceMeters: s.distanceMeters ?? null,
        completed: s.completed,
      })),
    })),
  };
}

/** A saved workout as the input it would take to log it again: the base a PATCH applies to. */
export function draftToInput(d: WorkoutDraft): WorkoutInput {
  return {
    name: d.name,
    planId: d.planId,
    weekNumber: d.weekNumber,
    dayNumber: d.dayNumber,
    performedAt: d.performedAt.toISOString(),
    durationMinutes: d.durationMinutes,
    notes: d.notes,
    exercises: d.exercises.map((e) => ({ ...e, sets: e.sets.map((s) => ({ ...s })) })),
  };
}

/**
 * The patched workout, before validation. A new end time re-derives the length unless a length comes with it, and
 * dropping the plan reference drops its week and day.
 */
export function applyWorkoutPatch(saved: WorkoutInput, patch: WorkoutPatch): WorkoutInput {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as WorkoutPatch;
  const merged: WorkoutInput = { ...saved, ...defined } as WorkoutInput;
  if (defined.endedAt != null && defined.durationMinutes === undefined) merged.durationMinutes = undefined;
  if (defined.planId === null) {
    if (defined.weekNumber === undefined) merged.weekNumber = null;
    if (defined.dayNumber === undefined) merged.dayNumber = null;
  }
  return merged;
}

export const listWorkoutsQuerySchema = paginationSchema.extend(dateRangeShape).superRefine(checkDateOrder);
export type ListWorkoutsQuery = z.infer<typeof listWorkoutsQuerySchema>;

// Responses.

export const workoutSetSchema = z.object({
  reps: z.number().int().nullable(),
  weightKg: z.number().nullable(),
  rpe: z.number().nullable(),
  durationSeconds: z.number().int().nullable(),
  distanceMeters: z.number().nullable(),
  completed: z.boolean(),
});

export const workoutExerciseSchema = z.object({
  exerciseId: z.string().nullable(),
  customName: z.string().nullable(),
  notes: z.string().nullable(),
  sets: z.array(workoutSetSchema),
});

export const workoutSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  planId: z.uuid().nullable(),
  weekNumber: z.number().int().nullable(),
  dayNumber: z.number().int().nullable(),
  performedAt: z.string(),
  endedAt: z.string(),
  durationMinutes: z.number().int(),
  /** Kilocalories, from MET × body weight × hours (see calories.ts). */
  caloriesBurned: z.number().int(),
  notes: z.string().nullable(),
  exercises: z.array(workoutExerciseSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workout = z.infer<typeof workoutSchema>;
export type WorkoutSet = z.infer<typeof workoutSetSchema>;
export type WorkoutExercise = z.infer<typeof workoutExerciseSchema>;

export const workoutPageSchema = z.object({
  items: z.array(workoutSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type WorkoutPage = z.infer<typeof workoutPageSchema>;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const streakSummarySchema = z.object({
  /** The zone the days are counted in: the user's preference. */
  timezone: z.string(),
  today: localDate,
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  lastWorkoutDate: localDate.nullable(),
  workedOutToday: z.boolean(),
  /** What the user's training schedule says about today; null when no schedule is in force. */
  todayPlan: z.enum(['training', 'rest']).nullable(),
});
export type StreakSummary = z.infer<typeof streakSummarySchema>;

const periodTotals = { sessions: z.number().int(), minutes: z.number().int(), calories: z.number().int() };

const personalRecordSchema = z.object({
  exerciseId: z.string().nullable(),
  customName: z.string().nullable(),
  maxWeight: z.object({ weightKg: z.number(), reps: z.number().int().nullable(), date: localDate }).nullable(),
  maxReps: z.object({ reps: z.number().int(), weightKg: z.number().nullable(), date: localDate }).nullable(),
  bestE1rm: z.object({ e1rmKg: z.number(), weightKg: z.number(), reps: z.number().int(), date: localDate }).nullable(),
});

const consistencySchema = z.object({
  basis: z.enum(['schedule', 'weekly_target']),
  plannedDays: z.number().int(),
  completedDays: z.number().int(),
  rate: z.number().nullable(),
});

export const advancedStatsSchema = z.object({
  /** The last 28 days. */
  volumeByMuscle: z.array(z.object({ muscle: z.string(), sets: z.number(), volumeKg: z.number() })),
  /** The last 12 weeks, per lift: best estimated 1RM (Epley) of each week it was trained. */
  oneRepMaxTrend: z.array(z.object({ exerciseId: z.string().nullable(), customName: z.string().nullable(), points: z.array(z.object({ weekStart: localDate, e1rmKg: z.number() })) })),
  consistency: z.object({ last4Weeks: consistencySchema, last12Weeks: consistencySchema }),
});
export type AdvancedStats = z.infer<typeof advancedStatsSchema>;

export const statsSchema = streakSummarySchema.extend({
  totalWorkouts: z.number().int(),
  totalMinutes: z.number().int(),
  totalCalories: z.number().int(),
  weekly: z.array(z.object({ weekStart: localDate, ...periodTotals })),
  monthly: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...periodTotals })),
  personalRecords: z.array(personalRecordSchema),
  /** This week (Monday on, the user's days), sets per muscle: 1 a set as a main muscle, 0.5 as a secondary one. */
  weekMuscleSets: z.array(z.object({ muscle: z.string(), sets: z.number() })),
  /** Pro only; null on the other tiers. */
  advanced: advancedStatsSchema.nullable(),
});
export type Stats = z.infer<typeof statsSchema>;
export type PersonalRecordDto = z.infer<typeof personalRecordSchema>;

/** A library exercise id in a path: kebab-case, as the library writes them. */
export const exerciseIdParamSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, M.exerciseId)
  .max(100, M.exerciseId);

/**
 * What the user did with one exercise and what to do next time (ADR 028). `lastSession`: the done sets of their most
 * recent workout with it; `suggestion`: the next session's weight and reps with the reason (null for timed work or an
 * exercise never logged); `adaptation`: the plan's change to this week for the exercise, if it stalled.
 */
export const exerciseProgressSchema = z.object({
  lastSession: z
    .object({
      performedAt: z.string(),
      sets: z.array(
        z.object({
          weightKg: z.number().nullable(),
          reps: z.number().int().nullable(),
          rpe: z.number().nullable(),
          durationSeconds: z.number().int().nullable(),
          distanceMeters: z.number().nullable(),
        }),
      ),
    })
    .nullable(),
  suggestion: z.object({ weightKg: z.number().nullable(), reps: z.number().int(), reason: messageSchema }).nullable(),
  /** Best estimated one-rep max (Epley) of any set of 1–12 reps, kilograms. */
  e1rmKg: z.number().nullable(),
  personalRecords: personalRecordSchema.nullable(),
  /** The prescription the suggestion follows: the plan's (week and day given, or the plan followed today). */
  target: z
    .object({
      planId: z.uuid(),
      weekNumber: z.number().int(),
      dayNumber: z.number().int(),
      sets: z.number().int(),
      reps: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    })
    .nullable(),
  adaptation: z.object({ kind: adaptationKindSchema, note: messageSchema }).nullable(),
});
export type ExerciseProgress = z.infer<typeof exerciseProgressSchema>;

export const trainingScheduleInputSchema = z.strictObject({
  planId: idSchema.nullish(),
  trainingDays: z
    .array(z.enum(WEEKDAYS, { message: M.weekday }), { message: M.trainingDaysMin })
    .min(1, M.trainingDaysMin)
    .refine((days) => new Set(days).size === days.length, M.trainingDaysUnique),
});
export type TrainingScheduleInput = z.infer<typeof trainingScheduleInputSchema>;

export const trainingScheduleSchema = z.object({
  planId: z.uuid().nullable(),
  /** null: no schedule in force, so no day is a rest day. */
  trainingDays: z.array(z.enum(WEEKDAYS)).nullable(),
  restDays: z.array(z.enum(WEEKDAYS)).nullable(),
  /** The user's date from which this schedule applies; days before keep the schedule they had. */
  effectiveFrom: localDate.nullable(),
});
export type TrainingSchedule = z.infer<typeof trainingScheduleSchema>;
