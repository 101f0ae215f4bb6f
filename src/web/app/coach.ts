import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alternativesContract, deleteSwapContract, putSwapContract } from '#core/coach/coach.contract';
import type { Locale } from '#core/common/schemas';
import { call } from '#web/lib/api-client';

/** Exercises that can stand in for one, with the user's saved equipment (ADR 028). */
export function useAlternatives(exerciseId: string | null, locale: Locale) {
  return useQuery({
    queryKey: ['exercises', 'alternatives', exerciseId, locale],
    queryFn: ({ signal }) => call(alternativesContract, { params: { id: exerciseId! }, query: { locale } }, { signal }),
    enabled: exerciseId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * Swaps an exercise of a plan for the rest of the plan (null: back to the plan's own). The plan is read again, and
 * with it the dashboard's today and the logger; so are the suggestions, which follow the plan.
 */
export function useSwapExercise(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exerciseId, replacementId }: { exerciseId: string; replacementId: string | null }) =>
      replacementId === null ? call(deleteSwapContract, { params: { id: planId, exerciseId } }) : call(putSwapContract, { params: { id: planId, exerciseId }, body: { replacementId } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['plans', 'plan', planId] }), queryClient.invalidateQueries({ queryKey: ['workouts', 'progress'] })]),
  });
}
