import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdvancedStats, Stats } from '#core/workouts/schemas';
import { ButtonLink } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowRightIcon, LockIcon, PlusIcon, SparklesIcon } from '#web/components/ui/icons';
import { Segmented } from '#web/components/ui/segmented';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/spinner';
import { formatNumber } from '#web/lib/format';
import { intlLocale, type Locale } from '#web/lib/locale';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useUpgradePath } from '#web/app/upgrade-path';
import { useMe } from '#web/app/me';
import { useStats } from '../api/workouts';
import { exerciseName, fromKg, type WeightUnit } from '../lib/draft';
import { StreakCard } from './streak-card';
import { WorkoutsHeader } from './workouts-header';
import { BodyMap } from './body-map';
import type { MuscleSets } from '#core/coach/muscles';

type Metric = 'minutes' | 'sessions';

const day = (date: string) => new Date(`${date}T12:00:00Z`);
const fmt = (locale: Locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(intlLocale(locale), { timeZone: 'UTC', ...options });

interface Point {
  label: string;
  full: string;
  value: number;
}

/** Bars over time; colours from the text colour so dark mode follows. A table carries the same numbers for screen readers. */
function PeriodChart({ data, label, unit }: { data: Point[]; label: string; unit: (v: number) => string }) {
  return (
    <figure>
      <div className="h-56 w-full text-zinc-400 dark:text-zinc-500" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.25} />
            <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 11 }} interval="preserveStartEnd" minTickGap={14} />
            <YAxis tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 11 }} width={40} allowDecimals={false} />
            <Tooltip
              cursor={{ fill: 'currentColor', fillOpacity: 0.1 }}
              content={({ active, payload }) => {
                const p = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
                if (!p) return null;
                return (
                  <div className="rounded-xl border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
                    <p className="font-medium text-zinc-900 dark:text-white">{p.full}</p>
                    <p className="text-zinc-600 tabular-nums dark:text-zinc-300">{unit(p.value)}</p>
                  </div>
                );
              }}
            />
            <Bar dataKey="value" radius={[6, 6, 0, 0]} fill="var(--color-brand-500)" maxBarSize={36} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {data.map((p) => (
            <tr key={p.full}>
              <th scope="row">{p.full}</th>
              <td>{unit(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Totals({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const hours = stats.totalMinutes / 60;
  const items = [
    { key: 'workouts', value: formatNumber(stats.totalWorkouts, locale) },
    {
      key: 'time',
      value: hours >= 10 ? t('workouts.units.h', { value: formatNumber(Math.round(hours), locale) }) : t('workouts.units.min', { value: formatNumber(stats.totalMinutes, locale) }),
    },
    { key: 'calories', value: t('workouts.units.kcal', { value: formatNumber(stats.totalCalories, locale) }) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map((i) => (
        <div key={i.key} className="rounded-2xl border border-zinc-200 bg-white p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900/70">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`workouts.stats.totals.${i.key}`)}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums sm:text-2xl">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActivityCharts({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [metric, setMetric] = useState<Metric>('minutes');
  const unit = (v: number) =>
    metric === 'minutes' ? t('workouts.units.min', { value: formatNumber(v, locale) }) : t('workouts.stats.sessions', { count: v, value: formatNumber(v, locale) });
  const short = fmt(locale, { month: 'short', day: 'numeric' });
  const weekly = stats.weekly.map((w) => ({ label: short.format(day(w.weekStart)), full: t('workouts.stats.weekOf', { date: short.format(day(w.weekStart)) }), value: w[metric] }));
  const monthShort = fmt(locale, { month: 'short' });
  const monthLong = fmt(locale, { month: 'long', year: 'numeric' });
  const monthly = stats.monthly.map((m) => ({ label: monthShort.format(day(`${m.month}-15`)), full: monthLong.format(day(`${m.month}-15`)), value: m[metric] }));
  return (
    <div className="space-y-4">
      <Segmented
        label={t('workouts.stats.metric')}
        value={metric}
        onChange={setMetric}
        size="sm"
        options={[
          { value: 'minutes', label: t('workouts.stats.minutes') },
          { value: 'sessions', label: t('workouts.stats.sessionsLabel') },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title={t('workouts.stats.weekly')} as="h3" />
          <CardBody>
            <PeriodChart data={weekly} label={t('workouts.stats.weekly')} unit={unit} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('workouts.stats.monthly')} as="h3" />
          <CardBody>
            <PeriodChart data={monthly} label={t('workouts.stats.monthly')} unit={unit} />
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

function Records({ stats, unit }: { stats: Stats; unit: WeightUnit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = fmt(locale, { dateStyle: 'medium' });
  const weight = (kg: number) => `${formatNumber(fromKg(kg, unit), locale)} ${t(`units.${unit}`)}`;
  return (
    <Card>
      <CardHeader title={t('workouts.stats.records')} description={t('workouts.stats.recordsHint')} />
      <CardBody>
        {stats.personalRecords.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workouts.stats.noRecords')}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {stats.personalRecords.map((r) => (
              <li key={r.exerciseId ?? r.customName} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="font-medium">{exerciseName(r, locale)}</span>
                <span className="flex flex-wrap gap-x-4 text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
                  {r.maxWeight ? (
                    <span title={date.format(day(r.maxWeight.date))}>
                      {t('workouts.stats.best', { value: weight(r.maxWeight.weightKg) })}
                      {r.maxWeight.reps ? ` × ${r.maxWeight.reps}` : ''}
                    </span>
                  ) : null}
                  {r.bestE1rm ? <span>{t('workouts.stats.e1rm', { value: weight(r.bestE1rm.e1rmKg) })}</span> : null}
                  {r.maxReps ? <span>{t('workouts.stats.maxReps', { count: r.maxReps.reps })}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function Advanced({ advanced, unit }: { advanced: AdvancedStats; unit: WeightUnit }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [lift, setLift] = useState(0);
  const trend = advanced.oneRepMaxTrend[lift] ?? advanced.oneRepMaxTrend[0];
  const short = fmt(locale, { month: 'short', day: 'numeric' });
  const muscles = advanced.volumeByMuscle.slice(0, 10).map((m) => ({ label: t(`plans.muscle.${m.muscle}`), value: Math.round(fromKg(m.volumeKg, unit)), sets: m.sets }));
  const points = trend ? trend.points.map((p) => ({ label: short.format(day(p.weekStart)), value: fromKg(p.e1rmKg, unit) })) : [];
  const pct = (rate: number | null) => (rate === null ? '–' : formatNumber(rate, locale, { style: 'percent' }));
  const unitLabel = t(`units.${unit}`);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader title={t('workouts.stats.volume')} description={t('workouts.stats.volumeHint', { unit: unitLabel })} as="h3" />
        <CardBody>
          {muscles.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workouts.stats.noData')}</p>
          ) : (
            <figure>
              <div className="w-full text-zinc-400 dark:text-zinc-500" style={{ height: muscles.length * 32 + 16 }} aria-hidden="true">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={muscles} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
                    <XAxis type="number" hide />
                    <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} width={96} tick={{ fill: 'currentColor', fontSize: 12 }} />
                    <Bar dataKey="value" radius={[0, 6, 6, 0]} fill="var(--color-brand-500)" barSize={18} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <table className="sr-only">
                <caption>{t('workouts.stats.volume')}</caption>
                <tbody>
                  {muscles.map((m) => (
                    <tr key={m.label}>
                      <th scope="row">{m.label}</th>
                      <td>
                        {formatNumber(m.value, locale)} {unitLabel}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('workouts.stats.trend')} description={t('workouts.stats.trendHint')} as="h3" />
        <CardBody className="space-y-3">
          {advanced.oneRepMaxTrend.length === 0 || !trend ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workouts.stats.noData')}</p>
          ) : (
            <>
              <Select value={String(lift)} onChange={(e) => setLift(Number(e.target.value))} aria-label={t('workouts.stats.lift')}>
                {advanced.oneRepMaxTrend.map((l, i) => (
                  <option key={l.exerciseId ?? l.customName} value={i}>
                    {exerciseName(l, locale)}
                  </option>
                ))}
              </Select>
              <div className="h-48 w-full text-zinc-400 dark:text-zinc-500" role="img" aria-label={points.map((p) => `${p.label}: ${formatNumber(p.value, locale)} ${unitLabel}`).join(', ')}>
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -12 }} accessibilityLayer={false}>
                    <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.25} />
                    <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 11 }} />
                    <YAxis tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 11 }} width={44} domain={['auto', 'auto']} />
                    <Line type="monotone" dataKey="value" stroke="var(--color-brand-500)" strokeWidth={2.5} dot={{ r: 3, fill: 'var(--color-brand-500)' }} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </>
          )}
        </CardBody>
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader title={t('workouts.stats.consistency')} description={t(`workouts.stats.basis.${advanced.consistency.last4Weeks.basis}`)} as="h3" />
        <CardBody>
          <dl className="grid grid-cols-2 gap-3">
            {(['last4Weeks', 'last12Weeks'] as const).map((k) => {
              const c = advanced.consistency[k];
              return (
                <div key={k} className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
                  <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`workouts.stats.${k}`)}</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{pct(c.rate)}</dd>
                  <dd className="text-xs text-zinc-500 dark:text-zinc-400">{t('workouts.stats.daysOf', { done: c.completedDays, planned: c.plannedDays })}</dd>
                </div>
              );
            })}
          </dl>
        </CardBody>
      </Card>
    </div>
  );
}

/**
 * Advanced stats are not one of the gated features of the billing rules (the stats answer simply leaves them out),
 * so the prompt is drawn here in the upgrade prompt's look, pointing at Pro.
 */
function AdvancedLocked() {
  const { t } = useTranslation();
  const upgradeTo = useUpgradePath();
  return (
    <aside
      aria-label={t('billing.upsell.label')}
      className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-5 sm:flex-row sm:items-center dark:border-brand-900 dark:from-brand-950/50 dark:to-zinc-900"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg text-white">
        <LockIcon />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-zinc-900 dark:text-white">{t('workouts.stats.lockedTitle')}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('workouts.stats.lockedBody')}</p>
      </div>
      <ButtonLink to={upgradeTo('pro')} size="sm" icon={<ArrowRightIcon />} className="shrink-0 flex-row-reverse">
        {t('workouts.stats.lockedCta')}
      </ButtonLink>
    </aside>
  );
}

export function StatsPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const stats = useStats();
  const me = useMe();
  useDocumentTitle(t('workouts.sections.stats'));
  const unit: WeightUnit = me.data?.preferences.units === 'imperial' ? 'lb' : 'kg';

  return (
    <div className="container-page py-8 sm:py-10">
      <WorkoutsHeader
        subtitle={t('workouts.stats.subtitle')}
        actions={
          <ButtonLink to={to('app/workouts/new')} icon={<PlusIcon />}>
            {t('workouts.history.log')}
          </ButtonLink>
        }
      />
      {stats.isPending ? (
        <div className="space-y-6" aria-busy="true">
          <Skeleton className="h-44 rounded-2xl" />
          <Skeleton className="h-24 rounded-2xl" />
          <Skeleton className="h-72 rounded-2xl" />
        </div>
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      ) : (
        <div className="space-y-8">
          <StreakCard weeklyTarget={me.data?.fitnessGoals.workoutsPerWeek ?? 3} showStatsLink={false} />
          <Totals stats={stats.data} />
          <section aria-labelledby="activity" className="space-y-3">
            <h2 id="activity" className="text-lg font-semibold">
              {t('workouts.stats.activity')}
            </h2>
            <ActivityCharts stats={stats.data} />
          </section>
          <section aria-labelledby="week-muscles" className="space-y-3">
            <h2 id="week-muscles" className="text-lg font-semibold">
              {t('coach.map.weekTitle')}
            </h2>
            <Card className="p-4 sm:p-5">
              <BodyMap muscles={stats.data.weekMuscleSets as MuscleSets[]} title={t('coach.map.weekCaption')} />
            </Card>
          </section>
          <Records stats={stats.data} unit={unit} />
          <section aria-labelledby="advanced" className="space-y-3">
            <h2 id="advanced" className="flex items-center gap-2 text-lg font-semibold">
              <SparklesIcon className="text-brand-600 dark:text-brand-400" />
              {t('workouts.stats.advanced')}
            </h2>
            {stats.data.advanced ? <Advanced advanced={stats.data.advanced} unit={unit} /> : <AdvancedLocked />}
          </section>
        </div>
      )}
    </div>
  );
}
