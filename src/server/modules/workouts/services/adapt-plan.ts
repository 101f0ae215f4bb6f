import { detectStall, findPrescription, loadKindOf, originalOf } from '#core/coach';
import { exerciseById } from '#core/plans/exercises';
import type { WorkoutDraft } from '#core/workouts';
import * as repo from '../workouts.repo';

/**
 * After a session of a plan day is saved (ADR 028): each library exercise of it whose sessions in this plan have
 * stalled adapts the plan's next week for that exercise, once. Runs in the transaction that saved the session, which
 * holds the plan, so the session just saved is counted and a deletion cannot race it.
 */
export async function adaptPlanAfter(tx: repo.Tx, userId: string, draft: WorkoutDraft): Promise<void> {
  if (!draft.planId || !draft.weekNumber || !draft.dayNumber) return;
  const coached = await repo.coachedPlan(tx, userId, draft.planId);
  const nextWeek = draft.weekNumber + 1;
  if (!coached || nextWeek > coached.plan.weeks.length) return;
  const ids = [...new Set(draft.exercises.flatMap((e) => (e.exerciseId ? [e.exerciseId] : [])))];
  for (const id of ids) {
    const exercise = exerciseById(id);
    const original = originalOf(id, coached.swaps);
    const found = exercise && findPrescription(coached.plan, original, { weekNumber: draft.weekNumber, dayNumber: draft.dayNumber });
    if (!exercise || !found) continue;
    const sessions = await repo.recentSessionsOf(tx, userId, id, { limit: 2, planId: draft.planId });
    const stall = detectStall(found.prescription, sessions, loadKindOf(exercise));
    if (!stall) continue;
    await repo.saveAdaptation(tx, draft.planId, { weekNumber: nextWeek, exerciseId: original, kind: stall.kind, noteKey: stall.note.messageKey, noteParams: stall.note.params ?? {} });
  }
}
