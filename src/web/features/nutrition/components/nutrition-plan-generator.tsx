import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '#core/messages/catalogue';
import { ALLERGIES_MAX_LENGTH, dietaryRestrictionSchema, MEALS_PER_DAY, nutritionPlanInputSchema, type DietaryRestriction, type SavedNutritionPlan } from '#core/nutrition/plans/schemas';
import { goalsForPlan, planTargets } from '#core/nutrition/plans/targets';
import { RESTRICTION_LABELS } from '#core/nutrition/plans/text';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Field, FieldGroup } from '#web/components/ui/field';
import { CheckIcon, SparklesIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Segmented } from '#web/components/ui/segmented';
import { Skeleton } from '#web/components/ui/spinner';
import { isApiError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useStagedStream } from '#web/lib/use-staged-stream';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useEnergy, useGoals } from '../api/nutrition';
import { generateNutritionPlanStreamed, nutritionPlanKeys, refreshNutritionPlans, type NutritionPlanProgressEvent } from '../api/nutrition-plans';
import { NutritionPlanProgress } from './nutrition-plan-progress';
import { TargetAdjustments, TargetPills } from './plan-targets';

const RESTRICTIONS = dietaryRestrictionSchema.options;
const MEAL_COUNTS = ['3', '4', '5'] as const;
type MealCount = (typeof MEAL_COUNTS)[number];
const FIELDS = ['dietaryRestrictions', 'allergies', 'mealsPerDay', 'planName'] as const;

/** Set by the generator when it opens the plan it just made. */
export interface GeneratedNutritionPlanState {
  generated?: true;
}

/**
 * The targets the plan will be built to: the user's goals (or, without goals of their own, those of their estimated
 * expenditure once the log has one: `goalsForPlan`, as the server builds it), as the chosen diet adjusts them.
 */
function Targets({ goals, energy, restrictions }: { goals: ReturnType<typeof useGoals>; energy: ReturnType<typeof useEnergy>; restrictions: DietaryRestriction[] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const own = goals.data?.source === 'custom';
  if (goals.isPending || (!own && energy.isPending)) return <Skeleton className="h-16 w-full rounded-xl" />;
  if (goals.isError || (!own && energy.isError)) {
    return (
      <Alert
        tone="warning"
        action={
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void goals.refetch();
              void energy.refetch();
            }}
            loading={goals.isFetching || energy.isFetching}
          >
            {t('common.retry')}
          </Button>
        }
      >
        {t('nutritionPlans.form.targetsUnavailable')}
      </Alert>
    );
  }
  const g = goalsForPlan(goals.data, own ? null : (energy.data ?? null));
  const { targets, adjustments } = planTargets(g, restrictions);
  return (
    <section aria-labelledby="plan-targets-heading" className="space-y-3 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="plan-targets-heading" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('nutritionPlans.form.targetsTitle')}
        </h3>
        <Link to={to('app/nutrition/goals')} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
          {t('nutritionPlans.form.changeTargets')}
        </Link>
      </div>
      <TargetPills targets={targets} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        <Badge tone={g.source === 'custom' || g.source === 'estimated' ? 'brand' : g.source === 'computed' ? 'success' : 'warning'} className="mr-1.5">
          {t(`nutrition.goals.source.${g.source}`)}
        </Badge>
        {t(`nutrition.summary.source.${g.source}`)}
      </p>
      {adjustments.length > 0 ? (
        <div className="space-y-2 rounded-xl bg-sky-50 p-3 dark:bg-sky-950/30" aria-live="polite">
          <p className="text-sm font-medium text-sky-900 dark:text-sky-200">{t('nutritionPlans.form.adjusted')}</p>
          <TargetAdjustments adjustments={adjustments} goals={g} targets={targets} restrictions={restrictions} />
        </div>
      ) : null}
    </section>
  );
}

function RestrictionOption({ value, checked, onChange }: { value: DietaryRestriction; checked: boolean; onChange: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <label
      className={cn(
        'relative flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
        checked
          ? 'border-brand-500 bg-brand-50/80 ring-1 ring-brand-500 dark:border-brand-500 dark:bg-brand-950/40'
          : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-800 dark:bg-zinc-900/70 dark:hover:border-zinc-700',
      )}
    >
      <input type="checkbox" name="dietaryRestrictions" value={value} checked={checked} onChange={onChange} className="sr-only" />
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-md border text-xs transition-colors',
          checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-zinc-300 dark:border-zinc-600',
        )}
      >
        {checked ? <CheckIcon /> : null}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-medium text-zinc-900 dark:text-white">{RESTRICTION_LABELS[value][locale]}</span>
        <span className="block text-xs leading-relaxed text-zinc-600 dark:text-zinc-400">{t(`nutritionPlans.restrictionHint.${value}`)}</span>
      </span>
    </label>
  );
}

/**
 * The nutrition-plan generator (pro): diet, allergies, meals a day and an optional name, with the targets the plan
 * will use; then the generation's steps as they stream in, and the new plan.
 */
export function NutritionPlanGenerator() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const goals = useGoals();
  const energy = useEnergy();
  // A message is announced where it appears (role="alert"); the focus stays where the user submitted.
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, control, formState, setError, watch } = useForm({
    resolver: zodResolver(nutritionPlanInputSchema),
    defaultValues: { dietaryRestrictions: [], allergies: '', mealsPerDay: MEALS_PER_DAY.default },
    shouldFocusError: false,
  });
  const errors = formState.errors;
  const restrictions = watch('dietaryRestrictions') ?? [];
  const allergies = watch('allergies') ?? '';
  const [phase, setPhase] = useState<'form' | 'generating' | 'failed'>('form');
  const [failure, setFailure] = useState<unknown>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // The new phase's title takes the focus, so a screen reader announces what is happening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the phase is the trigger: its new title takes the focus.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [phase]);

  // Plays the received stages one by one, then opens the plan.
  const { shown, run } = useStagedStream<NutritionPlanProgressEvent, SavedNutritionPlan>(phase === 'generating', (plan) => {
    queryClient.setQueryData(nutritionPlanKeys.plan(plan.id, plan.locale), plan);
    void refreshNutritionPlans(queryClient);
    navigate(to(`app/nutrition/plans/${plan.id}`), { state: { generated: true } satisfies GeneratedNutritionPlanState });
  });

  const generate = handleSubmit(async (input) => {
    moved.current = true;
    setFailure(null);
    setPhase('generating');
    try {
      await run((opts) => generateNutritionPlanStreamed({ ...input, locale }, opts));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // A field the server found wrong goes back to its field; a rule the plan cannot meet (too few foods, goals out
      // of reach) is said on its own, with the way back to the answers.
      if (isApiError(error) && error.code === 'VALIDATION_ERROR' && applyServerFieldErrors(error, setError, FIELDS)) {
        setPhase('form');
        return;
      }
      setFailure(error);
      setPhase('failed');
      void refreshNutritionPlans(queryClient);
    }
  });

  if (phase === 'generating') {
    return (
      <Card className="p-5 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold focus:outline-none">
          {t('nutritionPlans.progress.title')}
        </h2>
        <NutritionPlanProgress events={shown} />
      </Card>
    );
  }

  if (phase === 'failed') {
    const code = isApiError(failure) ? failure.code : '';
    const key = isApiError(failure) ? failure.messageKey : '';
    // Asking again cannot help when the diet leaves too little to build with or the goals cannot be met.
    const ruleFailure = code === 'OPERATION_NOT_ALLOWED';
    return (
      <Card className="space-y-4 p-5 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {t('nutritionPlans.progress.failed')}
        </h2>
        <Alert
          tone="error"
          action={
            key === ('nutritionPlan.unreachable' satisfies MessageKey) ? (
              <Link to={to('app/nutrition/goals')} className="font-medium underline underline-offset-4">
                {t('nutritionPlans.form.reviewGoals')}
              </Link>
            ) : undefined
          }
        >
          {errorText(failure)}
        </Alert>
        {code === 'SUBSCRIPTION_REQUIRED' ? <UpgradePrompt feature="nutrition_plan" /> : null}
        <div className="flex flex-wrap gap-2">
          {!ruleFailure && code !== 'SUBSCRIPTION_REQUIRED' ? (
            <Button onClick={() => void generate()} icon={<SparklesIcon />}>
              {t('common.retry')}
            </Button>
          ) : null}
          <Button variant={ruleFailure ? 'primary' : 'outline'} onClick={() => setPhase('form')}>
            {t('nutritionPlans.progress.change')}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card>
      <form onSubmit={generate} noValidate className="space-y-6 p-5 sm:p-6">
        <div className="space-y-1">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            {t('nutritionPlans.form.title')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('nutritionPlans.form.body')}</p>
        </div>

        <Targets goals={goals} energy={energy} restrictions={restrictions} />

        <FieldGroup
          legend={t('nutritionPlans.form.restrictions')}
          hint={t('nutritionPlans.form.restrictionsHint')}
          error={errors.dietaryRestrictions?.message ?? errors.dietaryRestrictions?.root?.message}
        >
          <Controller
            control={control}
            name="dietaryRestrictions"
            render={({ field }) => {
              const chosen = field.value ?? [];
              return (
                <div className="grid gap-2 sm:grid-cols-2">
                  {RESTRICTIONS.map((r) => (
                    <RestrictionOption key={r} value={r} checked={chosen.includes(r)} onChange={() => field.onChange(chosen.includes(r) ? chosen.filter((x) => x !== r) : [...chosen, r])} />
                  ))}
                </div>
              );
            }}
          />
        </FieldGroup>

        <Field
          label={t('nutritionPlans.form.allergies')}
          optional
          hint={t('nutritionPlans.form.allergiesHint', { max: ALLERGIES_MAX_LENGTH })}
          error={errors.allergies?.message}
          labelAction={
            <span className={cn('text-xs tabular-nums', allergies.length > ALLERGIES_MAX_LENGTH ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400')} aria-hidden="true">
              {allergies.length} / {ALLERGIES_MAX_LENGTH}
            </span>
          }
        >
          <Input placeholder={t('nutritionPlans.form.allergiesPlaceholder')} maxLength={ALLERGIES_MAX_LENGTH} autoComplete="off" {...register('allergies')} />
        </Field>

        <Controller
          control={control}
          name="mealsPerDay"
          render={({ field }) => (
            <FieldGroup legend={t('nutritionPlans.form.mealsPerDay')} hint={t(`nutritionPlans.form.mealsHint.${field.value}`)} error={errors.mealsPerDay?.message}>
              <Segmented
                label={t('nutritionPlans.form.mealsPerDay')}
                value={String(field.value) as MealCount}
                onChange={(n) => field.onChange(Number(n))}
                onBlur={field.onBlur}
                options={MEAL_COUNTS.map((n) => ({ value: n, label: t('nutritionPlans.form.meals', { count: Number(n) }) }))}
                stretch
              />
            </FieldGroup>
          )}
        />

        <Field label={t('nutritionPlans.form.planName')} optional hint={t('nutritionPlans.form.planNameHint')} error={errors.planName?.message}>
          <Input maxLength={120} autoComplete="off" {...register('planName', { setValueAs: (v: string) => (v?.trim() ? v : undefined) })} />
        </Field>

        <div className="flex flex-col-reverse gap-3 border-t border-zinc-100 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('nutritionPlans.form.note')}</p>
          <Button type="submit" icon={<SparklesIcon />} className="w-full sm:w-auto" disabled={goals.isPending}>
            {t('nutritionPlans.form.generate')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
