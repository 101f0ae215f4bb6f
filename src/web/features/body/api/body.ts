import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { addBodyPhotoContract, deleteBodyEntryContract, deleteBodyPhotoContract, listBodyEntriesContract, putBodyEntryContract } from '#core/body/body.contract';
import type { BodyEntryInput } from '#core/body/schemas';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export const bodyKeys = {
  all: ['body'] as const,
  /** From `startDate` (the first entry when null) to today. */
  entries: (startDate: string | null) => ['body', 'entries', startDate] as const,
};

export function useBodyEntries(startDate: string | null) {
  return useQuery({
    queryKey: bodyKeys.entries(startDate),
    queryFn: ({ signal }) => call(listBodyEntriesContract, { query: startDate ? { startDate } : {} }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A weigh-in changes the entries, the profile's weight and the expenditure estimate. The mutation waits for the
 * entries, so the list is current when its toast says what changed.
 */
function refresh(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  void queryClient.invalidateQueries({ queryKey: queryKeys.energy });
  return queryClient.invalidateQueries({ queryKey: bodyKeys.all });
}

export function useSaveBodyEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: BodyEntryInput }) => call(putBodyEntryContract, { params: { date }, body }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDeleteBodyEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => call(deleteBodyEntryContract, { params: { date } }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useAddBodyPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, image }: { date: string; image: File }) => {
      const form = new FormData();
      form.append('image', image, image.name);
      return call(addBodyPhotoContract, { params: { date }, body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bodyKeys.all }),
  });
}

export function useDeleteBodyPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteBodyPhotoContract, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bodyKeys.all }),
  });
}
