import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '#core/common/platform.contract';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Public settings of the deployment (GET /api/config); they do not change while the page is open. The contract (and
 * with it the validation library) is loaded by the call, not with the page: the sign-in page shows its form without
 * it and its Google button once the answer is in (ADR 037).
 */
export function useAppConfig() {
  return useQuery<AppConfig>({
    queryKey: queryKeys.config,
    queryFn: async ({ signal }) => call((await import('#core/common/platform.contract')).configContract, {}, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
