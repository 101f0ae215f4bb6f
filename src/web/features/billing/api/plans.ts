import { useQuery } from '@tanstack/react-query';
import type { Entitlements } from '../../../../core/billing/catalogue';
import type { SubscriptionTier } from '../../../../core/profile/schemas';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface BillingPlan {
  id: SubscriptionTier;
  name: string;
  /** Monthly price in major units. */
  price: number;
  priceMonthlyCents: number;
  priceYearlyCents: number;
  features: string[];
  limitations: string[];
  entitlements: Entitlements;
}

export function useBillingPlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: ({ signal }) => api.get<BillingPlan[]>('/api/billing/plans', { signal }),
    staleTime: 10 * 60_000,
  });
}
