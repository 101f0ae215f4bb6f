import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BodyEntries } from '#core/body/schemas';
import { linearTrend } from '#core/body/trend';
import { addDays } from '#core/workouts/dates';
import { Badge } from '#web/components/ui/badge';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { Segmented } from '#web/components/ui/segmented';
import { Skeleton } from '#web/components/ui/spinner';
import { type Me, useMe } from '#web/app/me';
import { cn } from '#web/lib/cn';
import { formatDay, todayIn } from '#web/lib/dates';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useBodyEntries } from '../api/body';
import { CHARTED_MEASURES, type ChartedMeasure, formatMeasure, unitKey } from '../lib/measures';
import { MeasureChart, WeightChart } from './charts';
import { LogCard } from './log-card';

const RANGES = ['30', '90', '180', '365', 'all'] as const;
type Range = (typeof RANGES)[number];
/** The rate of change is the slope of the last four weeks' weigh-ins, as the energy estimate takes it. */
const RATE_WINDOW_DAYS = 28;

function Stat({ label, value, hint, testId, className }: { label: string; value: ReactNode; hint?: string; testId?: string; className?: string }) {
  return (
    <div className={cn('min-w-0 rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60', className)}>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-lg font-semibold whitespace-nowrap text-zinc-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</dd> : null}
    </div>
  );
}

function WeightCard({ me, data, today, range, onRange }: { me: Me; data: BodyEntries; today: string; range: Range; onRange: (r: Range) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const units = me.preferences.units;
  const unit = t(unitKey('weightKg', units));
  const weight = (kg: number) => `${formatMeasure('weightKg', kg, units, locale)} ${unit}`;
  const trendNow = data.trend.at(-1)?.weightKg ?? null;
  const recent = data.items.filter((e) => e.weightKg !== null && e.date > addDays(today, -RATE_WINDOW_DAYS)).map((e) => ({ date: e.date, weightKg: e.weightKg! }));
  const line = linearTrend(recent);
  const perWeek = line && line.spanDays >= 7 ? line.slope * 7 : null;
  const goal = me.fitnessGoals.targetWeightKg;
  const gap = goal !== null && trendNow !== null ? goal - trendNow : null;
  const weeks = gap !== null && perWeek !== null && Math.abs(gap) > 0.5 && Math.sign(gap) === Math.sign(perWeek) && Math.abs(perWeek) >= 0.05 ? Math.ceil(gap / perWeek) : null;
  const signed = (kg: number) => `${kg > 0 ? '+' : kg < 0 ? '−' : ''}${weight(Math.abs(kg))}`;

  return (
    <Card>
      <CardHeader
        title={t('body.weight.title')}
        description={t('body.weight.hint')}
        action={<Segmented size="sm" value={range} onChange={onRange} label={t('body.weight.range')} options={RANGES.map((r) => ({ value: r, label: t(`body.weight.ranges.${r}`) }))} />}
      />
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Stat label={t('body.weight.trend')} value={trendNow !== null ? weight(trendNow) : '–'} testId="trend-weight" />
          <Stat label={t('body.weight.rate')} value={perWeek !== null ? signed(perWeek) : '–'} hint={t('body.weight.rateHint')} testId="weekly-rate" />
          <Stat
            className="col-span-2 sm:col-span-1"
            label={t('body.weight.goal')}
            value={
              goal !== null ? (
                weight(goal)
              ) : (
                <Link to={`${to('app/settings')}?tab=goals`} className="text-base font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
                  {t('body.weight.setGoal')}
                </Link>
              )
            }
            hint={
              goal === null || gap === null
                ? undefined
                : Math.abs(gap) <= 0.5
                  ? t('body.weight.reached')
                  : weeks
                    ? t('body.weight.toGoWeeks', { value: weight(Math.abs(gap)), count: weeks })
                    : t('body.weight.toGo', { value: weight(Math.abs(gap)) })
            }
            testId="goal-weight"
          />
        </dl>
        {data.trend.length > 0 ? (
          <WeightChart data={data} units={units} goalKg={goal} label={t('body.weight.chartLabel', { count: data.trend.length, trend: trendNow !== null ? weight(trendNow) : '–' })} />
        ) : (
          <p className="rounded-xl bg-zinc-50 p-6 text-center text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-400">{t('body.weight.empty')}</p>
        )}
      </CardBody>
    </Card>
  );
}

function MeasuresCard({ me, data }: { me: Me; data: BodyEntries }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const units = me.preferences.units;
  const logged = CHARTED_MEASURES.filter((m) => data.items.some((e) => e[m] !== null));
  const [chosen, setChosen] = useState<ChartedMeasure | null>(null);
  const measure = chosen && logged.includes(chosen) ? chosen : (logged[0] ?? null);
  if (!measure) return null;
  const points = data.items.filter((e) => e[measure] !== null);
  const first = points[0]![measure]!;
  const last = points.at(-1)![measure]!;
  const unit = t(unitKey(measure, units));
  const change = formatMeasure(measure, Math.abs(last - first), units, locale);
  return (
    <Card>
      <CardHeader title={t('body.measures.title')} description={t('body.measures.hint')} />
      <CardBody className="space-y-4">
        <Segmented size="sm" value={measure} onChange={setChosen} label={t('body.measures.choose')} options={logged.map((m) => ({ value: m, label: t(`body.measures.${m}`) }))} />
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="measure-change">
          {t('body.measures.change', {
            name: t(`body.measures.${measure}`),
            from: `${formatMeasure(measure, first, units, locale)} ${unit}`,
            to: `${formatMeasure(measure, last, units, locale)} ${unit}`,
            change: `${last > first ? '+' : last < first ? '−' : '±'}${change} ${unit}`,
          })}
        </p>
        <MeasureChart data={data} measure={measure} units={units} label={t('body.measures.chartLabel', { name: t(`body.measures.${measure}`), count: points.length })} />
      </CardBody>
    </Card>
  );
}

function HistoryCard({ me, data, selected, onSelect }: { me: Me; data: BodyEntries; selected: string; onSelect: (date: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const units = me.preferences.units;
  const trend = new Map(data.trend.map((p) => [p.date, p.weightKg]));
  if (data.items.length === 0) return null;
  return (
    <Card>
      <CardHeader title={t('body.history.title')} />
      <CardBody className="pt-2">
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {[...data.items].reverse().map((e) => {
            const measured = CHARTED_MEASURES.filter((m) => e[m] !== null).length;
            return (
              <li key={e.date}>
                <button
                  type="button"
                  onClick={() => onSelect(e.date)}
                  aria-current={e.date === selected ? 'date' : undefined}
                  className={cn(
                    '-mx-2 flex w-[calc(100%+1rem)] items-center gap-3 rounded-lg px-2 py-2.5 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800/60',
                    e.date === selected && 'bg-brand-50/70 dark:bg-brand-950/30',
                  )}
                >
                  <span className="w-24 shrink-0 text-sm font-medium text-zinc-800 dark:text-zinc-200">
                    <span className="sr-only">{t('body.history.edit')} </span>
                    {formatDay(e.date, locale)}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-wrap gap-1.5">
                    {measured > 0 ? <Badge>{t('body.history.measures', { count: measured })}</Badge> : null}
                    {e.photos.length > 0 ? <Badge tone="brand">{t('body.history.photos', { count: e.photos.length })}</Badge> : null}
                    {e.note ? <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{e.note}</span> : null}
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block text-sm font-semibold tabular-nums">
                      {e.weightKg !== null ? `${formatMeasure('weightKg', e.weightKg, units, locale)} ${t(unitKey('weightKg', units))}` : ''}
                    </span>
                    {trend.has(e.date) ? (
                      <span className="block text-xs text-brand-700 tabular-nums dark:text-brand-300">
                        {t('body.history.trend', { value: formatMeasure('weightKg', trend.get(e.date)!, units, locale) })}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}

/** Body tracking: log the day's weight (and measurements, photos), see the trend and each measurement over time. */
export function BodyPage() {
  const { t } = useTranslation();
  const me = useMe();
  const today = todayIn(me.data?.preferences.timezone ?? 'UTC');
  const [range, setRange] = useState<Range>('90');
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? today;
  const start = range === 'all' ? null : addDays(today, 1 - Number(range));
  const entries = useBodyEntries(start);
  useDocumentTitle(t('body.title'));

  function choose(next: string) {
    setPicked(next === today ? null : next);
    // A day before the range would show an empty form: widen the range to reach it.
    if (start !== null && next < start) setRange('all');
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <header className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('body.title')}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{t('body.subtitle')}</p>
      </header>
      {me.isPending || entries.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-64 rounded-2xl" />
          <Skeleton className="h-80 rounded-2xl" />
        </div>
      ) : me.isError || entries.isError ? (
        <ErrorState error={me.error ?? entries.error} onRetry={() => void entries.refetch()} retrying={entries.isFetching} />
      ) : (
        <div className={cn('space-y-4', entries.isPlaceholderData && 'opacity-60 transition-opacity')}>
          <LogCard key={date} me={me.data} date={date} today={today} entry={entries.data.items.find((e) => e.date === date)} onDateChange={choose} />
          <WeightCard me={me.data} data={entries.data} today={today} range={range} onRange={setRange} />
          <MeasuresCard me={me.data} data={entries.data} />
          <HistoryCard me={me.data} data={entries.data} selected={date} onSelect={choose} />
        </div>
      )}
    </div>
  );
}
