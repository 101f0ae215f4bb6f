import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../core/common/schemas';
import type { Page } from '../../../../core/common/schemas';
import type { LibraryItem, LibraryPlan, PlanAllowance, SavedPlan, SavedPlanSummary } from '../../../../core/plans/api-schemas';
import type { FitnessLevel, PlanDuration, PlanType } from '../../../../core/plans/schemas';
import { api } from '../../../lib/api-client';

export const PLANS_PAGE_SIZE = 10;
export const LIBRARY_PAGE_SIZE = 12;

export interface LibraryFilter {
  planType: PlanType | null;
  fitnessLevel: FitnessLevel | null;
  duration: PlanDuration | null;
}

export const planKeys = {
  all: ['plans'] as const,
  allowance: ['plans', 'allowance'] as const,
  lists: ['plans', 'list'] as const,
  list: (page: number, locale: Locale) => ['plans', 'list', page, locale] as const,
  /** Without a locale: the plan in the language it was made in. */
  plan: (id: string, locale?: Locale) => ['plans', 'plan', id, locale] as const,
  library: (filter: LibraryFilter, page: number, locale: Locale) => ['plan-library', 'list', filter, page, locale] as const,
  libraryPlan: (id: string, locale: Locale) => ['plan-library', 'plan', id, locale] as const,
};

const path = (id: string) => `/api/fitness-plans/${encodeURIComponent(id)}`;

export function useAllowance() {
  return useQuery({
    queryKey: planKeys.allowance,
    queryFn: ({ signal }) => api.get<PlanAllowance>('/api/fitness-plans/allowance', { signal }),
  });
}

export function usePlans(page: number, locale: Locale) {
  return useQuery({
    queryKey: planKeys.list(page, locale),
    queryFn: ({ signal }) => api.get<Page<SavedPlanSummary>>(`/api/fitness-plans?page=${page}&limit=${PLANS_PAGE_SIZE}&locale=${locale}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePlan(id: string, locale: Locale) {
  return useQuery({
    queryKey: planKeys.plan(id, locale),
    queryFn: ({ signal }) => api.get<SavedPlan>(`${path(id)}?locale=${locale}`, { signal }),
  });
}

/** After a plan is made, renamed or removed, lists and the month's count are fetched again when next shown. */
export const refreshPlans = (queryClient: QueryClient) => Promise.all([queryClient.invalidateQueries({ queryKey: planKeys.lists }), queryClient.invalidateQueries({ queryKey: planKeys.allowance })]);

export function useRenamePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planName: string) => api.patch<SavedPlan>(path(id), { planName }),
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
    mutationFn: (id: string) => api.delete<{ success: true }>(path(id)),
    onSuccess: () => void refreshPlans(queryClient),
  });
}

export function useLibrary(filter: LibraryFilter, page: number, locale: Locale) {
  return useQuery({
    queryKey: planKeys.library(filter, page, locale),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page), limit: String(LIBRARY_PAGE_SIZE), locale });
      if (filter.planType) params.set('planType', filter.planType);
      if (filter.fitnessLevel) params.set('fitnessLevel', filter.fitnessLevel);
      if (filter.duration) params.set('duration', String(filter.duration));
      return api.get<Page<LibraryItem>>(`/api/plan-library?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useLibraryPlan(id: string, locale: Locale) {
  return useQuery({
    queryKey: planKeys.libraryPlan(id, locale),
    queryFn: ({ signal }) => api.get<LibraryPlan>(`/api/plan-library/${encodeURIComponent(id)}?locale=${locale}`, { signal }),
    // The library changes only with a new release.
    staleTime: Infinity,
  });
}

export function useSaveLibraryPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, locale }: { id: string; locale: Locale }) => api.post<SavedPlan>(`/api/plan-library/${encodeURIComponent(id)}/save`, { locale }),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.plan(plan.id, plan.locale), plan);
      void refreshPlans(queryClient);
    },
  });
}
