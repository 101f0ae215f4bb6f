import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tierChoices } from '#core/billing/entitlements';
import { EQUIPMENT, exclusiveNone, FITNESS_GOALS, FITNESS_LEVELS, fitnessGoalsSchema, type FitnessGoals } from '#core/profile/schemas';
import { Field, FieldGroup } from '#web/components/ui/field';
import { Chips, Segmented } from '#web/components/ui/segmented';
import { useToast } from '#web/components/ui/toast';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useUpdateFitnessGoals } from '../api/me';
import type { Me } from '#web/app/me';
import { WeightInput } from '#web/components/ui/measure-input';
import { SettingsCard } from './settings-card';

const FIELDS: (keyof FitnessGoals)[] = ['goals', 'fitnessLevel', 'equipment', 'workoutsPerWeek', 'targetWeightKg'];
const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** The saved goals as far as the tier offers them (a former subscriber's paid choices are not offered again). */
function offered(saved: FitnessGoals, choices: ReturnType<typeof tierChoices>): FitnessGoals {
  const goals = saved.goals.filter((g) => choices.goals.includes(g));
  const owned = saved.equipment.filter((e) => choices.equipment.includes(e) && e !== 'none');
  return { ...saved, goals, equipment: owned.length > 0 ? owned : ['none'] };
}

export function GoalsSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateFitnessGoals();
  const choices = useMemo(() => tierChoices(me.subscription), [me.subscription]);
  const values = useMemo(() => offered(me.fitnessGoals, choices), [me.fitnessGoals, choices]);
  const applyServerFieldErrors = useServerFieldErrors();
  const { control, handleSubmit, formState, setError, watch } = useForm({
    resolver: zodResolver(fitnessGoalsSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const goalCount = watch('goals')?.length ?? 0;

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
      title={t('settings.goals.title')}
      description={t('settings.goals.description')}
      onSubmit={onSubmit}
      pending={update.isPending}
      error={update.isError && !hasFieldError ? update.error : undefined}
    >
      <Controller
        control={control}
        name="goals"
        render={({ field }) => (
          <FieldGroup legend={t('settings.goals.goals')} hint={t('settings.goals.goalsHint', { count: goalCount })} error={errors.goals?.message ?? errors.goals?.root?.message}>
            <Chips
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              max={3}
              options={FITNESS_GOALS.filter((g) => choices.goals.includes(g)).map((g) => ({ value: g, label: t(`enums.goal.${g}`) }))}
            />
          </FieldGroup>
        )}
      />
      <FieldGroup legend={t('settings.goals.level')} error={errors.fitnessLevel?.message}>
        <Controller
          control={control}
          name="fitnessLevel"
          render={({ field }) => (
            <Segmented
              stretch
              label={t('settings.goals.level')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={FITNESS_LEVELS.map((l) => ({ value: l, label: t(`enums.level.${l}`) }))}
            />
          )}
        />
      </FieldGroup>
      <Controller
        control={control}
        name="equipment"
        render={({ field }) => (
          <FieldGroup legend={t('settings.goals.equipment')} hint={t('settings.goals.equipmentHint')} error={errors.equipment?.message ?? errors.equipment?.root?.message}>
            <Chips
              value={field.value ?? []}
              onChange={(next) => field.onChange(exclusiveNone(field.value ?? [], next))}
              onBlur={field.onBlur}
              options={EQUIPMENT.filter((e) => choices.equipment.includes(e)).map((e) => ({ value: e, label: t(`enums.equipment.${e}`) }))}
            />
          </FieldGroup>
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FieldGroup legend={t('settings.goals.workoutsPerWeek')} error={errors.workoutsPerWeek?.message}>
          <Controller
            control={control}
            name="workoutsPerWeek"
            render={({ field }) => (
              <Segmented
                size="sm"
                label={t('settings.goals.workoutsPerWeek')}
                value={String(field.value) as (typeof DAYS)[number]}
                onChange={(v) => field.onChange(Number(v))}
                onBlur={field.onBlur}
                options={DAYS.map((d) => ({ value: d, label: d }))}
              />
            )}
          />
        </FieldGroup>
        <Field label={t('settings.goals.targetWeight')} optional error={errors.targetWeightKg?.message}>
          <Controller
            control={control}
            name="targetWeightKg"
            render={({ field }) => <WeightInput name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} units={me.preferences.units} />}
          />
        </Field>
      </div>
    </SettingsCard>
  );
}
