import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { forgetOfflineAnswers } from '#web/lib/service-worker';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  twoFactorEnabled?: boolean | null;
}

export interface Session {
  session: { id: string; expiresAt: string };
  user: SessionUser;
}

export function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  return api.get<Session | null>('/api/auth/get-session', { signal }).then((s) => (s?.user ? s : null));
}

/** The signed-in session, or null when signed out. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/auth/sign-out'),
    onSettled: () => {
      // Whatever the server said, the page forgets everything it knew about the user.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.config[0] && q.queryKey[0] !== queryKeys.catalogue[0] });
      queryClient.setQueryData(queryKeys.session, null);
      void forgetOfflineAnswers();
    },
  });
}
