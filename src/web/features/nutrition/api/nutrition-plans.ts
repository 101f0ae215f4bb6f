import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '#core/common/schemas';
import type { Entry } from '#core/nutrition/schemas';
import { logEntryContract } from '#core/nutrition/nutrition.contract';
import { deleteNutritionPlanContract, generateNutritionPlanContract, getNutritionPlanContract, listNutritionPlansContract } from '#core/nutrition/plans/nutrition-plans.contract';
import { type NutritionPlanInput, type NutritionPlanMeal, type SavedNutritionPlan, savedNutritionPlanSchema } from '#core/nutrition/plans/schemas';
import type { NutritionPlanProgress } from '#core/nutrition/plans/text';
import { call, contractUrl } from '#web/lib/api-client';
import { postEventStream } from '#web/lib/event-stream';
import { nutritionKeys } from './nutrition';

export const NUTRITION_PLANS_PAGE_SIZE = 10;

/** A stage of the generation as the API streams it, with its label in the plan's language. */
export type NutritionPlanProgressEvent = NutritionPlanProgress & { label: string };

/** Apart from the meal log's keys: logging a food does not touch the saved plans. */
export const nutritionPlanKeys = {
  all: ['nutrition-plans'] as const,
  lists: ['nutrition-plans', 'list'] as const,
  list: (page: number, locale: Locale) => ['nutrition-plans', 'list', page, locale] as const,
  plan: (id: string, locale: Locale) => ['nutrition-plans', 'plan', id, locale] as const,
  /** The plan in every language. */
  anyPlan: (id: string) => ['nutrition-plans', 'plan', id] as const,
};

/** The plans with their names in the reader's language. */
export function useNutritionPlans(page: number, locale: Locale) {
  return useQuery({
    queryKey: nutritionPlanKeys.list(page, locale),
    queryFn: ({ signal }) => call(listNutritionPlansContract, { query: { page, limit: NUTRITION_PLANS_PAGE_SIZE, locale } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The plan read in `locale`: the same foods and grams, named and measured in the reader's language. */
export function useNutritionPlan(id: string, locale: Locale) {
  return useQuery({
    queryKey: nutritionPlanKeys.plan(id, locale),
    queryFn: ({ signal }) => call(getNutritionPlanContract, { params: { id }, query: { locale } }, { signal }),
  });
}

export const refreshNutritionPlans = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: nutritionPlanKeys.lists });

/**
 * POST /api/nutrition/plans as an event stream: each stage goes to `onProgress` as it happens, and the promise gives
 * the saved plan (or the API's error, thrown as an ApiError like any other call).
 */
export function generateNutritionPlanStreamed(
  input: NutritionPlanInput,
  { onProgress, signal }: { onProgress: (event: NutritionPlanProgressEvent) => void; signal?: AbortSignal },
): Promise<SavedNutritionPlan> {
  return postEventStream<SavedNutritionPlan, NutritionPlanProgressEvent>(contractUrl(generateNutritionPlanContract, {}), input, {
    resultEvent: 'plan',
    result: savedNutritionPlanSchema,
    onProgress,
    signal,
  });
}

export function useDeleteNutritionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteNutritionPlanContract, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: nutritionPlanKeys.anyPlan(id) });
      void refreshNutritionPlans(queryClient);
    },
  });
}

/** Thrown when a meal was logged only in part: how many of its foods made it into the log. */
export class PartlyLoggedError extends Error {
  constructor(
    readonly logged: number,
    readonly error: unknown,
  ) {
    super('Meal logged in part');
  }
}

/**
 * Logs each food of a plan's meal as an entry of today's log, in the plan's order (one request per food: the log
 * has no batch call). The day's log, summary and history are fetched again afterwards, whatever happened.
 */
export function useLogPlanMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ meal, locale }: { meal: NutritionPlanMeal; locale: Locale }) => {
      const entries: Entry[] = [];
      for (const item of meal.items) {
        try {
          entries.push(await call(logEntryContract, { body: { foodId: item.foodId, grams: item.grams, mealType: meal.type, locale } }));
        } catch (error) {
          if (entries.length === 0) throw error;
          throw new PartlyLoggedError(entries.length, error);
        }
      }
      return entries;
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: nutritionKeys.all }),
  });
}
