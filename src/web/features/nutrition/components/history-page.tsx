import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { History } from '#core/nutrition/schemas';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { Segmented } from '#web/components/ui/segmented';
import { Skeleton } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useMe } from '#web/app/me';
import { useHistory } from '../api/nutrition';
import { addDays, formatDay, isLocalDate, todayIn } from '../lib/dates';
import { grams, kcal, NUTRIENT_COLORS } from '../lib/format';
import { NutritionHeader } from './nutrition-header';

const RANGES = ['7', '30'] as const;
type Range = (typeof RANGES)[number];

/** Calories per day as bars, the calorie target as a line. Colours come from the text colour, so dark mode follows. */
function CaloriesChart({ history, range }: { history: History; range: Range }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = history.days.map((d) => ({ ...d, label: formatDay(d.date, locale, range === '7' ? { weekday: 'short' } : { day: 'numeric' }) }));
  return (
    <div className="h-64 w-full text-zinc-400 dark:text-zinc-500" role="img" aria-label={t('nutrition.history.chartLabel', { goal: kcal(history.goals.calories, locale) })}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.25} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 12 }} interval={range === '7' ? 0 : 'preserveStartEnd'} />
          <YAxis tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 12 }} width={48} />
          <Tooltip
            cursor={{ fill: 'currentColor', fillOpacity: 0.1 }}
            content={({ active, payload }) => {
              const day = active ? (payload?.[0]?.payload as History['days'][number] | undefined) : undefined;
              if (!day) return null;
              return (
                <div className="rounded-xl border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
                  <p className="font-medium text-zinc-900 dark:text-white">{formatDay(day.date, locale)}</p>
                  <p className="text-zinc-600 tabular-nums dark:text-zinc-300">{t('nutrition.units.kcal', { value: kcal(day.calories, locale) })}</p>
                </div>
              );
            }}
          />
          <Bar dataKey="calories" radius={[6, 6, 0, 0]} fill="var(--color-brand-500)" maxBarSize={40} isAnimationActive={false} />
          <ReferenceLine y={history.goals.calories} stroke="var(--color-zinc-500)" strokeDasharray="5 4" ifOverflow="extendDomain" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function Averages({ history }: { history: History }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const avg = history.average;
  const unit = (key: string) => t(key === 'calories' ? 'nutrition.nutrients.kcal' : 'nutrition.units.gram');
  const items = (['calories', 'protein', 'carbs', 'fat', 'fibre'] as const).map((k) => ({
    key: k,
    value: avg ? (k === 'calories' ? kcal(avg[k], locale) : grams(avg[k], locale)) : '–',
    goal: k === 'calories' ? t('nutrition.units.kcal', { value: kcal(history.goals[k], locale) }) : t('nutrition.units.g', { value: grams(history.goals[k], locale) }),
  }));
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {items.map((i) => (
        <div key={i.key} className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`nutrition.nutrients.${i.key}`)}</dt>
          <dd className={cn('text-lg font-semibold whitespace-nowrap tabular-nums', NUTRIENT_COLORS[i.key].text)}>
            {i.value}
            {avg ? <span className="ml-1 text-sm font-normal text-zinc-500 dark:text-zinc-400">{unit(i.key)}</span> : null}
          </dd>
          <dd className="text-xs text-zinc-500 dark:text-zinc-400">{t('nutrition.history.goal', { value: i.goal })}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Week by week (or 30 days): calories per day against the target, averages, and each day's totals. */
export function HistoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const me = useMe();
  const today = todayIn(me.data?.preferences.timezone ?? 'UTC');
  const [params, setParams] = useSearchParams();
  const range: Range = params.get('range') === '30' ? '30' : '7';
  const askedEnd = params.get('end');
  const end = askedEnd && isLocalDate(askedEnd) && askedEnd < today ? askedEnd : today;
  const span = Number(range);
  const start = addDays(end, 1 - span);
  const history = useHistory(start, end);
  useDocumentTitle(t('nutrition.sections.history'));

  function go(next: { end?: string; range?: Range }) {
    const p = new URLSearchParams();
    const r = next.range ?? range;
    const e = next.end ?? end;
    if (r !== '7') p.set('range', r);
    if (e < today) p.set('end', e);
    setParams(p, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <NutritionHeader subtitle={t('nutrition.history.subtitle')} />
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Segmented
            value={range}
            onChange={(r) => go({ range: r })}
            label={t('nutrition.history.range')}
            size="sm"
            options={RANGES.map((r) => ({ value: r, label: t(`nutrition.history.ranges.${r}`) }))}
          />
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => go({ end: addDays(end, -span) })}
              aria-label={t('nutrition.history.earlier')}
              icon={<ChevronRightIcon className="rotate-180" />}
            />
            <p className="text-sm font-medium text-zinc-700 tabular-nums dark:text-zinc-300">
              {formatDay(start, locale, { month: 'short', day: 'numeric' })} – {formatDay(end, locale, { month: 'short', day: 'numeric' })}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => go({ end: addDays(end, span) > today ? today : addDays(end, span) })}
              disabled={end >= today}
              aria-label={t('nutrition.history.later')}
              icon={<ChevronRightIcon />}
            />
          </div>
        </div>
        {me.isPending || history.isPending ? (
          <Skeleton className="h-96 rounded-2xl" />
        ) : history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} />
        ) : (
          <>
            <Card className={history.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <CardHeader title={t('nutrition.history.chartTitle')} description={t('nutrition.history.chartHint')} />
              <CardBody className="space-y-5">
                <CaloriesChart history={history.data} range={range} />
                <Averages history={history.data} />
              </CardBody>
            </Card>
            <Card>
              <CardHeader title={t('nutrition.history.daysTitle')} />
              <CardBody className="pt-2">
                <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {[...history.data.days].reverse().map((d) => (
                    <li key={d.date}>
                      <Link
                        to={`${to('app/nutrition')}${d.date === today ? '' : `?date=${d.date}`}`}
                        className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800/60"
                      >
                        <span className="w-28 shrink-0 text-sm font-medium text-zinc-800 dark:text-zinc-200">{formatDay(d.date, locale)}</span>
                        <span className="min-w-0 flex-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
                          {d.entries > 0
                            ? (['protein', 'carbs', 'fat'] as const).map((k) => t(`nutrition.nutrients.short.${k}`, { value: grams(d[k], locale) })).join(' · ')
                            : t('nutrition.history.nothingLogged')}
                        </span>
                        <span className="shrink-0 text-sm font-semibold tabular-nums">{d.entries > 0 ? t('nutrition.units.kcal', { value: kcal(d.calories, locale) }) : ''}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </CardBody>
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
