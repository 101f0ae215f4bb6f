import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { FlameIcon, PlusIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { formatNumber } from '#web/lib/format';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useStats } from '../api/workouts';

/**
 * The streak: current and longest, this week against the weekly target. `showLog: false` where another card already
 * leads to the logger (the dashboard's today card), so one page has one primary action.
 */
export function StreakCard({ weeklyTarget, showStatsLink = true, showLog = true, className }: { weeklyTarget: number; showStatsLink?: boolean; showLog?: boolean; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const stats = useStats();

  if (stats.isPending) return <Skeleton className={cn('h-44 rounded-2xl', className)} />;
  if (stats.isError) return <ErrorState error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} className={className} />;

  const s = stats.data;
  const thisWeek = s.weekly.at(-1)?.sessions ?? 0;
  const status = s.workedOutToday ? 'done' : s.todayPlan === 'rest' ? 'rest' : s.currentStreak > 0 ? 'keep' : 'start';

  return (
    <Card className={cn('overflow-hidden', className)}>
      <section aria-labelledby="streak-title" className="grid gap-5 p-5 sm:grid-cols-[auto_1fr_auto] sm:items-center sm:p-6">
        <div className="flex items-center gap-4">
          <span
            className={cn(
              'flex size-16 shrink-0 items-center justify-center rounded-2xl text-4xl',
              s.currentStreak > 0 ? 'bg-linear-to-br from-amber-400 to-brand-600 text-white shadow-lg shadow-brand-600/25' : 'bg-zinc-100 text-zinc-400 dark:bg-zinc-800',
            )}
          >
            <FlameIcon />
          </span>
          <div>
            <h2 id="streak-title" className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
              {t('workouts.streak.current')}
            </h2>
            <p className="text-4xl font-bold tracking-tight tabular-nums" data-testid="current-streak">
              {t('workouts.streak.days', { count: s.currentStreak, value: formatNumber(s.currentStreak, locale) })}
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('workouts.streak.longest')}</dt>
            <dd className="text-lg font-semibold tabular-nums">{t('workouts.streak.days', { count: s.longestStreak, value: formatNumber(s.longestStreak, locale) })}</dd>
          </div>
          <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t('workouts.streak.thisWeek')}</dt>
            <dd className="text-lg font-semibold tabular-nums">{t('workouts.streak.ofTarget', { done: formatNumber(thisWeek, locale), target: formatNumber(weeklyTarget, locale) })}</dd>
          </div>
        </dl>
        <div className="flex flex-col gap-2 sm:items-end">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`workouts.streak.status.${status}`)}</p>
          {s.workedOutToday ? (
            showStatsLink ? (
              <ButtonLink to={to('app/workouts/stats')} variant="outline" size="sm">
                {t('workouts.streak.seeStats')}
              </ButtonLink>
            ) : null
          ) : showLog ? (
            <ButtonLink to={to('app/workouts/new')} size="sm" icon={<PlusIcon />}>
              {t('workouts.history.log')}
            </ButtonLink>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
