import { useQuery } from '@tanstack/react-query';
import { getMeContract } from '#core/profile/profile.contract';
import type { Me } from '#core/profile/schemas';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

export type { Me } from '#core/profile/schemas';

/** The signed-in user's profile (GET /api/me): one cache entry every page, form and upsell reads. */
export const meQuery = {
  queryKey: queryKeys.me,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(getMeContract, {}, { signal }),
};

export function useMe<T = Me>(options: { enabled?: boolean; select?: (me: Me) => T; refetchInterval?: number | false; staleTime?: number } = {}) {
  return useQuery({ ...meQuery, ...options });
}
