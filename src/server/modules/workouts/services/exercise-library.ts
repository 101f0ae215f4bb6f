import type { FieldError } from '#core/errors/catalogue';
import { exerciseById } from '#core/plans/exercises';
import { WORKOUT_MESSAGES } from '#core/workouts/messages';

export const metOf = (exerciseId: string) => exerciseById(exerciseId)?.met;

/** Library ids a client sent that the library does not have: a stale client or a typo, never something to store. */
export function unknownExerciseErrors(exercises: readonly { exerciseId?: string | null }[]): FieldError[] {
  return exercises.flatMap((e, i) => (e.exerciseId != null && !exerciseById(e.exerciseId) ? [{ field: `exercises.${i}.exerciseId`, message: WORKOUT_MESSAGES.exerciseId }] : []));
}
