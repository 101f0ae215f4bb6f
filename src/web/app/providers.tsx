import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError, shouldRetry } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { ToastProvider } from '#web/components/ui/toast';
import { ThemeProvider } from './theme-provider';

function onUnauthorized(error: unknown, queryKey?: readonly unknown[]) {
  // A 401 from a profile route means the session ended elsewhere: forget it so the guard sends the user to sign in.
  if (isApiError(error) && error.statusCode === 401 && error.code === 'UNAUTHORIZED' && queryKey?.[0] !== queryKeys.session[0]) {
    queryClient.setQueryData(queryKeys.session, null);
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onUnauthorized(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => onUnauthorized(error) }),
  defaultOptions: {
    queries: {
      // Offline, a query still asks once: the service worker answers from its copy (ADR 023); retries wait.
      networkMode: 'offlineFirst',
      retry: shouldRetry,
      staleTime: 30_000,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
