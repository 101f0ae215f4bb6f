import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { signUpSchema, type SignUpInput } from '#core/auth/schemas';
import { PAGES } from '#core/common/pages';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input, PasswordInput } from '#web/components/ui/input';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { useFormBanner, useServerFieldErrors } from '#web/lib/form-errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useSignUp } from '../api/auth';
import { AuthCard, textLinkClasses } from './auth-card';
import { GoogleButton } from './google-button';
import { PasswordRules } from './password-rules';

export function SignUpForm({ next, onSignedUp, notice }: { next: string | null; onSignedUp: () => void | Promise<void>; notice?: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const signUp = useSignUp();
  // A refusal the form cannot place on a field; an existing account offers the way to sign in.
  const banner = useFormBanner<{ text: string; exists: boolean }>();
  useDocumentTitle(t('auth.signUpTitle'));

  const applyServerFieldErrors = useServerFieldErrors();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    // No default values: the fields start as drawn, so what was typed before the page was taken over (ADR 042) stays.
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, watch, setError } = form;
  const password = watch('password') ?? '';

  const onSubmit = handleSubmit((values: SignUpInput) => {
    signUp.mutate(values, {
      onSuccess: () => onSignedUp(),
      onError: (error) => {
        if (isApiError(error) && error.statusCode === 409) {
          banner.show({ text: errorText(error), exists: true });
          return;
        }
        if (!applyServerFieldErrors(error, setError, ['name', 'email', 'password'])) banner.show({ text: errorText(error), exists: false });
      },
    });
  });

  const passwordError = formState.errors.password;
  const signInLink = next ? `${to('sign-in')}?next=${encodeURIComponent(next)}` : to('sign-in');

  return (
    <AuthCard
      title={t('auth.signUpTitle')}
      description={t('auth.signUpSubtitle')}
      footer={
        <p>
          {t('auth.haveAccount')}{' '}
          <Link to={signInLink} className={textLinkClasses}>
            {t('auth.signIn')}
          </Link>
        </p>
      }
    >
      {notice}
      <GoogleButton next={next} onError={(text) => banner.show({ text, exists: false })} />
      {banner.message && !banner.message.exists ? <Alert tone="error">{banner.message.text}</Alert> : null}
      {banner.message?.exists ? (
        <Alert tone="error" title={banner.message.text}>
          <Trans i18nKey="auth.accountExistsBody" components={{ signIn: <Link to={signInLink} className={textLinkClasses} /> }} />
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} {...banner.clearOn} noValidate className="space-y-5">
        <Field label={t('auth.name')} optional error={formState.errors.name?.message}>
          <Input autoComplete="name" {...register('name', { setValueAs: (v: string) => (v?.trim() ? v : undefined) })} />
        </Field>
        <Field label={t('auth.email')} error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
        <Field label={t('auth.password')} error={passwordError?.type === 'server' ? passwordError.message : undefined}>
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </Field>
        <PasswordRules value={password} invalid={Boolean(passwordError && passwordError.type !== 'server')} />
        <Button type="submit" className="w-full" size="lg" loading={signUp.isPending}>
          {t('auth.createAccount')}
        </Button>
        <p className="text-center text-xs text-zinc-600 dark:text-zinc-400">
          <Trans
            i18nKey="auth.termsNote"
            components={{ terms: <Link to={to(PAGES.terms)} className={textLinkClasses} />, privacy: <Link to={to(PAGES.privacy)} className={textLinkClasses} /> }}
          />
        </p>
      </form>
    </AuthCard>
  );
}
