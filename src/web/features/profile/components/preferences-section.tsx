import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_LEVELS, DEFAULT_PREFERENCES, SEXES, THEMES, UNIT_SYSTEMS, preferencesSchema, type Preferences } from '#core/profile/schemas';
import { LOCALES } from '#core/common/schemas';
import { htmlLang } from '#core/common/locales';
import { Field, FieldGroup } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Segmented } from '#web/components/ui/segmented';
import { Select } from '#web/components/ui/select';
import { Switch } from '#web/components/ui/switch';
import { useToast } from '#web/components/ui/toast';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { browserTimeZone, timeZoneOptions } from '#web/lib/time-zones';
import { useLocale } from '#web/lib/use-locale';
import { useUpdatePreferences } from '../api/me';
import type { Me } from '#web/app/me';
import { HeightInput, WeightInput } from '#web/components/ui/measure-input';
import { NullableSelect } from './nullable-select';
import { SettingsCard } from './settings-card';

const FIELDS = Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[];
const NATIVE_NAMES = { en: 'English', zh: '中文' } as const;

/** Preferences nobody has touched yet are the schema's defaults; then the browser knows the time zone better. */
function initialValues(saved: Preferences): Preferences {
  const untouched = FIELDS.every((key) => saved[key] === DEFAULT_PREFERENCES[key]);
  return untouched ? { ...saved, timezone: browserTimeZone() } : saved;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-5 border-t border-zinc-100 pt-6 first:border-t-0 first:pt-0 dark:border-zinc-800">
      <h3 className="text-sm font-semibold text-zinc-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

export function PreferencesSection({ me, onSaved }: { me: Me; onSaved: (saved: Preferences, before: Preferences) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const update = useUpdatePreferences();
  const values = useMemo(() => initialValues(me.preferences), [me.preferences]);
  const applyServerFieldErrors = useServerFieldErrors();
  const { control, register, handleSubmit, formState, setError, watch } = useForm({
    resolver: zodResolver(preferencesSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const units = watch('units');
  const zones = useMemo(() => timeZoneOptions(locale, [values.timezone]), [locale, values.timezone]);
  const thisYear = new Date().getFullYear();

  const onSubmit = handleSubmit((next) => {
    const before = me.preferences;
    update.mutate(next, {
      onSuccess: (saved) => {
        toast.success(t('settings.saved'));
        onSaved(saved, before);
      },
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
    });
  });

  const errors = formState.errors;
  const hasFieldError = Object.keys(errors).length > 0;

  return (
    <SettingsCard
      title={t('settings.preferences.title')}
      description={t('settings.preferences.description')}
      onSubmit={onSubmit}
      pending={update.isPending}
      error={update.isError && !hasFieldError ? update.error : undefined}
    >
      <Group title={t('settings.preferences.region')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('settings.preferences.language')} error={errors.locale?.message}>
            <Select {...register('locale')}>
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={htmlLang(l)}>
                  {NATIVE_NAMES[l]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('settings.preferences.timezone')} error={errors.timezone?.message}>
            <Select {...register('timezone')}>
              {zones.map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <FieldGroup legend={t('settings.preferences.units')} error={errors.units?.message}>
          <Controller
            control={control}
            name="units"
            render={({ field }) => (
              <Segmented
                label={t('settings.preferences.units')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={UNIT_SYSTEMS.map((u) => ({ value: u, label: t(`enums.units.${u}`) }))}
              />
            )}
          />
        </FieldGroup>
      </Group>

      <Group title={t('settings.preferences.appearance')}>
        <FieldGroup legend={t('theme.label')} error={errors.theme?.message}>
          <Controller
            control={control}
            name="theme"
            render={({ field }) => (
              <Segmented
                label={t('theme.label')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))}
              />
            )}
          />
        </FieldGroup>
      </Group>

      <Group title={t('settings.preferences.body')}>
        <p className="-mt-3 text-sm text-zinc-500 dark:text-zinc-400">{t('settings.preferences.bodyHint')}</p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('settings.preferences.sex')} optional error={errors.sex?.message}>
            <Controller
              control={control}
              name="sex"
              render={({ field }) => (
                <NullableSelect
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  emptyLabel={t('common.preferNotToSay')}
                  options={SEXES.map((s) => ({ value: s, label: t(`enums.sex.${s}`) }))}
                />
              )}
            />
          </Field>
          <Field label={t('settings.preferences.birthYear')} optional error={errors.birthYear?.message}>
            <Input
              inputMode="numeric"
              autoComplete="bday-year"
              placeholder={String(thisYear - 30)}
              {...register('birthYear', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
            />
          </Field>
          <Field label={t('settings.preferences.height')} optional error={errors.heightCm?.message}>
            <Controller
              control={control}
              name="heightCm"
              render={({ field }) => <HeightInput name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} units={units} />}
            />
          </Field>
          <Field label={t('settings.preferences.weight')} optional error={errors.weightKg?.message}>
            <Controller
              control={control}
              name="weightKg"
              render={({ field }) => <WeightInput name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} units={units} />}
            />
          </Field>
        </div>
        <Field label={t('settings.preferences.activityLevel')} optional error={errors.activityLevel?.message}>
          <Controller
            control={control}
            name="activityLevel"
            render={({ field }) => (
              <NullableSelect
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                emptyLabel={t('common.notSet')}
                options={ACTIVITY_LEVELS.map((a) => ({ value: a, label: t(`enums.activity.${a}`) }))}
              />
            )}
          />
        </Field>
      </Group>

      <Group title={t('settings.preferences.notifications')}>
        <Controller
          control={control}
          name="emailNotifications"
          render={({ field }) => (
            <Switch
              name={field.name}
              checked={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('settings.preferences.emailNotifications')}
              description={t('settings.preferences.emailNotificationsHint')}
            />
          )}
        />
      </Group>
    </SettingsCard>
  );
}
