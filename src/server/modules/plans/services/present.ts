import type { SavedPlan, SavedPlanSummary } from '../../../../core/plans/api-schemas';
import { exercisesOf } from '../../../../core/plans/exercise-search';
import type { PlanDuration } from '../../../../core/plans/schemas';
import type { PlanRow, PlanSummaryRow } from '../plans.repo';

export function toSummary(row: PlanSummaryRow): SavedPlanSummary {
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
    detail: row.detail,
    locale: row.locale,
    source: row.source,
    libraryId: row.libraryId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSavedPlan(row: PlanRow): SavedPlan {
  return { ...toSummary(row), plan: row.plan, exercises: exercisesOf(row.plan.weeks, row.plan.locale) };
}
