import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../core/common/schemas';
import type { Entry } from '../../../../core/nutrition/schemas';
import type { LogScanInput, ScanAllowance, ScanResult, ScanSource } from '../../../../core/nutrition/scans/schemas';
import { api } from '../../../lib/api-client';
import { nutritionKeys } from './nutrition';

const allowanceKey = ['nutrition', 'scans', 'allowance'] as const;

export function useScanAllowance() {
  return useQuery({ queryKey: allowanceKey, queryFn: ({ signal }) => api.get<ScanAllowance>('/api/nutrition/scans/allowance', { signal }) });
}

export function useScanPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, source, locale, signal }: { image: Blob; source: ScanSource; locale: Locale; signal?: AbortSignal }) => {
      const form = new FormData();
      form.append('image', image, image instanceof File ? image.name : 'webcam.jpg');
      form.append('source', source);
      return api.post<ScanResult>(`/api/nutrition/scans?locale=${locale}`, form, { signal });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: allowanceKey }),
  });
}

export function useLogScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LogScanInput }) => api.post<{ items: Entry[] }>(`/api/nutrition/scans/${encodeURIComponent(id)}/log`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: nutritionKeys.all }),
  });
}
