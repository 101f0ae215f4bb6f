import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { macroCalories } from '#core/nutrition/goals';
import { goalsInputSchema, type Goals, type GoalsInput } from '#core/nutrition/schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatNumber } from '#web/lib/format';
import { intlLocale } from '#web/lib/locale';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useMe } from '#web/app/me';
import { KG_PER_LB, weightIn } from '#web/lib/units';
import { useGoals, useResetGoals, useSaveGoals } from '../api/nutrition';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { bodyResolver, numberOrUndefined } from '../lib/form';
import { CheckInCard } from './check-in';
import { grams, kcal, NUTRIENT_COLORS } from '../lib/format';
import { NutritionHeader } from './nutrition-header';

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fibre'] as const;
type GoalValues = Record<(typeof KEYS)[number], string>;
const valuesOf = (goals: Pick<Goals, (typeof KEYS)[number]>): GoalValues => Object.fromEntries(KEYS.map((k) => [k, String(goals[k])])) as GoalValues;
const SOURCE_TONE = { custom: 'brand', computed: 'success', default: 'warning' } as const;

function Targets({ goals }: { goals: Goals }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <Card>
      <CardHeader title={t('nutrition.goals.targetsTitle')} action={<Badge tone={SOURCE_TONE[goals.source]}>{t(`nutrition.goals.source.${goals.source}`)}</Badge>} />
      <CardBody className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {KEYS.map((k) => (
            <div key={k} className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`nutrition.nutrients.${k}`)}</dt>
              <dd className={cn('text-xl font-semibold whitespace-nowrap tabular-nums', NUTRIENT_COLORS[k].text)} data-testid={`goal-${k}`}>
                {k === 'calories' ? kcal(goals[k], locale) : grams(goals[k], locale)}
                <span className="ml-1 text-sm font-normal text-zinc-500 dark:text-zinc-400">{t(k === 'calories' ? 'nutrition.nutrients.kcal' : 'nutrition.units.gram')}</span>
              </dd>
            </div>
          ))}
        </dl>
        {goals.basis.missing.length > 0 ? (
          <Alert
            tone="warning"
            title={t('nutrition.goals.missingTitle')}
            action={
              <Link to={`${to('app/settings')}?tab=preferences`} className="font-medium underline underline-offset-4">
                {t('nutrition.goals.completeProfile')}
              </Link>
            }
          >
            {t('nutrition.goals.missingBody', {
              fields: new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(goals.basis.missing.map((f) => t(`nutrition.goals.fields.${f}`))),
            })}
          </Alert>
        ) : null}
      </CardBody>
    </Card>
  );
}

function Basis({ goals }: { goals: Goals }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const b = goals.basis;
  const imperial = useMe({ select: (me) => me.preferences.units === 'imperial' }).data ?? false;
  // Protein per unit of body weight, in the units the user weighs themselves in.
  const protein = t(imperial ? 'nutrition.goals.basis.perLb' : 'nutrition.goals.basis.perKg', {
    value: formatNumber(imperial ? b.proteinPerKg * KG_PER_LB : b.proteinPerKg, locale, { maximumFractionDigits: imperial ? 2 : 1 }),
    weight: formatNumber(weightIn(b.weightKg, imperial ? 'imperial' : 'metric', imperial ? 0 : 1), locale),
  });
  const rows = [
    [t('nutrition.goals.basis.bmr'), t('nutrition.units.kcal', { value: kcal(b.bmr, locale) })],
    [t('nutrition.goals.basis.tdee'), t('nutrition.units.kcal', { value: kcal(b.tdee, locale) })],
    [t(`nutrition.goals.basis.direction.${b.direction}`), t('nutrition.units.kcal', { value: `${b.adjustment > 0 ? '+' : ''}${kcal(b.adjustment, locale)}` })],
    [t('nutrition.goals.basis.protein'), protein],
  ];
  return (
    <Card>
      <CardHeader title={t('nutrition.goals.basisTitle')} description={t('nutrition.goals.basisHint')} />
      <CardBody className="pt-3">
        <dl className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd className="font-medium text-zinc-900 tabular-nums dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          {t('nutrition.goals.changeGoals')}{' '}
          <Link to={`${to('app/settings')}?tab=goals`} className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
            {t('nutrition.goals.fitnessGoalsLink')}
          </Link>
        </p>
      </CardBody>
    </Card>
  );
}

/** Basic and pro set their own targets; free sees the same form, locked, with the way to unlock it. */
function Editor({ goals }: { goals: Goals }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveGoals();
  const reset = useResetGoals();
  const locked = !goals.customizable;
  const applyServerFieldErrors = useServerFieldErrors();
  const {
    register,
    handleSubmit,
    formState,
    setError,
    watch,
    reset: resetForm,
  } = useForm<GoalValues, unknown, GoalsInput>({
    resolver: bodyResolver(goalsInputSchema, (v: GoalValues) => ({
      calories: numberOrUndefined(v.calories),
      protein: numberOrUndefined(v.protein),
      carbs: numberOrUndefined(v.carbs),
      fat: numberOrUndefined(v.fat),
      fibre: numberOrUndefined(v.fibre) ?? null,
    })),
    defaultValues: valuesOf(goals),
  });
  const values = watch();
  const num = (k: (typeof KEYS)[number]) => numberOrUndefined(values[k]);
  const macroKcal = macroCalories({ protein: num('protein') ?? 0, carbs: num('carbs') ?? 0, fat: num('fat') ?? 0 });
  const calories = num('calories') ?? 0;
  const off = calories > 0 && Math.abs(macroKcal - calories) / calories > 0.1;

  const submit = handleSubmit((body) => save.mutate(body, { onSuccess: () => toast.success(t('nutrition.goals.saved')), onError: (error) => applyServerFieldErrors(error, setError, KEYS) }));

  function backToComputed() {
    reset.mutate(undefined, {
      onSuccess: (next) => {
        resetForm(valuesOf(next));
        toast.success(t('nutrition.goals.resetDone'));
      },
      onError: (error) => toast.error(errorText(error)),
    });
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader title={t('nutrition.goals.editorTitle')} description={t('nutrition.goals.editorHint')} />
        <CardBody className="space-y-4">
          {locked ? <UpgradePrompt feature="nutrition_goals" /> : null}
          <fieldset disabled={locked} className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {KEYS.map((k) => (
              <Field key={k} label={k === 'calories' ? t('nutrition.form.caloriesGoal') : t(`nutrition.form.${k}G`)} optional={k === 'fibre'} error={formState.errors[k]?.message}>
                <Input type="number" inputMode="numeric" min="0" step="1" {...register(k)} />
              </Field>
            ))}
          </fieldset>
          <p className={cn('text-sm', off ? 'text-amber-700 dark:text-amber-400' : 'text-zinc-600 dark:text-zinc-400')} aria-live="polite">
            {t(off ? 'nutrition.goals.macrosOff' : 'nutrition.goals.macrosAddUp', { value: formatNumber(macroKcal, locale) })}
          </p>
          {save.isError && Object.keys(formState.errors).length === 0 ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
        </CardBody>
        {locked ? null : (
          <CardFooter>
            {goals.source === 'custom' ? (
              <Button variant="outline" onClick={backToComputed} loading={reset.isPending}>
                {t('nutrition.goals.useComputed')}
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending}>
              {t('nutrition.goals.save')}
            </Button>
          </CardFooter>
        )}
      </form>
    </Card>
  );
}

export function GoalsPage() {
  const { t } = useTranslation();
  const goals = useGoals();
  useDocumentTitle(t('nutrition.sections.goals'));
  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <NutritionHeader subtitle={t('nutrition.goals.subtitle')} />
      {goals.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-56 rounded-2xl" />
        </div>
      ) : goals.isError ? (
        <ErrorState error={goals.error} onRetry={() => void goals.refetch()} retrying={goals.isFetching} />
      ) : (
        <div className="space-y-4">
          <Targets goals={goals.data} />
          <CheckInCard goals={goals.data} />
          <Editor key={`${goals.data.source}-${goals.data.updatedAt}`} goals={goals.data} />
          <Basis goals={goals.data} />
        </div>
      )}
    </div>
  );
}
