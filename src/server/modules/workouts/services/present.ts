import type { Workout, WorkoutDraft } from '#core/workouts';
import type { ExerciseTree, WorkoutRow } from '../workouts.repo';

export function toWorkout(row: WorkoutRow, exercises: ExerciseTree): Workout {
  return {
    id: row.id,
    name: row.name,
    planId: row.planId,
    weekNumber: row.weekNumber,
    dayNumber: row.dayNumber,
    performedAt: row.startedAt.toISOString(),
    endedAt: new Date(row.startedAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    durationMinutes: row.durationMinutes,
    caloriesBurned: row.caloriesBurned,
    notes: row.notes,
    exercises,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDraft(row: WorkoutRow, exercises: ExerciseTree): WorkoutDraft {
  return {
    name: row.name,
    planId: row.planId,
    weekNumber: row.weekNumber,
    dayNumber: row.dayNumber,
    performedAt: row.startedAt,
    durationMinutes: row.durationMinutes,
    notes: row.notes,
    exercises,
  };
}
