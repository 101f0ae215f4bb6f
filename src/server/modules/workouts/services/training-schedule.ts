import { localDateOf, scheduleOn, WEEKDAYS, type ScheduleEntry, type TrainingSchedule, type TrainingScheduleInput } from '#core/workouts';
import type { Db } from '#server/db/client';
import * as repo from '../workouts.repo';
import { refreshSummary } from './summary';
import { requireOwnPlan } from './require-own-plan';

function present(entry: ScheduleEntry | null): TrainingSchedule {
  const training = entry?.trainingDays ?? null;
  return {
    planId: entry?.planId ?? null,
    trainingDays: training ? WEEKDAYS.filter((d) => training.includes(d)) : null,
    restDays: training ? WEEKDAYS.filter((d) => !training.includes(d)) : null,
    effectiveFrom: entry?.effectiveFrom ?? null,
  };
}

export async function getTrainingSchedule(db: Db, userId: string): Promise<TrainingSchedule> {
  const [{ timezone }, history] = await Promise.all([repo.loadUserContext(db, userId), repo.scheduleHistory(db, userId)]);
  return present(scheduleOn(history, localDateOf(Date.now(), timezone)));
}

/**
 * The week in force from the user's today on (null: none). Days before keep the week they had, so a streak earned
 * under an old plan is not rewritten by a new one. Saving what is already in force changes nothing.
 */
export async function setTrainingSchedule(db: Db, userId: string, input: TrainingScheduleInput | null): Promise<TrainingSchedule> {
  const { timezone } = await repo.loadUserContext(db, userId);
  const today = localDateOf(Date.now(), timezone);
  const next = { trainingDays: input ? WEEKDAYS.filter((d) => input.trainingDays.includes(d)) : null, planId: input?.planId ?? null };
  return db.transaction(async (tx) => {
    await requireOwnPlan(tx, userId, next.planId);
    await repo.lockSummary(tx, userId);
    const current = scheduleOn(await repo.scheduleHistory(tx, userId), today);
    const same = (current?.trainingDays ?? null)?.join() === next.trainingDays?.join() && (current?.planId ?? null) === next.planId;
    if (same || (!current && !next.trainingDays)) return present(current);
    const entry = { effectiveFrom: today, ...next };
    await repo.saveScheduleEntry(tx, userId, entry);
    await refreshSummary(tx, userId, timezone);
    return present(entry);
  });
}
