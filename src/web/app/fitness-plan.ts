import { useQuery } from '@tanstack/react-query';
import type { Locale } from '#core/common/schemas';
import { getFitnessPlanContract } from '#core/plans/fitness-plans.contract';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** One of the user's saved fitness plans; without a locale, in the language it was made in. */
export const fetchFitnessPlan = (id: string, locale?: Locale, signal?: AbortSignal) => call(getFitnessPlanContract, { params: { id }, query: { locale } }, { signal });

/** The plan pages, the workout logger and the dashboard read a saved plan through one cache entry per plan and language. */
export function useFitnessPlan(id: string | null, locale?: Locale) {
  return useQuery({
    queryKey: queryKeys.fitnessPlan(id ?? '', locale),
    queryFn: ({ signal }) => fetchFitnessPlan(id!, locale, signal),
    enabled: id !== null,
  });
}
