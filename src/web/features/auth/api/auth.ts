import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import type { SessionUser } from './session';

export interface SignUpBody {
  email: string;
  password: string;
  name?: string;
}
export interface SignInBody {
  email: string;
  password: string;
  rememberMe?: boolean;
}
export type SignInResult = { user: SessionUser; twoFactorRedirect?: undefined } | { twoFactorRedirect: true; user?: undefined };

/** After any sign-in the session is read again, and profile data of a previous user is dropped. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ queryKey: queryKeys.me });
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    await queryClient.fetchQuery({ queryKey: queryKeys.session });
  };
}

export function useSignUp() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignUpBody) => api.post<{ user: SessionUser; token: string | null }>('/api/auth/sign-up/email', body),
    onSuccess: signedIn,
  });
}

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignInBody) => api.post<SignInResult>('/api/auth/sign-in/email', body),
    onSuccess: async (result) => {
      if (!result.twoFactorRedirect) await signedIn();
    },
  });
}

export function useVerifyTwoFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: { method: 'totp'; code: string; trustDevice?: boolean } | { method: 'backup'; code: string }) =>
      input.method === 'totp'
        ? api.post<unknown>('/api/auth/two-factor/verify-totp', { code: input.code, trustDevice: input.trustDevice })
        : api.post<unknown>('/api/auth/two-factor/verify-backup-code', { code: input.code }),
    onSuccess: signedIn,
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string; redirectTo: string }) => api.post<unknown>('/api/auth/request-password-reset', body),
  });
}

/** `signedIn`: the link was the one emailed to prove a listed address, and its owner is now signed in (ADR 026). */
export function useResetPassword() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: { newPassword: string; token: string }) => api.post<{ status: boolean; signedIn?: boolean }>('/api/auth/reset-password', body),
    onSuccess: async (result) => {
      if (result.signedIn) await signedIn();
    },
  });
}

export function useSocialSignIn() {
  return useMutation({
    mutationFn: (body: { provider: 'google'; callbackURL: string; errorCallbackURL: string }) => api.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', body),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean }) => api.post<unknown>('/api/auth/change-password', body),
  });
}

function useRefreshUser() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.me }), queryClient.invalidateQueries({ queryKey: queryKeys.session })]);
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (body: { password: string }) => api.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', body),
  });
}

/** Confirms a pending enable with the first code from the authenticator. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: { code: string }) => api.post<unknown>('/api/auth/two-factor/verify-totp', body),
    onSuccess: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshUser();
  return useMutation({
    mutationFn: (body: { password: string }) => api.post<unknown>('/api/auth/two-factor/disable', body),
    onSuccess: refresh,
  });
}

export function useGenerateBackupCodes() {
  return useMutation({
    mutationFn: (body: { password: string }) => api.post<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', body),
  });
}
