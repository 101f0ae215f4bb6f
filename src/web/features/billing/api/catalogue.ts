import { useQuery } from '@tanstack/react-query';
import { catalogueContract } from '#core/billing/billing.contract';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The subscription plans' catalogue (in English: the page takes its texts from the shared catalogue in its own language). */
export function useCatalogue() {
  return useQuery({
    queryKey: queryKeys.catalogue,
    queryFn: ({ signal }) => call(catalogueContract, { query: {} }, { signal }),
    staleTime: 10 * 60_000,
  });
}
