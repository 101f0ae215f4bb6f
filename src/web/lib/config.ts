import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

export interface AppConfig {
  googleEnabled: boolean;
  appUrl: string;
  environment: 'production' | 'development' | 'test';
  payments: 'sandbox' | 'stripe';
  /** Where people can write for help; null: the deployment names none. */
  supportEmail: string | null;
}

/** Public settings of the deployment (GET /api/config); they do not change while the page is open. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => api.get<AppConfig>('/api/config', { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
