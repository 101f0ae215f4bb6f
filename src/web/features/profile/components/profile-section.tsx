import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileUpdateSchema } from '#core/profile/schemas';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useToast } from '#web/components/ui/toast';
import { formatDate } from '#web/lib/format';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale } from '#web/lib/use-locale';
import { useUpdateProfile } from '../api/me';
import type { Me } from '#web/app/me';
import { SettingsCard } from './settings-card';

export function ProfileSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const update = useUpdateProfile();
  const values = useMemo(() => ({ name: me.name }), [me.name]);
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(profileUpdateSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(({ name }) => {
    update.mutate(
      { name: name ?? '' },
      {
        onSuccess: () => toast.success(t('settings.saved')),
        onError: (error) => applyServerFieldErrors(error, setError, ['name']),
      },
    );
  });

  const fieldErrorShown = Boolean(formState.errors.name);
  return (
    <SettingsCard
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
      onSubmit={onSubmit}
      pending={update.isPending}
      error={update.isError && !fieldErrorShown ? update.error : undefined}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('settings.profile.name')} error={formState.errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </Field>
        <Field label={t('auth.email')} hint={t('settings.profile.emailHint')}>
          <Input type="email" value={me.email} readOnly className="bg-zinc-50 text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400" />
        </Field>
      </div>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('settings.profile.memberSince', { date: formatDate(me.stats?.memberSince ?? me.createdAt, locale, 'long') })}</p>
    </SettingsCard>
  );
}
