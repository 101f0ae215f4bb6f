import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '#core/common/schemas';
import {
  allowanceContract,
  deleteFitnessPlanContract,
  getLibraryPlanContract,
  listLibraryContract,
  listFitnessPlansContract,
  renameFitnessPlanContract,
  saveLibraryPlanContract,
} from '#core/plans/fitness-plans.contract';
import type { FitnessLevel, PlanDuration, FitnessPlanType } from '#core/plans/schemas';
import { call } from '#web/lib/api-client';

export const PLANS_PAGE_SIZE = 10;
export const LIBRARY_PAGE_SIZE = 12;

export interface LibraryFilter {
  planType: FitnessPlanType | null;
  fitnessLevel: FitnessLevel | null;
  duration: PlanDuration | null;
}

export const planKeys = {
  all: ['plans'] as const,
  allowance: ['plans', 'allowance'] as const,
  lists: ['plans', 'list'] as const,
  list: (page: number, locale: Locale) => ['plans', 'list', page, locale] as const,
  library: (filter: LibraryFilter, page: number, locale: Locale) => ['plan-library', 'list', filter, page, locale] as const,
  libraryPlan: (id: string, locale: Locale) => ['plan-library', 'plan', id, locale] as const,
};

export function useAllowance() {
  return useQuery({
    queryKey: planKeys.allowance,
    queryFn: ({ signal }) => call(allowanceContract, {}, { signal }),
  });
}

export function usePlans(page: number, locale: Locale) {
  return useQuery({
    queryKey: planKeys.list(page, locale),
    queryFn: ({ signal }) => call(listFitnessPlansContract, { query: { page, limit: PLANS_PAGE_SIZE, locale } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** After a plan is made, renamed or removed, lists and the month's count are fetched again when next shown. */
export const refreshPlans = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: planKeys.lists }), queryClient.invalidateQueries({ queryKey: planKeys.allowance })]);

export function useRenamePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planName: string) => call(renameFitnessPlanContract, { params: { id }, body: { planName } }),
    onSuccess: () => {
      // The answer is in the plan's own language; each language's copy is fetched again.
      void queryClient.invalidateQueries({ queryKey: ['plans', 'plan', id] });
      void refreshPlans(queryClient);
    },
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteFitnessPlanContract, { params: { id } }),
    onSuccess: () => void refreshPlans(queryClient),
  });
}

export function useLibrary(filter: LibraryFilter, page: number, locale: Locale) {
  return useQuery({
    queryKey: planKeys.library(filter, page, locale),
    queryFn: ({ signal }) => {
      const { planType, fitnessLevel, duration } = filter;
      const query = { page, limit: LIBRARY_PAGE_SIZE, locale, planType: planType ?? undefined, fitnessLevel: fitnessLevel ?? undefined, duration: duration ?? undefined };
      return call(listLibraryContract, { query }, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useLibraryPlan(id: string, locale: Locale) {
  return useQuery({
    queryKey: planKeys.libraryPlan(id, locale),
    queryFn: ({ signal }) => call(getLibraryPlanContract, { params: { id }, query: { locale } }, { signal }),
    // The library changes only with a new release.
    staleTime: Infinity,
  });
}

export function useSaveLibraryPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, locale }: { id: string; locale: Locale }) => call(saveLibraryPlanContract, { params: { id }, body: { locale } }),
    onSuccess: () => void refreshPlans(queryClient),
  });
}
