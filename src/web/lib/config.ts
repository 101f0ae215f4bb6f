import { useQuery } from '@tanstack/react-query';
import { configContract } from '#core/common/platform.contract';
import { call } from './api-client';
import { queryKeys } from './query-keys';

/** Public settings of the deployment (GET /api/config); they do not change while the page is open. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => call(configContract, {}, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
