import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NutritionPlanDay, NutritionPlanItem, NutritionPlanMeal, NutritionPlanNutrients } from '#core/nutrition/plans/schemas';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { CheckCircleIcon, CheckIcon, ClipboardIcon } from '#web/components/ui/icons';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { PartlyLoggedError, useLogPlanMeal } from '../api/nutrition-plans';
import { grams, kcal, NUTRIENT_COLORS } from '../lib/format';
import { CHECKED_NUTRIENTS, withinTarget } from '#core/nutrition/plans/schemas';
import { dayWithinTargets, mealTitleKeys, percent, portionText } from '../lib/plan-format';

/** "P 12 g · C 30 g · F 5 g" in the page's language; a line breaks between the nutrients, never inside one. */
function Macros({ n }: { n: NutritionPlanNutrients }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (['protein', 'carbs', 'fat'] as const).map((k, i) => (
    <span key={k} className="whitespace-nowrap">
      {i > 0 ? ' · ' : ''}
      {t(`nutrition.nutrients.short.${k}`, { value: grams(n[k], locale) })}
    </span>
  ));
}

/** The day's totals against the plan's targets: a bar, the percent, and a tick when within 5 %. */
function DayTotals({ day, targets }: { day: NutritionPlanDay; targets: NutritionPlanNutrients }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const allWithin = dayWithinTargets(day.totals, targets);
  return (
    <Card className="space-y-4 p-4 sm:p-5" role="region" aria-label={t('nutritionPlans.day.totals', { n: day.day })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-zinc-900 dark:text-white">{t('nutritionPlans.day.totals', { n: day.day })}</h3>
        {allWithin ? (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            <CheckCircleIcon />
            {t('nutritionPlans.day.allWithin')}
          </span>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {CHECKED_NUTRIENTS.map((k) => {
          const actual = day.totals[k];
          const target = targets[k];
          const share = target > 0 ? actual / target : 0;
          const ok = withinTarget(actual, target);
          const unit = (v: number) => (k === 'calories' ? t('nutrition.units.kcal', { value: kcal(v, locale) }) : t('nutrition.units.g', { value: grams(v, locale) }));
          return (
            // dt and dd straight inside the div, as a description list needs; the bar spans the row below them.
            <div key={k} className="grid grid-cols-[1fr_auto] items-baseline gap-x-2 gap-y-1.5 text-sm">
              <dt className="font-medium text-zinc-800 dark:text-zinc-200">{t(`nutrition.nutrients.${k}`)}</dt>
              <dd className="flex items-center gap-1.5 text-zinc-600 tabular-nums dark:text-zinc-400">
                <span>
                  <span className="font-semibold text-zinc-900 dark:text-white">{k === 'calories' ? kcal(actual, locale) : grams(actual, locale)}</span> / {unit(target)}
                </span>
                <span className={cn('text-xs', ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400')}>{percent(share, locale)}</span>
                {ok ? <CheckIcon className="text-emerald-600 dark:text-emerald-400" /> : null}
                <span className="sr-only">{t(ok ? 'nutritionPlans.day.within' : 'nutritionPlans.day.outside')}</span>
              </dd>
              <dd className="relative col-span-2 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
                <div className={cn('h-full rounded-full', NUTRIENT_COLORS[k].bar)} style={{ width: `${Math.min(100, share * 100)}%` }} />
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}

function ItemRow({ item }: { item: NutritionPlanItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="font-medium break-words text-zinc-900 dark:text-white">{item.name}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          <span className="whitespace-nowrap">{t('nutrition.units.g', { value: grams(item.grams, locale) })}</span>
          {item.portion ? (
            <>
              {' · '}
              <span>{t('nutritionPlans.portion', { portion: portionText(item.portion, locale) })}</span>
            </>
          ) : null}
        </p>
        <p className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          <Macros n={item} />
        </p>
      </div>
      <p className="shrink-0 text-sm font-semibold whitespace-nowrap text-zinc-900 tabular-nums dark:text-white">{t('nutrition.units.kcal', { value: kcal(item.calories, locale) })}</p>
    </li>
  );
}

function MealCard({ meal, title }: { meal: NutritionPlanMeal; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const toast = useToast();
  const errorText = useErrorText();
  const log = useLogPlanMeal();
  const [logged, setLogged] = useState(false);

  function logToday() {
    log.mutate(
      { meal, locale },
      {
        onSuccess: (entries) => {
          setLogged(true);
          toast.success(t('nutritionPlans.day.logged', { count: entries.length, meal: title }));
        },
        onError: (error) => {
          if (error instanceof PartlyLoggedError) toast.error(t('nutritionPlans.day.partlyLogged', { count: error.logged, total: meal.items.length, reason: errorText(error.error) }));
          else toast.error(errorText(error));
        },
      },
    );
  }

  return (
    <Card role="region" aria-label={title}>
      <div className="flex items-baseline justify-between gap-3 px-4 pt-4 sm:px-5">
        <h3 className="text-base font-semibold text-zinc-900 dark:text-white">{title}</h3>
        <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{t('nutrition.units.kcal', { value: kcal(meal.totals.calories, locale) })}</p>
      </div>
      <ul className="divide-y divide-zinc-100 px-4 sm:px-5 dark:divide-zinc-800">
        {meal.items.map((item, i) => (
          <ItemRow key={`${item.foodId}-${i}`} item={item} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-b-2xl border-t border-zinc-100 bg-zinc-50/70 px-4 py-3 sm:px-5 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="text-sm tabular-nums">
          <p className="font-medium text-zinc-800 dark:text-zinc-200">
            {t('nutritionPlans.day.mealTotal', { value: t('nutrition.units.kcal', { value: kcal(meal.totals.calories, locale) }) })}
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            <Macros n={meal.totals} />
          </p>
        </div>
        {logged ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
              <CheckCircleIcon />
              {t('nutritionPlans.day.loggedBadge')}
            </span>
            <Link to={to('app/nutrition')} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
              {t('nutritionPlans.day.openLog')}
            </Link>
          </div>
        ) : (
          <Button variant="outline" size="sm" icon={<ClipboardIcon />} onClick={logToday} loading={log.isPending} className="w-full sm:w-auto">
            {t('nutritionPlans.day.logMeal')}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** One day of the plan: its totals against the targets, then each meal with its foods and a way to log it. */
export function NutritionPlanDayView({ day, targets }: { day: NutritionPlanDay; targets: NutritionPlanNutrients }) {
  const { t } = useTranslation();
  const titles = mealTitleKeys(day.meals.map((m) => m.type));
  return (
    <div className="space-y-3">
      <DayTotals day={day} targets={targets} />
      {day.meals.map((meal, i) => (
        <MealCard key={`${day.day}-${i}`} meal={meal} title={t(titles[i])} />
      ))}
    </div>
  );
}
