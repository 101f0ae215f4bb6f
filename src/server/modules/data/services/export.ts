import { toCsv } from '#core/data';
import { EXPORT_FORMAT, EXPORT_VERSION } from '#core/data/schemas';
import { exerciseById } from '#core/plans/exercises';
import { localDateOf } from '#core/workouts';
import type { Db } from '#server/db/client';
import * as repo from '../data.repo';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The user's workouts as the export lists them: each with its exercises and their sets, oldest first. */
async function workoutDocs(db: Db, userId: string) {
  const { list, exercises, sets } = await repo.workoutsOf(db, userId);
  const setsOf = new Map<string, (typeof sets)[number][]>();
  for (const s of sets) {
    const key = `${s.workoutId}:${s.exercisePosition}`;
    setsOf.set(key, [...(setsOf.get(key) ?? []), s]);
  }
  const exercisesOf = new Map<string, (typeof exercises)[number][]>();
  for (const e of exercises) exercisesOf.set(e.workoutId, [...(exercisesOf.get(e.workoutId) ?? []), e]);
  return list.map((w) => ({
    id: w.id,
    name: w.name,
    performedAt: w.startedAt.toISOString(),
    durationMinutes: w.durationMinutes,
    caloriesBurned: w.caloriesBurned,
    planId: w.planId,
    weekNumber: w.weekNumber,
    dayNumber: w.dayNumber,
    notes: w.notes,
    exercises: (exercisesOf.get(w.id) ?? []).map((e) => ({
      exerciseId: e.exerciseId,
      customName: e.customName,
      notes: e.notes,
      sets: (setsOf.get(`${w.id}:${e.position}`) ?? []).map(({ reps, weightKg, durationSeconds, distanceMeters, completed }) => ({
        reps,
        weightKg,
        durationSeconds,
        distanceMeters,
        completed,
      })),
    })),
  }));
}

/** GET /api/export: everything the user owns, versioned; POST /api/import reads its workouts, meals, body entries and own exercises back. */
export async function exportDocument(db: Db, userId: string) {
  const [profile, workouts, meals, body, custom, fitnessPlans, nutritionPlans, posts, comments] = await Promise.all([
    repo.profileOf(db, userId),
    workoutDocs(db, userId),
    repo.mealsOf(db, userId),
    repo.bodyOf(db, userId),
    repo.customOf(db, userId),
    repo.fitnessPlansOf(db, userId),
    repo.nutritionPlansOf(db, userId),
    repo.postsOf(db, userId),
    repo.commentsOf(db, userId),
  ]);
  const strip = <T extends Record<string, unknown> | null>(row: T) => {
    if (!row) return null;
    const { userId: _u, ...rest } = row as Record<string, unknown>;
    return rest;
  };
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    units: { weight: 'kg', length: 'cm', distance: 'm', duration: 's' },
    profile: profile?.user ?? null,
    preferences: strip(profile?.preferences ?? null),
    goals: strip(profile?.goals ?? null),
    nutritionGoals: strip(profile?.nutritionGoals ?? null),
    community: strip(profile?.community ?? null),
    customExercises: custom.map((c) => ({ id: c.id, name: c.name, createdAt: iso(c.createdAt) })),
    workouts,
    meals: meals.map(({ userId: _u, photoKey: _p, ...m }) => ({ ...m, eatenAt: iso(m.eatenAt), createdAt: iso(m.createdAt), updatedAt: iso(m.updatedAt) })),
    bodyEntries: body.map(({ userId: _u, createdAt: _c, updatedAt: _d, ...b }) => b),
    fitnessPlans: fitnessPlans.map(strip),
    nutritionPlans: nutritionPlans.map(strip),
    posts,
    comments,
  };
}

/** workouts.csv: one row per set, metric, the day in the user's zone beside the UTC start. */
export async function workoutsCsv(db: Db, userId: string): Promise<string> {
  const { timezone } = await repo.userContext(db, userId);
  const workouts = await workoutDocs(db, userId);
  const rows = workouts.flatMap((w) =>
    w.exercises.flatMap((e) =>
      e.sets.map((s, i) => [
        localDateOf(w.performedAt, timezone),
        w.performedAt,
        w.name,
        w.durationMinutes,
        w.caloriesBurned,
        e.exerciseId ?? '',
        e.exerciseId ? (exerciseById(e.exerciseId)?.name.en ?? e.exerciseId) : e.customName,
        i + 1,
        s.reps,
        s.weightKg,
        s.durationSeconds,
        s.distanceMeters,
        s.completed,
        e.notes,
        w.notes,
      ]),
    ),
  );
  return toCsv(
    [
      'date',
      'started_at_utc',
      'workout_name',
      'duration_min',
      'calories_kcal',
      'exercise_id',
      'exercise_name',
      'set',
      'reps',
      'weight_kg',
      'duration_s',
      'distance_m',
      'completed',
      'exercise_notes',
      'workout_notes',
    ],
    rows,
  );
}

export async function mealsCsv(db: Db, userId: string): Promise<string> {
  const { timezone } = await repo.userContext(db, userId);
  const meals = await repo.mealsOf(db, userId);
  return toCsv(
    ['date', 'eaten_at_utc', 'meal', 'food', 'grams', 'serving', 'calories_kcal', 'protein_g', 'carbs_g', 'fat_g', 'fibre_g'],
    meals.map((m) => [localDateOf(m.eatenAt, timezone), m.eatenAt.toISOString(), m.mealType, m.foodName, m.grams, m.servingSize, m.calories, m.protein, m.carbs, m.fat, m.fibre]),
  );
}

export async function bodyCsv(db: Db, userId: string): Promise<string> {
  const body = await repo.bodyOf(db, userId);
  return toCsv(
    ['date', 'weight_kg', 'body_fat_percent', 'waist_cm', 'hips_cm', 'chest_cm', 'arm_cm', 'thigh_cm', 'note'],
    body.map((b) => [b.date, b.weightKg, b.bodyFatPercent, b.waistCm, b.hipsCm, b.chestCm, b.armCm, b.thighCm, b.note]),
  );
}
