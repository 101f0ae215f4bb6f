import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Locale } from '#core/common/schemas';
import {
  copyEntriesContract,
  deleteEntryContract,
  deleteGoalsContract,
  energyContract,
  getFoodContract,
  getGoalsContract,
  historyContract,
  listEntriesContract,
  logEntryContract,
  putGoalsContract,
  searchFoodsContract,
  summaryContract,
  updateEntryContract,
} from '#core/nutrition/nutrition.contract';
import { IDEMPOTENCY_KEY_HEADER } from '#core/common/idempotency';
import type { CopyEntriesInput, Entry, EntryInput, EntryPage, EntryPatch, GoalDirection, GoalsInput } from '#core/nutrition/schemas';
import { call } from '#web/lib/api-client';
import { logThroughOutbox, type OutboxChannel, type OutboxItem } from '#web/lib/outbox';
import { queryKeys } from '#web/lib/query-keys';

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
    queryFn: ({ signal }) => call(listEntriesContract, { query: { startDate: date, endDate: date, limit: DAY_ENTRY_LIMIT } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSummary(date: string) {
  return useQuery({
    queryKey: nutritionKeys.summary(date),
    queryFn: ({ signal }) => call(summaryContract, { query: { date } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useHistory(startDate: string, endDate: string) {
  return useQuery({
    queryKey: nutritionKeys.history(startDate, endDate),
    queryFn: ({ signal }) => call(historyContract, { query: { startDate, endDate } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The expenditure estimate and the check-in's targets for a goal and rate (the profile's when left out). */
export function useEnergy(goal?: GoalDirection, rateKgPerWeek?: number) {
  return useQuery({
    queryKey: [...queryKeys.energy, goal ?? null, rateKgPerWeek ?? null],
    queryFn: ({ signal }) => call(energyContract, { query: { goal, rateKgPerWeek } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGoals() {
  return useQuery({ queryKey: nutritionKeys.goals, queryFn: ({ signal }) => call(getGoalsContract, {}, { signal }) });
}

/** The food table is fixed per release: a search answered once stays good for the visit. */
export function useFoodSearch(q: string, locale: Locale) {
  const query = q.trim();
  return useQuery({
    queryKey: nutritionKeys.foods(query, locale),
    queryFn: ({ signal }) => call(searchFoodsContract, { query: { q: query, locale, limit: 15 } }, { signal }),
    enabled: query.length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

export function useFood(id: string | null, locale: Locale) {
  return useQuery({
    queryKey: nutritionKeys.food(id ?? '', locale),
    queryFn: ({ signal }) => call(getFoodContract, { params: { id: id! }, query: { locale } }, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Any change to the log changes days, summaries and the history: all are fetched again when next shown. */
const refreshLog = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: nutritionKeys.all });

/** An entry the server has: shown at once on its day, then days, summaries and the history refreshed. */
function showLogged(queryClient: QueryClient, entry: Entry) {
  queryClient.setQueryData<EntryPage>(nutritionKeys.day(entry.date), (page) =>
    page && !page.items.some((e) => e.id === entry.id) ? { ...page, items: [...page.items, entry], total: page.total + 1 } : page,
  );
  return refreshLog(queryClient);
}

const sendEntry = (item: OutboxItem<EntryInput>) => call(logEntryContract, { body: item.body }, { headers: { [IDEMPOTENCY_KEY_HEADER]: item.key } });

/** How a meal logged offline reaches the server (web/lib/outbox.ts). */
export function mealOutbox(queryClient: QueryClient): OutboxChannel<EntryInput, Entry> {
  return { kind: 'meal', send: sendEntry, onSent: (entry) => showLogged(queryClient, entry) };
}

/**
 * Logs a food; offline it waits on the device and is sent when the connection returns. It is logged at the time of
 * logging (eatenAt), not at the time it reaches the server.
 */
export function useLogEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: { userId: string; body: EntryInput; label: string; date: string }) =>
      logThroughOutbox(mealOutbox(queryClient), { ...record, body: { ...record.body, eatenAt: record.body.eatenAt ?? new Date().toISOString() } }),
  });
}

export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: EntryPatch }) => call(updateEntryContract, { params: { id }, body: patch }),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteEntryContract, { params: { id } }),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useCopyEntries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyEntriesInput) => call(copyEntriesContract, { body }),
    onSuccess: () => void refreshLog(queryClient),
  });
}

export function useSaveGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GoalsInput) => call(putGoalsContract, { body }),
    onSuccess: (goals) => {
      queryClient.setQueryData(nutritionKeys.goals, goals);
      void refreshLog(queryClient);
    },
  });
}

export function useResetGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(deleteGoalsContract),
    onSuccess: (goals) => {
      queryClient.setQueryData(nutritionKeys.goals, goals);
      void refreshLog(queryClient);
    },
  });
}
