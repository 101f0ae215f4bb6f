import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailProblem, normalizeEmail, signInPasswordProblem } from '#core/auth/rules';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { Field } from '#web/components/ui/field';
import { Input, PasswordInput } from '#web/components/ui/input';
import { useErrorText } from '#web/lib/errors';
import { useFormBanner, useServerFieldErrors } from '#web/lib/form-errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useSignIn } from '../api/auth';
import { AuthCard, textLinkClasses } from './auth-card';
import { GoogleButton } from './google-button';

export function SignInForm({ next, onSignedIn }: { next: string | null; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const signIn = useSignIn();
  const banner = useFormBanner();
  useDocumentTitle(t('auth.signInTitle'));

  const applyServerFieldErrors = useServerFieldErrors();
  // The shared rules of `#core/auth/rules`, not the schema: this page loads no validation library (ADR 037).
  // No default values: the fields start as drawn, so what was typed before the page was taken over (ADR 042) stays.
  const { register, handleSubmit, formState, setError } = useForm<{ email: string; password: string; rememberMe: boolean }>({ mode: 'onTouched' });

  const onSubmit = handleSubmit((values) => {
    signIn.mutate(
      { ...values, email: normalizeEmail(values.email) },
      {
        onSuccess: (result) => {
          if (result.twoFactorRedirect) {
            navigate(next ? `${to('two-factor')}?next=${encodeURIComponent(next)}` : to('two-factor'));
          } else {
            onSignedIn();
          }
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, ['email', 'password'])) banner.show(errorText(error));
        },
      },
    );
  });

  const withNext = (path: string) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

  return (
    <AuthCard
      title={t('auth.signInTitle')}
      description={t('auth.signInSubtitle')}
      footer={
        <p>
          {t('auth.noAccount')}{' '}
          <Link to={withNext(to('sign-up'))} className={textLinkClasses}>
            {t('auth.signUpFree')}
          </Link>
        </p>
      }
    >
      <GoogleButton next={next} onError={banner.show} />
      {banner.message ? <Alert tone="error">{banner.message}</Alert> : null}
      <form onSubmit={onSubmit} {...banner.clearOn} noValidate className="space-y-5">
        <Field label={t('auth.email')} error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email', { validate: emailProblem })} />
        </Field>
        <Field
          label={t('auth.password')}
          error={formState.errors.password?.message}
          labelAction={
            <Link to={to('forgot-password')} className={`text-sm ${textLinkClasses}`}>
              {t('auth.forgotPassword')}
            </Link>
          }
        >
          <PasswordInput autoComplete="current-password" {...register('password', { validate: signInPasswordProblem })} />
        </Field>
        <Checkbox label={t('auth.rememberMe')} defaultChecked {...register('rememberMe')} />
        <Button type="submit" className="w-full" size="lg" loading={signIn.isPending}>
          {t('auth.signIn')}
        </Button>
      </form>
    </AuthCard>
  );
}
