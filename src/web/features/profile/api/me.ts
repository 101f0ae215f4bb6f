import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entitlements } from '../../../../core/billing/catalogue';
import type {
  CommunitySettings,
  FitnessGoals,
  Interval,
  Preferences,
  SubscriptionStatus,
  SubscriptionTier,
} from '../../../../core/profile/schemas';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface Subscription {
  tier: SubscriptionTier;
  status: SubscriptionStatus;
  interval: Interval | null;
  startedAt: string | null;
  cancelAt: string | null;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  /** Whether the account may still start the once-per-account Pro trial. */
  trialAvailable: boolean;
}

export interface Me {
  id: string;
  email: string;
  name: string;
  createdAt: string;
  twoFactorEnabled: boolean;
  /** False for an account that signs in only with Google. */
  hasPassword: boolean;
  subscription: Subscription;
  entitlements: Entitlements;
  preferences: Preferences;
  fitnessGoals: FitnessGoals;
  communitySettings: CommunitySettings;
  stats: { memberSince: string };
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api.get<Me>('/api/me', { signal }),
    enabled: options.enabled ?? true,
  });
}

function useMeUpdate<TBody, TResult>(send: (body: TBody) => Promise<TResult>, merge: (me: Me, result: TResult) => Me) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      queryClient.setQueryData<Me>(queryKeys.me, (me) => (me ? merge(me, result) : me));
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMeUpdate(
    (body: { name: string }) => api.patch<Me>('/api/me', body),
    (me, result) => {
      // The session carries the name too (user menu).
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return { ...me, ...result };
    },
  );
}

export function useUpdatePreferences() {
  return useMeUpdate(
    (body: Partial<Preferences>) => api.put<Preferences>('/api/me/preferences', body),
    (me, preferences) => ({ ...me, preferences }),
  );
}

export function useUpdateFitnessGoals() {
  return useMeUpdate(
    (body: Partial<FitnessGoals>) => api.put<FitnessGoals>('/api/me/fitness-goals', body),
    (me, fitnessGoals) => ({ ...me, fitnessGoals }),
  );
}

export function useUpdateCommunitySettings() {
  return useMeUpdate(
    (body: Partial<CommunitySettings>) => api.put<CommunitySettings>('/api/me/community-settings', body),
    (me, communitySettings) => ({ ...me, communitySettings }),
  );
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password?: string }) => api.delete<{ success: true }>('/api/me', body),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.config[0] && q.queryKey[0] !== queryKeys.plans[0] });
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
