import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Summary } from '#core/nutrition/schemas';
import { Card } from '#web/components/ui/card';
import { FlameIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { grams, kcal, NUTRIENT_COLORS } from '../lib/format';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Calories eaten against the goal as a ring: the arc fills to the goal, and turns red past it. */
function CalorieRing({ eaten, goal }: { eaten: number; goal: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const share = goal > 0 ? eaten / goal : 0;
  const over = eaten > goal;
  const left = Math.abs(goal - eaten);
  return (
    <div className="relative mx-auto size-40 shrink-0 sm:mx-0" role="img" aria-label={t('nutrition.summary.ringLabel', { eaten: kcal(eaten, locale), goal: kcal(goal, locale) })}>
      <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-zinc-200 dark:stroke-zinc-800" />
        <circle
          cx="60"
          cy="60"
          r={RADIUS}
          fill="none"
          strokeWidth="10"
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - Math.min(1, share))}
          className={cn('transition-[stroke-dashoffset] duration-500', over ? 'stroke-red-500' : 'stroke-brand-500')}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-center" aria-hidden="true">
        <span className={cn('text-3xl font-bold tabular-nums', over && 'text-red-600 dark:text-red-400')} data-testid="calories-left">
          {kcal(left, locale)}
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{over ? t('nutrition.summary.kcalOver') : t('nutrition.summary.kcalLeft')}</span>
      </div>
    </div>
  );
}

function NutrientBar({ name, eaten, goal }: { name: 'protein' | 'carbs' | 'fat' | 'fibre'; eaten: number; goal: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const share = goal > 0 ? Math.min(1, eaten / goal) : 0;
  const over = goal > 0 && eaten > goal * 1.05;
  const label = t(`nutrition.nutrients.${name}`);
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-zinc-800 dark:text-zinc-200">{label}</span>
        <span className="text-zinc-600 tabular-nums dark:text-zinc-400">
          <span className={cn('font-semibold', over ? 'text-red-600 dark:text-red-400' : 'text-zinc-900 dark:text-white')}>{grams(eaten, locale)}</span> /{' '}
          {t('nutrition.units.g', { value: grams(goal, locale) })}
        </span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.round(goal)}
        aria-valuenow={Math.round(eaten)}
      >
        <div className={cn('h-full rounded-full transition-[width] duration-500', over ? 'bg-red-500' : NUTRIENT_COLORS[name].bar)} style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}

/** The day at a glance: calories left (or over) and each macro against its target, and where the targets come from. */
export function SummaryCard({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const { totals, goals } = summary;
  return (
    <Card aria-labelledby="nutrition-summary-title">
      <h2 id="nutrition-summary-title" className="sr-only">
        {t('nutrition.summary.title')}
      </h2>
      <div className="flex flex-col gap-6 p-5 sm:flex-row sm:items-center sm:gap-8 sm:p-6">
        <div className="flex flex-col items-center gap-2">
          <CalorieRing eaten={totals.calories} goal={goals.calories} />
          <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" data-testid="calories-eaten">
            {t('nutrition.summary.eatenOfGoal', { eaten: kcal(totals.calories, locale), goal: kcal(goals.calories, locale) })}
          </p>
        </div>
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-x-5 gap-y-4">
          {(['protein', 'carbs', 'fat', 'fibre'] as const).map((n) => (
            <NutrientBar key={n} name={n} eaten={totals[n]} goal={goals[n]} />
          ))}
        </div>
      </div>
      {summary.exercise.workouts > 0 ? (
        <p className="flex items-start gap-2 border-t border-zinc-200/80 px-5 py-3 text-sm text-zinc-700 sm:px-6 dark:border-zinc-800 dark:text-zinc-300" data-testid="exercise-energy">
          <FlameIcon className="mt-0.5 shrink-0 text-orange-500" />
          <span>
            <span className="font-medium text-zinc-900 dark:text-white">
              {t('nutrition.summary.exercise', { count: summary.exercise.workouts, kcal: kcal(summary.exercise.calories, locale), minutes: summary.exercise.minutes })}
            </span>{' '}
            <span className="text-zinc-500 dark:text-zinc-400">{t('nutrition.summary.exerciseHint')}</span>
          </span>
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-b-2xl border-t border-zinc-200/80 bg-zinc-50/70 px-5 py-3 text-sm text-zinc-600 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
        <span>{t(`nutrition.summary.source.${summary.goalSource}`)}</span>
        <Link to={to('app/nutrition/goals')} className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
          {t('nutrition.summary.seeGoals')}
        </Link>
      </p>
    </Card>
  );
}
