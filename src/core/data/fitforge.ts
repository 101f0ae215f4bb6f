import { z } from 'zod';
import { BODY_LIMITS, BODY_NOTE_MAX } from '#core/body/schemas';
import { MEAL_TYPES, NUTRITION_LIMITS } from '#core/nutrition/schemas';
import { exerciseById } from '#core/plans/exercises';
import { WORKOUT_LIMITS } from '#core/workouts/schemas';
import { clip, emptyImport, problem, type ParsedImport } from './model';
import { EXPORT_FORMAT, EXPORT_VERSION, IMPORT_LIMITS } from './schemas';
import { DATA_MESSAGES as M } from './messages';
import { checkStart } from './workout-rows';

/**
 * FitForge's own export read back: its workouts (with their sets), meals, body entries and own exercises. The rest
 * of the file (profile, goals, plans, forum posts) is there for the owner to keep and is not imported (ADR 029).
 */

const L = WORKOUT_LIMITS;
const nullableNumber = (min: number, max: number) => z.number().min(min).max(max).nullable().optional();
const nullableText = (max: number) => z.string().max(max).nullable().optional();

const setSchema = z.object({
  reps: z.number().int().min(0).max(L.reps).nullable().optional(),
  weightKg: nullableNumber(0, L.weightKg),
  durationSeconds: z.number().int().min(1).max(L.setSeconds).nullable().optional(),
  distanceMeters: nullableNumber(0, L.distanceMeters),
  completed: z.boolean().optional(),
});

const workoutSchema = z.object({
  name: nullableText(L.nameLength),
  performedAt: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().min(1).max(L.durationMinutes),
  notes: nullableText(L.notesLength),
  exercises: z
    .array(
      z
        .object({
          exerciseId: z.string().max(100).nullable().optional(),
          customName: z.string().trim().min(1).max(L.nameLength).nullable().optional(),
          notes: nullableText(L.exerciseNotesLength),
          sets: z.array(setSchema).min(1).max(L.setsPerExercise),
        })
        .refine((e) => e.exerciseId || e.customName, { path: ['exerciseId'] }),
    )
    .max(L.exercises),
});

const mealSchema = z.object({
  foodName: z.string().trim().min(1).max(100),
  grams: z.number().positive().nullable().optional(),
  servingSize: z.string().max(100).nullable().optional(),
  calories: z.number().int().min(0).max(NUTRITION_LIMITS.calories),
  protein: nullableNumber(0, NUTRITION_LIMITS.macro),
  carbs: nullableNumber(0, NUTRITION_LIMITS.macro),
  fat: nullableNumber(0, NUTRITION_LIMITS.macro),
  fibre: nullableNumber(0, NUTRITION_LIMITS.macro),
  mealType: z.enum(MEAL_TYPES),
  eatenAt: z.iso.datetime({ offset: true }),
});

const bodySchema = z.object({
  date: z.iso.date(),
  weightKg: nullableNumber(BODY_LIMITS.weightKg.min, BODY_LIMITS.weightKg.max),
  bodyFatPercent: nullableNumber(BODY_LIMITS.bodyFatPercent.min, BODY_LIMITS.bodyFatPercent.max),
  waistCm: nullableNumber(BODY_LIMITS.waistCm.min, BODY_LIMITS.waistCm.max),
  hipsCm: nullableNumber(BODY_LIMITS.hipsCm.min, BODY_LIMITS.hipsCm.max),
  chestCm: nullableNumber(BODY_LIMITS.chestCm.min, BODY_LIMITS.chestCm.max),
  armCm: nullableNumber(BODY_LIMITS.armCm.min, BODY_LIMITS.armCm.max),
  thighCm: nullableNumber(BODY_LIMITS.thighCm.min, BODY_LIMITS.thighCm.max),
  note: nullableText(BODY_NOTE_MAX),
});

const customSchema = z.object({ name: z.string().trim().min(1).max(L.nameLength) });

const documentSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1),
  workouts: z.array(z.unknown()).optional(),
  meals: z.array(z.unknown()).optional(),
  bodyEntries: z.array(z.unknown()).optional(),
  customExercises: z.array(z.unknown()).optional(),
});

const nul = <T>(v: T | null | undefined) => v ?? null;

export function parseFitForge(text: string, options: { now?: number } = {}): ParsedImport {
  const out = emptyImport();
  const now = options.now ?? Date.now();
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    out.errors.push(problem(1, M.json));
    return out;
  }
  const doc = documentSchema.safeParse(json);
  if (!doc.success) {
    out.errors.push(problem(1, M.json));
    return out;
  }
  if (doc.data.version > EXPORT_VERSION) {
    out.errors.push(problem(1, M.version, { version: doc.data.version }));
    return out;
  }
  const { workouts = [], meals = [], bodyEntries = [], customExercises = [] } = doc.data;
  if (workouts.length + meals.length + bodyEntries.length + customExercises.length > IMPORT_LIMITS.rows) {
    out.errors.push(problem(0, M.tooManyRows));
    return out;
  }
  const invalid = (kind: string, index: number, error: z.ZodError) => out.errors.push(problem(index + 1, M.item, { kind, index: index + 1, field: error.issues[0]?.path.join('.') || '-' }));

  for (const [i, item] of customExercises.entries()) {
    const r = customSchema.safeParse(item);
    const name = r.success ? clip(r.data.name, L.nameLength, 'one') : null;
    if (name) out.customExercises.push(name);
    else if (!r.success) invalid('customExercises', i, r.error);
  }
  for (const [i, item] of workouts.entries()) {
    const r = workoutSchema.safeParse(item);
    if (!r.success) {
      invalid('workouts', i, r.error);
      continue;
    }
    const w = r.data;
    const start = Date.parse(w.performedAt);
    if (!checkStart(i + 1, start, out, now)) continue;
    out.workouts.push({
      line: i + 1,
      name: clip(w.name, L.nameLength, 'one'),
      performedAt: start,
      durationMinutes: w.durationMinutes,
      notes: clip(w.notes, L.notesLength),
      exercises: w.exercises.map((e) => {
        // An id the library no longer has is kept by its name, as the user's own exercise.
        const known = e.exerciseId && exerciseById(e.exerciseId) ? e.exerciseId : null;
        return {
          exerciseId: known,
          name: known ? known : (clip(e.customName ?? e.exerciseId, L.nameLength, 'one') ?? '-'),
          notes: clip(e.notes, L.exerciseNotesLength),
          sets: e.sets.map((s) => ({
            reps: nul(s.reps),
            weightKg: nul(s.weightKg),
            durationSeconds: nul(s.durationSeconds),
            distanceMeters: nul(s.distanceMeters),
            completed: s.completed ?? true,
          })),
        };
      }),
    });
  }
  for (const [i, item] of meals.entries()) {
    const r = mealSchema.safeParse(item);
    if (!r.success) {
      invalid('meals', i, r.error);
      continue;
    }
    const m = r.data;
    const eatenAt = Date.parse(m.eatenAt);
    if (eatenAt > now + 5 * 60_000) {
      out.errors.push(problem(i + 1, M.future));
      continue;
    }
    out.meals.push({
      line: i + 1,
      ...m,
      foodName: clip(m.foodName, NUTRITION_LIMITS.foodName, 'one') ?? '-',
      grams: nul(m.grams),
      servingSize: clip(m.servingSize, NUTRITION_LIMITS.servingSize, 'one'),
      protein: nul(m.protein),
      carbs: nul(m.carbs),
      fat: nul(m.fat),
      fibre: nul(m.fibre),
      eatenAt,
    });
  }
  for (const [i, item] of bodyEntries.entries()) {
    const r = bodySchema.safeParse(item);
    if (!r.success) {
      invalid('bodyEntries', i, r.error);
      continue;
    }
    const b = r.data;
    out.bodyEntries.push({
      line: i + 1,
      date: b.date,
      weightKg: nul(b.weightKg),
      bodyFatPercent: nul(b.bodyFatPercent),
      waistCm: nul(b.waistCm),
      hipsCm: nul(b.hipsCm),
      chestCm: nul(b.chestCm),
      armCm: nul(b.armCm),
      thighCm: nul(b.thighCm),
      note: clip(b.note, BODY_NOTE_MAX),
    });
  }
  return out;
}
