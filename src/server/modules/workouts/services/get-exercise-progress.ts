import { coachPlan, findPrescription, originalOf, suggestNext, type ProgressQuery, type Target } from '#core/coach';
import { exerciseById } from '#core/plans/exercises';
import { localDateOf, personalRecords, planDayOn, scheduleOn, type ExerciseProgress } from '#core/workouts';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../workouts.repo';

/**
 * What the logger shows beside each set (ADR 028): the user's own last session with this exercise, never anyone
 * else's; their records with it; and the next session's target, following the plan day given, else the day of the
 * plan they follow today. Another user's plan answers 404.
 */
export async function getExerciseProgress(db: Db, userId: string, exerciseId: string, query: ProgressQuery = {}): Promise<ExerciseProgress> {
  const exercise = exerciseById(exerciseId);
  if (!exercise) throw AppError.notFound('Exercise', exerciseId);
  const [ctx, units, sessions, candidates, planRef] = await Promise.all([
    repo.loadUserContext(db, userId),
    repo.unitsOf(db, userId),
    repo.recentSessionsOf(db, userId, exerciseId, { limit: 2 }),
    repo.recordCandidates(db, userId, exerciseId),
    followedDay(db, userId, query),
  ]);
  const coached = planRef ? await repo.coachedPlan(db, userId, planRef.planId) : null;
  if (query.planId && !coached) throw AppError.notFound('Plan', query.planId);

  let target: (Target & { planId: string; weekNumber: number; dayNumber: number }) | null = null;
  let adaptation: ExerciseProgress['adaptation'] = null;
  if (coached && planRef) {
    const original = originalOf(exerciseId, coached.swaps);
    const found = findPrescription(coached.plan, original, planRef.day);
    if (found) {
      const weekNumber = planRef.day?.weekNumber ?? found.weekNumber;
      const dayNumber = planRef.day?.dayNumber ?? found.dayNumber;
      const here = coachPlan(coached.plan, coached.swaps, coached.adaptations).adaptations.find((a) => a.weekNumber === weekNumber && a.exerciseId === exerciseId);
      const p = found.prescription;
      const sets = here?.kind === 'fewer_sets' ? Math.max(1, p.sets - 1) : p.sets;
      target = { planId: planRef.planId, weekNumber, dayNumber, sets, reps: p.reps, durationSeconds: p.durationSeconds, rpe: p.rpe, percentOneRepMax: p.percentOneRepMax };
      adaptation = here ? { kind: here.kind, note: here.note } : null;
    }
  }

  const withDate = candidates.map((r) => ({ ...r, date: localDateOf(r.performedAt, ctx.timezone) }));
  const record = personalRecords(withDate)[0] ?? null;
  const e1rmKg = record?.bestE1rm?.e1rmKg ?? null;
  const last = sessions[0];
  const suggestion = suggestNext({
    exercise,
    target,
    sessions: sessions.map((s) => ({ sets: s.sets.filter((x) => x.reps !== null || x.weightKg !== null) })),
    e1rmKg,
    unit: units === 'imperial' ? 'lb' : 'kg',
    adaptation: adaptation?.kind ?? null,
  });
  return {
    lastSession: last ? { performedAt: last.performedAt.toISOString(), sets: last.sets } : null,
    suggestion,
    e1rmKg,
    personalRecords: record && { exerciseId: record.exerciseId, customName: record.customName, maxWeight: record.maxWeight, maxReps: record.maxReps, bestE1rm: record.bestE1rm },
    target: target && { planId: target.planId, weekNumber: target.weekNumber, dayNumber: target.dayNumber, sets: target.sets, reps: target.reps },
    adaptation,
  };
}

/** The plan and day the suggestion follows: the ones asked for, else the plan followed today and today's day of it. */
async function followedDay(db: Db, userId: string, query: ProgressQuery): Promise<{ planId: string; day: { weekNumber: number; dayNumber: number } | null } | null> {
  if (query.planId) return { planId: query.planId, day: query.week && query.day ? { weekNumber: query.week, dayNumber: query.day } : null };
  const [ctx, history] = await Promise.all([repo.loadUserContext(db, userId), repo.scheduleHistory(db, userId)]);
  const today = localDateOf(Date.now(), ctx.timezone);
  const entry = scheduleOn(history, today);
  if (!entry?.planId) return null;
  return { planId: entry.planId, day: planDayOn(entry.effectiveFrom, today) };
}
