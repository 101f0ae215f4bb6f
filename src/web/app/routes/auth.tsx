import { useRef, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { safeNextPath } from '../../lib/locale';
import { queryKeys } from '../../lib/query-keys';
import { browserTimeZone } from '../../lib/time-zones';
import { useLocale, useLocalePath } from '../../lib/use-locale';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/session';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { TwoFactorForm } from '../../features/auth/components/two-factor-form';
import { AuthCallback } from '../../features/auth/components/auth-callback';
import { useTheme } from '../theme-provider';

/** Where to go after signing in: the `next` page the user came from, else the dashboard. */
function useAfterAuth() {
  const [params] = useSearchParams();
  const to = useLocalePath();
  const raw = params.get('next');
  const next = raw ? safeNextPath(raw, '') || null : null;
  return { next, target: next ?? to('app') };
}

/**
 * Pages for signed-out people: someone already signed in on arrival goes on to the app. Once the form shows, it
 * stays until it has finished its own work (the sign-in it performs must not unmount it half-way).
 */
function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { target } = useAfterAuth();
  const shown = useRef(false);
  if (!shown.current) {
    if (session.isPending) return <PageSpinner />;
    if (session.data) return <Navigate to={target} replace />;
    shown.current = true;
  }
  return <>{children}</>;
}

export function SignUpRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { theme } = useTheme();
  const { next, target } = useAfterAuth();

  async function onSignedUp() {
    // A new account starts with this device's language, time zone and theme rather than the schema's defaults.
    try {
      await api.put('/api/me/preferences', { locale, timezone: browserTimeZone(), theme });
      queryClient.removeQueries({ queryKey: queryKeys.me });
    } catch {
      /* not worth blocking the welcome: settings can fix it */
    }
    navigate(target, { replace: true });
  }

  return (
    <GuestOnly>
      <SignUpForm next={next} onSignedUp={onSignedUp} />
    </GuestOnly>
  );
}

export function SignInRoute() {
  const navigate = useNavigate();
  const { next, target } = useAfterAuth();
  return (
    <GuestOnly>
      <SignInForm next={next} onSignedIn={() => navigate(target, { replace: true })} />
    </GuestOnly>
  );
}

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return <ResetPasswordForm token={params.get('token')} linkError={params.get('error')} />;
}

export function TwoFactorRoute() {
  const navigate = useNavigate();
  const { target } = useAfterAuth();
  return <TwoFactorForm onVerified={() => navigate(target, { replace: true })} />;
}

export function AuthCallbackRoute() {
  const [params] = useSearchParams();
  return <AuthCallback providerError={params.get('error')} />;
}
