import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteMeContract, saveCommunitySettingsContract, saveFitnessGoalsContract, savePreferencesContract, updateMeContract } from '#core/profile/profile.contract';
import type { CommunitySettings, FitnessGoals, Preferences } from '#core/profile/schemas';
import type { Me } from '#web/app/me';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { forgetOfflineAnswers } from '#web/lib/service-worker';

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
    (body: { name: string }) => call(updateMeContract, { body }),
    (_, me) => {
      // The session carries the name too (user menu).
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return me;
    },
  );
}

/** Saves preferences and puts them into the cached profile (also used outside React, from the public pages' menus). */
export async function savePreferences(queryClient: QueryClient, body: Partial<Preferences>) {
  const preferences = await call(savePreferencesContract, { body });
  queryClient.setQueryData<Me>(queryKeys.me, (me) => (me ? { ...me, preferences } : me));
  return preferences;
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: Partial<Preferences>) => savePreferences(queryClient, body) });
}

export function useUpdateFitnessGoals() {
  return useMeUpdate(
    (body: Partial<FitnessGoals>) => call(saveFitnessGoalsContract, { body }),
    (me, fitnessGoals) => ({ ...me, fitnessGoals }),
  );
}

export function useUpdateCommunitySettings() {
  return useMeUpdate(
    (body: Partial<CommunitySettings>) => call(saveCommunitySettingsContract, { body }),
    (me, communitySettings) => ({ ...me, communitySettings }),
  );
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password?: string }) => call(deleteMeContract, { body }),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.config[0] && q.queryKey[0] !== queryKeys.catalogue[0] });
      queryClient.setQueryData(queryKeys.session, null);
      void forgetOfflineAnswers();
    },
  });
}
