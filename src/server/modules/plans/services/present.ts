import type { SavedPlan, SavedPlanSummary } from '../../../../core/plans/api-schemas';
import { planAtDetail } from '../../../../core/plans/detail';
import { exercisesOf } from '../../../../core/plans/exercise-search';
import type { PlanDetail, PlanDuration } from '../../../../core/plans/schemas';
import type { PlanRow, PlanSummaryRow } from '../plans.repo';

/**
 * How much of a saved plan its reader sees. Generated plans are kept whole and shown at the detail of the reader's
 * tier today (DESIGN decision 2); library copies are whole for every tier (ADR 013); a plan stored as a summary
 * stays one.
 */
function shownDetail(row: Pick<PlanSummaryRow, 'source' | 'detail'>, reader: PlanDetail): PlanDetail {
  return row.source === 'library' || row.detail === 'week1' ? row.detail : reader;
}

export function toSummary(row: PlanSummaryRow, reader: PlanDetail): SavedPlanSummary {
  return {
    id: row.id,
    planName: row.title,
    planType: row.planType,
    goals: [...row.input.goals],
    fitnessLevel: row.fitnessLevel,
    equipment: [...row.input.equipment],
    durationWeeks: row.durationWeeks as PlanDuration,
    trainingDaysPerWeek: row.trainingDaysPerWeek,
    split: row.split,
    detail: shownDetail(row, reader),
    locale: row.locale,
    source: row.source,
    libraryId: row.libraryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSavedPlan(row: PlanRow, reader: PlanDetail): SavedPlan {
  const plan = planAtDetail(row.plan, shownDetail(row, reader));
  return { ...toSummary(row, reader), plan, exercises: exercisesOf(plan.weeks, plan.locale) };
}
