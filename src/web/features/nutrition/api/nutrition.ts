import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../core/common/schemas';
import type {
  CopyEntriesInput,
  CopyResult,
  Entry,
  EntryInput,
  EntryPage,
  EntryPatch,
  FoodDto,
  FoodList,
  Goals,
  GoalsInput,
  History,
  Summary,
} from '../../../../core/nutrition/schemas';
import { api } from '../../../lib/api-client';

export const nutritionKeys = {
  all: ['nutrition'] as const,
  day: (date: string) => ['nutrition', 'day', date] as const,
  summary: (date: string) => ['nutrition', 'summary', date] as const,
  history: (startDate: string, endDate: string) => ['nutrition', 'history', startDate, endDate] as const,
  goals: ['nutrition', 'goals'] as const,
  foods: (q: string, locale: Locale) => ['foods', 'search', locale, q] as const,
  food: (id: string, locale: Locale) => ['foods', 'one', locale, id] as const,
};

/** Most a day can show in one page; a day with more shows the newest (the summary still counts them all). */
export const DAY_ENTRY_LIMIT = 100;

export function useDayEntries(date: string) {
  return useQuery({
    queryKey: nutritionKeys.day(date),
    queryFn: ({ signal }) => api.get<EntryPage>(`/api/nutrition/entries?startDate=${date}&endDate=${date}&limit=${DAY_ENTRY_LIMIT}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSummary(date: string) {
  return useQuery({
    queryKey: nutritionKeys.summary(date),
    queryFn: ({ signal }) => api.get<Summary>(`/api/nutrition/summary?date=${date}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(startDate: string, endDate: string) {
  return useQuery({
    queryKey: nutritionKeys.history(startDate, endDate),
    queryFn: ({ signal }) => api.get<History>(`/api/nutrition/history?startDate=${startDate}&endDate=${endDate}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGoals() {
  return useQuery({ queryKey: nutritionKeys.goals, queryFn: ({ signal }) => api.get<Goals>('/api/nutrition/goals', { signal }) });
}

/** The food table is fixed per release: a search answered once stays good for the visit. */
export function useFoodSearch(q: string, locale: Locale) {
  const query = q.trim();
  return useQuery({
    queryKey: nutritionKeys.foods(query, locale),
    queryFn: ({ signal }) => api.get<FoodList>(`/api/foods?${new URLSearchParams({ q: query, locale, limit: '15' })}`, { signal }),
    enabled: query.length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useFood(id: string | null, locale: Locale) {
  return useQuery({
    queryKey: nutritionKeys.food(id ?? '', locale),
    queryFn: ({ signal }) => api.get<FoodDto>(`/api/foods/${encodeURIComponent(id!)}?locale=${locale}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Any change to the log changes days, summaries and the history: all are fetched again when next shown. */
const refreshLog = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: nutritionKeys.all });

export function useLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntryInput) => api.post<Entry>('/api/nutrition/entries', body),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EntryPatch }) => api.patch<Entry>(`/api/nutrition/entries/${encodeURIComponent(id)}`, patch),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: true }>(`/api/nutrition/entries/${encodeURIComponent(id)}`),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useCopyEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyEntriesInput) => api.post<CopyResult>('/api/nutrition/entries/copy', body),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoalsInput) => api.put<Goals>('/api/nutrition/goals', body),
    onSuccess: (goals) => {
      queryClient.setQueryData(nutritionKeys.goals, goals);
      void refreshLog(queryClient);
    },
  });
}

export function useResetGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Goals>('/api/nutrition/goals'),
    onSuccess: (goals) => {
      queryClient.setQueryData(nutritionKeys.goals, goals);
      void refreshLog(queryClient);
    },
  });
}
