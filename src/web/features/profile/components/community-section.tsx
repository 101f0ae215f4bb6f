import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { communitySettingsSchema, type CommunitySettings } from '#core/profile/schemas';
import { Field } from '#web/components/ui/field';
import { Input, Textarea } from '#web/components/ui/input';
import { Switch } from '#web/components/ui/switch';
import { useToast } from '#web/components/ui/toast';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useUpdateCommunitySettings } from '../api/me';
import type { Me } from '#web/app/me';
import { SettingsCard } from './settings-card';

const FIELDS: (keyof CommunitySettings)[] = ['displayName', 'showStreak', 'bio'];
const BIO_MAX = 280;
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export function CommunitySection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateCommunitySettings();
  const values = useMemo(() => me.communitySettings, [me.communitySettings]);
  const applyServerFieldErrors = useServerFieldErrors();
  const { control, register, handleSubmit, formState, setError, watch } = useForm({
    resolver: zodResolver(communitySettingsSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const bioLength = (watch('bio') ?? '').length;

  const onSubmit = handleSubmit((next) => {
    update.mutate(next, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
    });
  });

  const errors = formState.errors;
  const hasFieldError = Object.keys(errors).length > 0;

  return (
    <SettingsCard
      title={t('settings.community.title')}
      description={t('settings.community.description')}
      onSubmit={onSubmit}
      pending={update.isPending}
      error={update.isError && !hasFieldError ? update.error : undefined}
    >
      <Field label={t('settings.community.displayName')} optional hint={t('settings.community.displayNameHint', { name: me.name })} error={errors.displayName?.message}>
        <Input autoComplete="nickname" maxLength={40} placeholder={me.name} {...register('displayName', { setValueAs: emptyToNull })} />
      </Field>
      <Field
        label={t('settings.community.bio')}
        optional
        error={errors.bio?.message}
        labelAction={
          <span className={`text-xs tabular-nums ${bioLength > BIO_MAX ? 'text-red-600' : 'text-zinc-500 dark:text-zinc-400'}`}>
            {bioLength}/{BIO_MAX}
          </span>
        }
      >
        <Textarea rows={4} placeholder={t('settings.community.bioPlaceholder')} {...register('bio', { setValueAs: emptyToNull })} />
      </Field>
      <Controller
        control={control}
        name="showStreak"
        render={({ field }) => (
          <Switch
            name={field.name}
            checked={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            label={t('settings.community.showStreak')}
            description={t('settings.community.showStreakHint')}
          />
        )}
      />
    </SettingsCard>
  );
}
