import { customKey, matchExercise, parseImport, problem, type ParsedImport } from '#core/data';
import { CUSTOM_EXERCISE_LIMITS, IMPORT_LIMITS, type ImportProblem, type ImportProgress, type ImportResult, type ImportSource, type WeightUnit } from '#core/data/schemas';
import { DATA_MESSAGES } from '#core/data/messages';
import { exerciseById } from '#core/plans/exercises';
import { caloriesBurned, DEFAULT_BODY_WEIGHT_KG, localDateOf } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../data.repo';

/** What the workouts module does around a change of the user's workouts (app.ts hands it over: modules do not import each other). */
export interface WorkoutSummaryHooks {
  /** Takes the user's summary lock for the transaction, before the workouts change. */
  lock: (tx: repo.Tx, userId: string) => Promise<unknown>;
  /** Rewrites totals and streaks from the workouts, after the change. */
  refresh: (tx: repo.Tx, userId: string, timeZone: string) => Promise<void>;
}

export interface ImportRequest {
  source: ImportSource;
  dryRun: boolean;
  weightUnit?: WeightUnit;
  text: string;
}

const metOf = (id: string) => exerciseById(id)?.met;
const MINUTE = 60_000;

/**
 * Fingerprints (ADR 029): what makes an imported item "already there". A workout: its start, to the minute. A meal:
 * its time, meal type, name (case aside) and calories. A body entry: its day (one entry per day; a day already
 * logged keeps what it has).
 */
const workoutPrint = (at: number) => String(Math.floor(at / MINUTE));
const mealPrint = (m: { eatenAt: number; mealType: string; foodName: string; calories: number }) => `${m.eatenAt}|${m.mealType}|${m.foodName.trim().toLowerCase()}|${m.calories}`;

interface Plan {
  result: ImportResult;
  parsed: ParsedImport;
  /** Per workout of `parsed.workouts`: is it new? Likewise for meals and body entries. */
  newWorkouts: boolean[];
  newMeals: boolean[];
  newBody: boolean[];
  /** Exercise name in the file → library id, or the user's own exercise's name. */
  resolved: Map<string, { exerciseId: string | null; customName: string | null }>;
  newCustom: string[];
}

function range(values: number[]): [Date, Date] | null {
  if (values.length === 0) return null;
  let lo = values[0];
  let hi = values[0];
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [new Date(lo - MINUTE), new Date(hi + MINUTE)];
}

/** What the import would do, against what the account holds now (read with `db`, inside the import's transaction for a real one). */
async function plan(db: repo.Tx, userId: string, parsed: ParsedImport, timeZone: string, now: number): Promise<Plan> {
  const errors: ImportProblem[] = [...parsed.errors];
  const today = localDateOf(now, timeZone);
  parsed.bodyEntries = parsed.bodyEntries.filter((b) => {
    if (b.date > today) errors.push(problem(b.line, DATA_MESSAGES.future));
    else if (b.date < '2000-01-01') errors.push(problem(b.line, DATA_MESSAGES.tooOld));
    else return true;
    return false;
  });

  // Exercises: the library first, then the user's own (their spelling kept), then new ones of the user's.
  const own = new Map((await repo.customExerciseNames(db, userId)).map((name) => [customKey(name), name]));
  const resolved: Plan['resolved'] = new Map();
  const newCustom = new Map<string, string>();
  let matched = 0;
  const resolve = (name: string, exerciseId: string | null) => {
    if (resolved.has(name)) return;
    const id = exerciseId ?? matchExercise(name);
    if (id) {
      matched++;
      resolved.set(name, { exerciseId: id, customName: null });
      return;
    }
    const key = customKey(name);
    const spelling = own.get(key) ?? newCustom.get(key) ?? name.trim().replace(/\s+/g, ' ');
    if (!own.has(key)) newCustom.set(key, spelling);
    resolved.set(name, { exerciseId: null, customName: spelling });
  };
  for (const name of parsed.customExercises) resolve(name, null);
  for (const w of parsed.workouts) for (const e of w.exercises) resolve(e.name, e.exerciseId);

  // The limit of the user's own exercises holds for an import too: the whole file is refused, like any other problem.
  const max = CUSTOM_EXERCISE_LIMITS.perUser;
  if (newCustom.size > 0 && own.size + newCustom.size > max) errors.push(problem(0, DATA_MESSAGES.customImportMax, { count: newCustom.size, have: own.size, max }));

  const workoutRange = range(parsed.workouts.map((w) => w.performedAt));
  const seenWorkouts = new Set(workoutRange ? (await repo.workoutStartsBetween(db, userId, ...workoutRange)).map((d) => workoutPrint(d.getTime())) : []);
  const newWorkouts = parsed.workouts.map((w) => {
    const print = workoutPrint(w.performedAt);
    if (seenWorkouts.has(print)) return false;
    seenWorkouts.add(print);
    return true;
  });
  const mealRange = range(parsed.meals.map((m) => m.eatenAt));
  const seenMeals = new Set(mealRange ? (await repo.mealsBetween(db, userId, ...mealRange)).map((m) => mealPrint({ ...m, eatenAt: m.eatenAt.getTime() })) : []);
  const newMeals = parsed.meals.map((m) => {
    const print = mealPrint(m);
    if (seenMeals.has(print)) return false;
    seenMeals.add(print);
    return true;
  });
  const seenDays = new Set(
    await repo.bodyDates(
      db,
      userId,
      parsed.bodyEntries.map((b) => b.date),
    ),
  );
  const newBody = parsed.bodyEntries.map((b) => {
    if (seenDays.has(b.date)) return false;
    seenDays.add(b.date);
    return true;
  });

  const count = (flags: boolean[]) => flags.filter(Boolean).length;
  const sets = parsed.workouts.reduce((n, w, i) => (newWorkouts[i] ? n + w.exercises.reduce((k, e) => k + e.sets.length, 0) : n), 0);
  if (errors.length === 0 && parsed.workouts.length + parsed.meals.length + parsed.bodyEntries.length + parsed.customExercises.length === 0) {
    errors.push(problem(0, DATA_MESSAGES.empty));
  }
  errors.sort((a, b) => a.line - b.line);
  const shown = errors.slice(0, IMPORT_LIMITS.errorsShown);
  if (errors.length > shown.length) shown.push(problem(0, DATA_MESSAGES.more, { count: errors.length - shown.length }));
  return {
    parsed,
    newWorkouts,
    newMeals,
    newBody,
    resolved,
    newCustom: [...newCustom.values()],
    result: {
      dryRun: true,
      workouts: count(newWorkouts),
      sets,
      meals: count(newMeals),
      bodyEntries: count(newBody),
      duplicates: { workouts: newWorkouts.length - count(newWorkouts), meals: newMeals.length - count(newMeals), bodyEntries: newBody.length - count(newBody) },
      unmatchedExercises: [...newCustom.values()],
      matchedExercises: matched,
      errors: shown,
    },
  };
}

/** A real import of a file with problems: refused with each problem in `details`, nothing stored. */
function refusal(errors: ImportProblem[]): AppError {
  return new AppError('VALIDATION_ERROR', undefined, {
    statusCode: 422,
    details: errors.map((e) => ({ field: `line:${e.line}`, message: e.message, messageKey: e.messageKey, ...(e.params ? { params: e.params } : {}) })),
  });
}

/**
 * POST /api/import: reads the file into FitForge's terms, leaves out what the account already has, and (unless a dry
 * run) stores the rest in one transaction, under a per-user lock so a second import of the same file waits and then
 * adds nothing.
 */
export async function runImport(
  db: Db,
  hooks: WorkoutSummaryHooks,
  userId: string,
  request: ImportRequest,
  onProgress: (p: ImportProgress) => void = () => undefined,
  now = Date.now(),
): Promise<ImportResult> {
  const ctx = await repo.userContext(db, userId);
  onProgress({ stage: 'reading' });
  const weightUnit = request.weightUnit ?? (ctx.units === 'imperial' ? 'lb' : 'kg');
  const parsed = parseImport(request.source, request.text, { timeZone: ctx.timezone, weightUnit, now });
  onProgress({ stage: 'matching' });

  if (request.dryRun) return (await plan(db, userId, parsed, ctx.timezone, now)).result;

  return db.transaction(async (tx) => {
    await repo.lockImports(tx, userId);
    onProgress({ stage: 'checking' });
    const p = await plan(tx, userId, parsed, ctx.timezone, now);
    if (p.result.errors.length > 0) throw refusal(p.result.errors);
    const bodyWeightKg = ctx.weightKg ?? DEFAULT_BODY_WEIGHT_KG;

    await repo.insertCustomExercises(tx, userId, p.newCustom);
    const workouts = p.parsed.workouts.filter((_, i) => p.newWorkouts[i]);
    if (workouts.length > 0) {
      await hooks.lock(tx, userId);
      const list: repo.NewWorkout[] = workouts.map((w) => {
        const exercises = w.exercises.map((e) => ({ ...p.resolved.get(e.name)!, notes: e.notes, sets: e.sets }));
        return {
          row: {
            name: w.name,
            startedAt: new Date(w.performedAt),
            durationMinutes: w.durationMinutes,
            notes: w.notes,
            bodyWeightKg,
            caloriesBurned: caloriesBurned({ durationMinutes: w.durationMinutes, bodyWeightKg, exercises }, metOf),
          },
          exercises,
        };
      });
      onProgress({ stage: 'saving', done: 0, total: list.length });
      await repo.insertWorkouts(tx, userId, list, (done) => onProgress({ stage: 'saving', done, total: list.length }));
      await hooks.refresh(tx, userId, ctx.timezone);
    }
    await repo.insertMeals(
      tx,
      p.parsed.meals.filter((_, i) => p.newMeals[i]).map(({ line: _line, eatenAt, ...m }) => ({ ...m, userId, eatenAt: new Date(eatenAt), source: 'manual' as const })),
    );
    const body = p.parsed.bodyEntries.filter((_, i) => p.newBody[i]);
    await repo.insertBodyEntries(
      tx,
      body.map(({ line: _line, ...b }) => ({ ...b, userId })),
    );
    if (body.some((b) => b.weightKg != null)) await repo.syncProfileWeight(tx, userId);
    onProgress({ stage: 'done' });
    return { ...p.result, dryRun: false };
  });
}
