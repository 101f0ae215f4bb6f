import { useQuery } from '@tanstack/react-query';
import { plansContract } from '#core/billing/billing.contract';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** The plan catalogue (in English: the page takes its texts from the shared catalogue in its own language). */
export function useBillingPlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: ({ signal }) => call(plansContract, { query: {} }, { signal }),
    staleTime: 10 * 60_000,
  });
}
