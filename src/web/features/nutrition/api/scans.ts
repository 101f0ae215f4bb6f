import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '#core/common/schemas';
import { allowanceContract, logScanContract, scanContract } from '#core/nutrition/scans/scans.contract';
import type { LogScanInput, ScanSource } from '#core/nutrition/scans/schemas';
import { call } from '#web/lib/api-client';
import { nutritionKeys } from './nutrition';

const allowanceKey = ['nutrition', 'scans', 'allowance'] as const;

export function useScanAllowance() {
  return useQuery({ queryKey: allowanceKey, queryFn: ({ signal }) => call(allowanceContract, {}, { signal }) });
}

export function useScanPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, source, locale, signal }: { image: Blob; source: ScanSource; locale: Locale; signal?: AbortSignal }) => {
      const form = new FormData();
      form.append('image', image, image instanceof File ? image.name : 'webcam.jpg');
      form.append('source', source);
      // The form goes as it is; `locale` names the foods (see the contract's description).
      return call(scanContract, { query: { locale }, body: form }, { signal });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: allowanceKey }),
  });
}

export function useLogScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LogScanInput }) => call(logScanContract, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: nutritionKeys.all }),
  });
}
