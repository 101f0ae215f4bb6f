import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COMPLETE_DAY_SHARE, ENERGY_WINDOW_DAYS, KCAL_PER_KG, MIN_COMPLETE_DAYS, MIN_WEIGH_IN_SPAN_DAYS, MIN_WEIGH_INS } from '#core/nutrition/energy';
import type { Energy, GoalDirection, Goals } from '#core/nutrition/schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { Segmented } from '#web/components/ui/segmented';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { useMe } from '#web/app/me';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatNumber } from '#web/lib/format';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { type Units, weightIn, weightUnitKey } from '#web/lib/units';
import { useEnergy, useSaveGoals } from '../api/nutrition';
import { grams, kcal } from '../lib/format';

const CONFIDENCE_TONE = { high: 'success', medium: 'brand', low: 'warning' } as const;
const DIRECTIONS = ['lose', 'maintain', 'gain'] as const;
/** Rates the check-in offers, kg a week (shown in the user's units); the estimate's defaults are among them. */
const RATES_KG: Record<'lose' | 'gain', number[]> = { lose: [0.25, 0.5, 0.75, 1], gain: [0.1, 0.25, 0.5] };
/** A check-in is due a week after the targets were last set. */
const CHECK_IN_DAYS = 7;
const MACROS = ['calories', 'protein', 'carbs', 'fat'] as const;

/** What the user spends a day, how sure the estimate is, and what it rests on. */
function EnergySummary({ energy }: { energy: Energy }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const units = useMe().data?.preferences.units ?? 'metric';
  const weight = (kg: number) => `${formatNumber(weightIn(Math.abs(kg), units, 2), locale, { maximumFractionDigits: 2 })} ${t(weightUnitKey(units))}`;
  const rate = energy.weightTrendKgPerWeek;
  const basis =
    energy.basis === 'energy_balance'
      ? t('nutrition.energy.basis.balance', {
          days: energy.basedOnDays,
          weighIns: energy.weighIns,
          intake: kcal(energy.averageIntakeKcal ?? 0, locale),
          change: rate === null ? '–' : `${rate > 0 ? '+' : rate < 0 ? '−' : ''}${weight(rate)}`,
        })
      : t(`nutrition.energy.basis.${energy.basisReason}`, {
          days: energy.completeDays,
          minDays: MIN_COMPLETE_DAYS,
          weighIns: energy.weighIns,
          minWeighIns: MIN_WEIGH_INS,
          weeks: Math.round((MIN_WEIGH_IN_SPAN_DAYS + 1) / 7),
        });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-3xl font-bold text-zinc-900 tabular-nums dark:text-white" data-testid="expenditure">
          {t('nutrition.units.kcal', { value: kcal(energy.estimatedExpenditureKcal, locale) })}
        </p>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">{t('nutrition.energy.perDay')}</span>
        <Badge tone={CONFIDENCE_TONE[energy.confidence]}>{t(`nutrition.energy.confidence.${energy.confidence}`)}</Badge>
      </div>
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="energy-basis">
        {basis}
      </p>
      {energy.basis === 'energy_balance' ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('nutrition.energy.blend', { share: formatNumber(energy.balanceShare, locale, { style: 'percent' }), formula: kcal(energy.formulaKcal, locale) })}
        </p>
      ) : null}
      <details className="text-sm text-zinc-600 dark:text-zinc-400">
        <summary className="cursor-pointer font-medium text-zinc-800 dark:text-zinc-200">{t('nutrition.energy.howTitle')}</summary>
        <p className="mt-2">
          {t('nutrition.energy.how', {
            weeks: ENERGY_WINDOW_DAYS / 7,
            share: formatNumber(COMPLETE_DAY_SHARE, locale, { style: 'percent' }),
            perKg: formatNumber(KCAL_PER_KG, locale),
          })}
        </p>
      </details>
    </div>
  );
}

/** Why the suggestion is what it is: the change for the goal, the time to the goal weight, and any floor that held it. */
function Explanation({ energy, units }: { energy: Energy; units: Units }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const weight = (kg: number) => `${formatNumber(weightIn(kg, units), locale)} ${t(weightUnitKey(units))}`;
  const { goal, floors } = energy;
  const lines = [
    goal.direction === 'maintain'
      ? t('nutrition.checkIn.why.maintain', { target: kcal(energy.suggestedTargets.calories, locale) })
      : t(`nutrition.checkIn.why.${goal.direction}`, {
          rate: weight(goal.rateKgPerWeek),
          change: kcal(Math.abs(goal.adjustmentKcal), locale),
          target: kcal(energy.suggestedTargets.calories, locale),
        }),
  ];
  if (goal.weeksToGoal !== null && goal.targetWeightKg !== null) lines.push(t('nutrition.checkIn.why.weeks', { count: goal.weeksToGoal, goal: weight(goal.targetWeightKg) }));
  for (const a of energy.adjustments) {
    lines.push(
      t(`nutrition.checkIn.adjust.${a}`, {
        floor: kcal(floors?.calories ?? 0, locale),
        perKg: formatNumber(floors?.proteinPerKg ?? 0, locale),
        weight: weight(energy.proteinWeightKg),
        rate: weight(goal.rateKgPerWeek),
      }),
    );
  }
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-600 dark:text-zinc-400" data-testid="check-in-why">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The estimate of what the user spends, and the weekly check-in: a goal and a rate give targets, explained, that
 * basic and pro apply to their own goals in one tap.
 */
export function CheckInCard({ goals }: { goals: Goals }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const toast = useToast();
  const errorText = useErrorText();
  const units = useMe().data?.preferences.units ?? 'metric';
  const [choice, setChoice] = useState<{ goal?: GoalDirection; rate?: number }>({});
  const energy = useEnergy(choice.goal, choice.goal === 'maintain' ? undefined : choice.rate);
  const save = useSaveGoals();

  if (energy.isPending) return <Skeleton className="h-96 rounded-2xl" />;
  if (energy.isError) return <ErrorState error={energy.error} onRetry={() => void energy.refetch()} retrying={energy.isFetching} />;
  const e = energy.data;
  const direction = e.goal.direction;
  const rates = direction === 'maintain' ? [] : RATES_KG[direction];
  // A rate held back to the safe maximum shows as the nearest option; the explanation says it was slowed.
  const rateValue = String(rates.reduce((best, r) => (Math.abs(r - e.goal.rateKgPerWeek) < Math.abs(best - e.goal.rateKgPerWeek) ? r : best), rates[0] ?? 0));
  const lastSet = goals.source === 'custom' && goals.updatedAt ? Date.parse(goals.updatedAt) : null;
  const due = lastSet === null || Date.now() - lastSet >= CHECK_IN_DAYS * 86_400_000;
  const same = goals.source === 'custom' && MACROS.every((k) => goals[k] === e.suggestedTargets[k]);

  function apply() {
    const s = e.suggestedTargets;
    save.mutate(
      { calories: s.calories, protein: s.protein, carbs: s.carbs, fat: s.fat, fibre: null },
      { onSuccess: () => toast.success(t('nutrition.checkIn.applied')), onError: (error) => toast.error(errorText(error)) },
    );
  }

  return (
    <>
      <Card>
        <CardHeader title={t('nutrition.energy.title')} description={t('nutrition.energy.hint')} />
        <CardBody className={cn('pt-3', energy.isPlaceholderData && 'opacity-60 transition-opacity')}>
          <EnergySummary energy={e} />
          {e.weighIns === 0 ? (
            <p className="mt-3 text-sm">
              <Link to={to('app/body')} className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
                {t('nutrition.energy.logWeight')}
              </Link>
            </p>
          ) : null}
        </CardBody>
      </Card>
      <Card role="region" aria-labelledby="check-in-title">
        <CardHeader
          title={<span id="check-in-title">{t('nutrition.checkIn.title')}</span>}
          description={t('nutrition.checkIn.hint')}
          action={goals.customizable && due ? <Badge tone="brand">{t('nutrition.checkIn.due')}</Badge> : null}
        />
        <CardBody className={cn('space-y-4', energy.isPlaceholderData && 'opacity-60 transition-opacity')}>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <Segmented
              stretch
              value={direction}
              onChange={(goal) => setChoice({ goal })}
              label={t('nutrition.checkIn.goal')}
              options={DIRECTIONS.map((d) => ({ value: d, label: t(`nutrition.checkIn.goals.${d}`) }))}
            />
            {rates.length > 0 ? (
              <Segmented
                size="sm"
                value={rateValue}
                onChange={(r) => setChoice({ goal: direction, rate: Number(r) })}
                label={t('nutrition.checkIn.rate')}
                options={rates.map((r) => ({ value: String(r), label: t('nutrition.checkIn.perWeek', { value: `${formatNumber(weightIn(r, units), locale)} ${t(weightUnitKey(units))}` }) }))}
              />
            ) : null}
          </div>
          <table className="w-full text-sm" data-testid="check-in-targets">
            <caption className="sr-only">{t('nutrition.checkIn.tableCaption')}</caption>
            <thead>
              <tr className="text-left text-xs text-zinc-500 dark:text-zinc-400">
                <th scope="col" className="py-1.5 font-medium">
                  <span className="sr-only">{t('nutrition.checkIn.nutrient')}</span>
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t('nutrition.checkIn.now')}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t('nutrition.checkIn.suggested')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {MACROS.map((k) => {
                const amount = (v: number) => (k === 'calories' ? t('nutrition.units.kcal', { value: kcal(v, locale) }) : t('nutrition.units.g', { value: grams(v, locale) }));
                return (
                  <tr key={k}>
                    <th scope="row" className="py-2 text-left font-medium text-zinc-800 dark:text-zinc-200">
                      {t(`nutrition.nutrients.${k}`)}
                    </th>
                    <td className="py-2 text-right text-zinc-600 tabular-nums dark:text-zinc-400">{amount(goals[k])}</td>
                    <td className="py-2 text-right font-semibold text-zinc-900 tabular-nums dark:text-white" data-testid={`suggested-${k}`}>
                      {amount(e.suggestedTargets[k])}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Explanation energy={e} units={units} />
          {goals.customizable ? null : <UpgradePrompt feature="nutrition_goals" compact />}
          {same ? <Alert tone="success">{t('nutrition.checkIn.upToDate')}</Alert> : null}
        </CardBody>
        {goals.customizable ? (
          <CardFooter>
            <Button onClick={apply} loading={save.isPending} disabled={same || energy.isPlaceholderData}>
              {t('nutrition.checkIn.apply')}
            </Button>
          </CardFooter>
        ) : null}
      </Card>
    </>
  );
}
