import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '#core/common/idempotency';
import {
  createSavedMealContract,
  deleteSavedMealContract,
  findBarcodeProductContract,
  listSavedMealsContract,
  logSavedMealContract,
  readLabelContract,
  recentFoodsContract,
  saveBarcodeProductContract,
  updateSavedMealContract,
} from '#core/nutrition/kitchen/kitchen.contract';
import type { BarcodeProductInput, LogSavedMealInput, SavedMealInput, SavedMealPatch } from '#core/nutrition/kitchen/schemas';
import { call, isApiError } from '#web/lib/api-client';
import { logThroughOutbox, type OutboxChannel } from '#web/lib/outbox';
import { nutritionKeys } from './nutrition';

// Under ['nutrition']: every change to the log refreshes the recent foods too.
export const kitchenKeys = {
  recent: ['nutrition', 'recent'] as const,
  savedMeals: ['nutrition', 'saved-meals'] as const,
  barcode: (code: string) => ['foods', 'barcode', code] as const,
};

export function useRecentFoods(enabled = true) {
  return useQuery({ queryKey: kitchenKeys.recent, queryFn: ({ signal }) => call(recentFoodsContract, {}, { signal }), enabled });
}

export function useSavedMeals(enabled = true) {
  return useQuery({ queryKey: kitchenKeys.savedMeals, queryFn: ({ signal }) => call(listSavedMealsContract, {}, { signal }), enabled });
}

export function useCreateSavedMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedMealInput) => call(createSavedMealContract, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenKeys.savedMeals }),
  });
}

export function useUpdateSavedMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SavedMealPatch }) => call(updateSavedMealContract, { params: { id }, body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenKeys.savedMeals }),
  });
}

export function useDeleteSavedMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteSavedMealContract, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitchenKeys.savedMeals }),
  });
}

/**
 * Logs a saved meal in one request. The key is made once per tap (`key`), so a retry of the same tap after a lost
 * answer logs the meal once.
 */
/** A saved meal logged: which one, and when and in which meal. */
export type SavedMealLog = { id: string; input: LogSavedMealInput };

/** How a saved meal logged offline reaches the server (web/lib/outbox.ts), all its foods in one request. */
export function savedMealOutbox(queryClient: QueryClient): OutboxChannel<SavedMealLog> {
  return {
    kind: 'savedMeal',
    send: (item) => call(logSavedMealContract, { params: { id: item.body.id }, body: item.body.input }, { headers: { [IDEMPOTENCY_KEY_HEADER]: item.key } }),
    onSent: () => queryClient.invalidateQueries({ queryKey: nutritionKeys.all }),
  };
}

/** Logs a saved meal in one tap; offline it waits on the device with the single foods and is sent when the connection returns. */
export function useLogSavedMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (record: { userId: string; body: SavedMealLog; label: string; date: string }) => logThroughOutbox(savedMealOutbox(queryClient), record),
  });
}

/** A product by its barcode; null when nobody knows it (the user then enters the label). */
export function useFindBarcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      queryClient.fetchQuery({
        queryKey: kitchenKeys.barcode(code),
        queryFn: async ({ signal }) => {
          try {
            return await call(findBarcodeProductContract, { params: { code } }, { signal });
          } catch (error) {
            if (isApiError(error) && error.statusCode === 404) return null;
            throw error;
          }
        },
        staleTime: 60_000,
      }),
  });
}

export function useSaveBarcodeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BarcodeProductInput) => call(saveBarcodeProductContract, { body }),
    onSuccess: (product) => queryClient.setQueryData(kitchenKeys.barcode(product.barcode), product),
  });
}

/** A nutrition label's values per serving, read from a photo by the vision model (only where `labelPhotos` is on). */
export function useReadLabel() {
  return useMutation({
    mutationFn: (image: Blob) => {
      const form = new FormData();
      form.append('image', image, image instanceof File ? image.name : 'label.jpg');
      return call(readLabelContract, { body: form });
    },
  });
}
