import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { resetPasswordSchema } from '#core/auth/schemas';
import { AUTH_MESSAGES } from '#core/auth/messages';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { PasswordInput } from '#web/components/ui/input';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { useFormBanner, useServerFieldErrors } from '#web/lib/form-errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { useResetPassword } from '../api/auth';
import { AuthCard, textLinkClasses } from './auth-card';
import { PasswordRules } from './password-rules';

const schema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDiffer });

/**
 * Chooses a new password with an emailed link. `claim`: the link emailed at sign-up to an address that must be proven
 * (a listed moderator's): choosing the password takes the account over and signs its owner in (`onSignedIn`).
 */
export function ResetPasswordForm({ token, linkError, claim, onSignedIn }: { token: string | null; linkError: string | null; claim: boolean; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const errorText = useErrorText();
  const reset = useResetPassword();
  const [expired, setExpired] = useState(false);
  const banner = useFormBanner();
  useDocumentTitle(t(claim ? 'auth.claimTitle' : 'auth.resetTitle'));

  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, watch, setError } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { token: token ?? '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const password = watch('newPassword') ?? '';

  if (!token || linkError || expired) {
    return (
      <AuthCard title={t('auth.resetInvalidTitle')} description={t('auth.resetInvalidBody')}>
        <ButtonLink to={to('forgot-password')} size="lg" className="w-full">
          {t('auth.requestNewLink')}
        </ButtonLink>
        <p className="text-center text-sm">
          <Link to={to('sign-in')} className={textLinkClasses}>
            {t('auth.backToSignIn')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  if (reset.isSuccess && !reset.data.signedIn) {
    return (
      <AuthCard title={t('auth.resetDoneTitle')} description={t('auth.resetDoneBody')}>
        <ButtonLink to={to('sign-in')} size="lg" className="w-full">
          {t('auth.signIn')}
        </ButtonLink>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(({ newPassword }) => {
    reset.mutate(
      { newPassword, token },
      {
        onSuccess: (result) => {
          if (result.signedIn) onSignedIn();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'TOKEN_EXPIRED') {
            setExpired(true);
            return;
          }
          if (!applyServerFieldErrors(error, setError, ['newPassword'])) banner.show(errorText(error));
        },
      },
    );
  });

  const passwordError = formState.errors.newPassword;
  return (
    <AuthCard title={t(claim ? 'auth.claimTitle' : 'auth.resetTitle')} description={t(claim ? 'auth.claimSubtitle' : 'auth.resetSubtitle')}>
      {banner.message ? <Alert tone="error">{banner.message}</Alert> : null}
      <form onSubmit={onSubmit} {...banner.clearOn} noValidate className="space-y-5">
        <Field label={t('auth.newPassword')} error={passwordError?.type === 'server' ? passwordError.message : undefined}>
          <PasswordInput autoComplete="new-password" {...register('newPassword')} />
        </Field>
        <PasswordRules value={password} invalid={Boolean(passwordError && passwordError.type !== 'server')} />
        <Field label={t('auth.confirmPassword')} error={formState.errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </Field>
        <Button type="submit" className="w-full" size="lg" loading={reset.isPending}>
          {t('auth.setNewPassword')}
        </Button>
      </form>
    </AuthCard>
  );
}
