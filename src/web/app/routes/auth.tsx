import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { savePreferencesContract } from '#core/profile/profile.contract';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { browserTimeZone } from '#web/lib/time-zones';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { SignUpForm } from '#web/features/auth/components/sign-up-form';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form';
import { TwoFactorForm } from '#web/features/auth/components/two-factor-form';
import { AuthCallback } from '#web/features/auth/components/auth-callback';
import { ChosenPlanNotice } from '#web/features/billing/components/chosen-plan-notice';
import { GuestOnly, useAfterAuth, useEnterApp } from '../after-auth';
import { useTheme } from '../theme-provider';

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
