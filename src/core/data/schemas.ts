import { z } from 'zod';
import { lineTextSchema } from '#core/common/text';
import type { Message } from '#core/messages/format';
import { DATA_MESSAGES } from './messages';

/**
 * "Your data is yours": imports from other apps (Strong, Hevy, MyFitnessPal) and from FitForge's own export, and
 * exports as one JSON file or as CSV for spreadsheets (ADR 029).
 */

export const IMPORT_SOURCES = ['strong', 'hevy', 'myfitnesspal', 'fitforge'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const IMPORT_LIMITS = {
  /** The file itself; the request may carry a little more (the form around it). */
  fileBytes: 10 * 1024 * 1024,
  /** Rows of a CSV file, or items of a FitForge export (workouts + meals + body entries). */
  rows: 100_000,
  /** Problems listed in an answer; the rest are counted in one last line. */
  errorsShown: 200,
} as const;

/** The version of the FitForge export this server writes; it reads this one and older. */
export const EXPORT_VERSION = 1;
export const EXPORT_FORMAT = 'fitforge-export';

export const LB_TO_KG = 0.453_592_37;
export const MILE_TO_KM = 1.609_344;

/** The user's own exercises (ADR 029): created by an import, or one by one from the logger's exercise picker. */
export const CUSTOM_EXERCISE_LIMITS = { nameLength: 100, perUser: 100 } as const;

/** One line, control characters out, spaces trimmed and runs of them made one: "Sled  push " is "Sled push". */
export const customExerciseInputSchema = z
  .object({
    name: lineTextSchema(DATA_MESSAGES.customName)
      .overwrite((v) => v.replace(/\s+/g, ' '))
      .min(1, DATA_MESSAGES.customName)
      .max(CUSTOM_EXERCISE_LIMITS.nameLength, DATA_MESSAGES.customName),
  })
  .strict();
export type CustomExerciseInput = z.infer<typeof customExerciseInputSchema>;

/** One problem of the file: the line it is on (for a FitForge export, the item's number) and what is wrong. */
export const importProblemSchema = z.object({
  line: z.number().int(),
  message: z.string(),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;
export type ProblemMessage = Message;

export const importResultSchema = z.object({
  /** True when nothing was stored: what the import would do. */
  dryRun: z.boolean(),
  /** New workouts (and their sets), meals and body entries: what an import adds, without what is already there. */
  workouts: z.number().int(),
  sets: z.number().int(),
  meals: z.number().int(),
  bodyEntries: z.number().int(),
  /** Already in the account (same fingerprint), so left out. */
  duplicates: z.object({ workouts: z.number().int(), meals: z.number().int(), bodyEntries: z.number().int() }),
  /** Exercise names not found in the library: they become your own exercises. */
  unmatchedExercises: z.array(z.string()),
  /** Library matches, name in the file → exercise id. */
  matchedExercises: z.number().int(),
  errors: z.array(importProblemSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importFormSchema = z.object({
  source: z.enum(IMPORT_SOURCES, { message: DATA_MESSAGES.source }),
  dryRun: z.enum(['true', 'false'], { message: DATA_MESSAGES.dryRun }).default('false'),
  weightUnit: z.enum(WEIGHT_UNITS, { message: DATA_MESSAGES.weightUnit }).optional(),
  file: z.string().meta({ type: 'string', format: 'binary', description: 'The export file, at most 10 MB and 100,000 rows' }),
});

/** A progress step of a long import (Server-Sent Events). */
export const importProgressSchema = z.object({
  stage: z.enum(['reading', 'matching', 'checking', 'saving', 'done']),
  done: z.number().int().optional(),
  total: z.number().int().optional(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
