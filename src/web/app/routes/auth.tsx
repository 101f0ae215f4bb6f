import { useRef, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { savePreferencesContract } from '#core/profile/profile.contract';
import { call } from '#web/lib/api-client';
import { safeNextPath, switchLocalePath } from '#web/lib/locale';
import { queryKeys } from '#web/lib/query-keys';
import { browserTimeZone } from '#web/lib/time-zones';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { PageSpinner } from '#web/components/ui/spinner';
import { useSession } from '#web/features/auth/api/session';
import { SignUpForm } from '#web/features/auth/components/sign-up-form';
import { SignInForm } from '#web/features/auth/components/sign-in-form';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form';
import { TwoFactorForm } from '#web/features/auth/components/two-factor-form';
import { AuthCallback } from '#web/features/auth/components/auth-callback';
import { checkoutPath, chosenPlanFrom } from '#web/features/billing/components/chosen-plan';
import { ChosenPlanNotice } from '#web/features/billing/components/chosen-plan-notice';
import { meQuery } from '../me';
import { useTheme } from '../theme-provider';

/**
 * Where to go after signing in: the `next` page the user came from; else, for a paid plan picked on the pricing page
 * (`?plan=pro&interval=year`), its checkout; else the dashboard. The choice travels on as `next`, so the sign-in link
 * and the round trip to Google keep it too.
 */
function useAfterAuth() {
  const [params] = useSearchParams();
  const to = useLocalePath();
  const raw = params.get('next');
  const chosen = chosenPlanFrom(params);
  const next = raw ? safeNextPath(raw, '') || null : chosen ? checkoutPath(to, chosen) : null;
  return { next, chosen, target: next ?? to('app') };
}

/**
 * Goes on into the app once signed in, in the language and theme the account saved (which may differ from this
 * browser's when the account was set up elsewhere).
 */
export function useEnterApp(): (target: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { theme, setTheme } = useTheme();
  return async (target) => {
    let path = target;
    try {
      const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      if (me.preferences.theme !== theme) setTheme(me.preferences.theme);
      if (me.preferences.locale !== locale) {
        const url = new URL(target, window.location.origin);
        path = switchLocalePath(url.pathname, url.search, url.hash, me.preferences.locale);
      }
    } catch {
      /* the app loads the profile itself and shows its own error */
    }
    navigate(path, { replace: true });
  };
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
  const { next, chosen, target } = useAfterAuth();

  async function onSignedUp() {
    // A new account starts with this device's language, time zone and theme rather than the schema's defaults.
    try {
      await call(savePreferencesContract, { body: { locale, timezone: browserTimeZone(), theme } });
      queryClient.removeQueries({ queryKey: queryKeys.me });
    } catch {
      /* not worth blocking the welcome: settings can fix it */
    }
    navigate(target, { replace: true });
  }

  return (
    <GuestOnly>
      <SignUpForm next={next} onSignedUp={onSignedUp} notice={chosen ? <ChosenPlanNotice chosen={chosen} /> : null} />
    </GuestOnly>
  );
}

export function SignInRoute() {
  const enterApp = useEnterApp();
  const { next, target } = useAfterAuth();
  return (
    <GuestOnly>
      <SignInForm next={next} onSignedIn={() => enterApp(target)} />
    </GuestOnly>
  );
}

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const enterApp = useEnterApp();
  const to = useLocalePath();
  return <ResetPasswordForm token={params.get('token')} linkError={params.get('error')} claim={params.get('claim') === '1'} onSignedIn={() => enterApp(to('app'))} />;
}

export function TwoFactorRoute() {
  const enterApp = useEnterApp();
  const { target } = useAfterAuth();
  return <TwoFactorForm onVerified={() => enterApp(target)} />;
}

export function AuthCallbackRoute() {
  const [params] = useSearchParams();
  const enterApp = useEnterApp();
  return <AuthCallback providerError={params.get('error')} onSignedIn={enterApp} />;
}
