import { useQuery } from '@tanstack/react-query';
import { getMeContract } from '#core/profile/profile.contract';
import type { Me } from '#core/profile/schemas';
import { call } from '#web/lib/api-client';
import type { Session } from '#web/features/auth/api/session';
import { queryKeys } from '#web/lib/query-keys';

export type { Me } from '#core/profile/schemas';

/** The signed-in user's profile (GET /api/me): one cache entry every page, form and upsell reads. */
export const meQuery = {
  queryKey: queryKeys.me,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(getMeContract, {}, { signal }),
};

/**
 * The profile while there is a session: once signed out (the session known to be none), no page still mounted on the
 * way out asks for it again (a 401 in the console).
 */
export function useMe<T = Me>(options: { enabled?: boolean; select?: (me: Me) => T; refetchInterval?: number | false; staleTime?: number } = {}) {
  // Read from the cache only: the session is fetched by the layouts, not once more for every reader of the profile.
  const signedOut = useQuery<Session | null>({ queryKey: queryKeys.session, enabled: false }).data === null;
  return useQuery({ ...meQuery, ...options, enabled: !signedOut && (options.enabled ?? true) });
}
