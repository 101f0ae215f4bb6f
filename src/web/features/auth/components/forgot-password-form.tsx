import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema } from '#core/auth/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { ArrowLeftIcon, MailIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { useErrorText } from '#web/lib/errors';
import { useFormBanner } from '#web/lib/form-errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useRequestPasswordReset } from '../api/auth';
import { AuthCard, textLinkClasses } from './auth-card';

const schema = z.object({ email: emailSchema });

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const errorText = useErrorText();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const banner = useFormBanner();
  useDocumentTitle(t('auth.forgotTitle'));

  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(schema) });

  const onSubmit = handleSubmit(({ email }) => {
    request.mutate({ email, redirectTo: `/${locale}/reset-password` }, { onSuccess: () => setSentTo(email), onError: (error) => banner.show(errorText(error)) });
  });

  const back = (
    <Link to={to('sign-in')} className={`inline-flex items-center gap-1.5 ${textLinkClasses}`}>
      <ArrowLeftIcon />
      {t('auth.backToSignIn')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth.checkEmailTitle')} footer={back}>
        <div className="flex gap-4 rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">
            <MailIcon />
          </span>
          <p className="text-sm leading-relaxed text-zinc-700 dark:text-zinc-300">{t('auth.checkEmailBody', { email: sentTo })}</p>
        </div>
        <Button variant="ghost" onClick={() => setSentTo(null)}>
          {t('auth.useAnotherEmail')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgotTitle')} description={t('auth.forgotSubtitle')} footer={back}>
      {banner.message ? <Alert tone="error">{banner.message}</Alert> : null}
      <form onSubmit={onSubmit} {...banner.clearOn} noValidate className="space-y-5">
        <Field label={t('auth.email')} error={formState.errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
        <Button type="submit" className="w-full" size="lg" loading={request.isPending}>
          {t('auth.sendResetLink')}
        </Button>
      </form>
    </AuthCard>
  );
}
