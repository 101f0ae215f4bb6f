import { useTranslation } from 'react-i18next';
import { CartesianGrid, ComposedChart, Line, LineChart, ReferenceLine, ResponsiveContainer, Scatter, Tooltip, XAxis, YAxis } from 'recharts';
import type { BodyEntries, BodyMeasure } from '#core/body/schemas';
import { formatDay } from '#web/lib/dates';
import { formatNumber } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';
import type { Units } from '#web/lib/units';
import { inUnits, unitKey } from '../lib/measures';

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

interface Point {
  day: number;
  date: string;
  value?: number;
  trend?: number;
}

/** Axis and tooltip shared by both charts: days on a time scale (gaps stay gaps), colours from the text colour. */
function useAxes(units: Units, measure: BodyMeasure) {
  const { t } = useTranslation();
  const locale = useLocale();
  const unit = t(unitKey(measure, units));
  const number = (v: number) => formatNumber(v, locale, { maximumFractionDigits: 1 });
  const xAxis = (
    <XAxis
      dataKey="day"
      type="number"
      domain={['dataMin', 'dataMax']}
      tickLine={false}
      axisLine={false}
      tick={{ fill: 'currentColor', fontSize: 12 }}
      tickFormatter={(day: number) => formatDay(dateOf(day), locale, { month: 'short', day: 'numeric' })}
      minTickGap={24}
    />
  );
  const yAxis = <YAxis tickLine={false} axisLine={false} tick={{ fill: 'currentColor', fontSize: 12 }} width={44} domain={['auto', 'auto']} tickFormatter={number} />;
  const tooltip = (
    <Tooltip
      cursor={{ stroke: 'currentColor', strokeOpacity: 0.3 }}
      content={({ active, payload }) => {
        const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
        if (!point) return null;
        return (
          <div className="rounded-xl border border-zinc-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
            <p className="font-medium text-zinc-900 dark:text-white">{formatDay(point.date, locale)}</p>
            {point.value !== undefined ? <p className="text-zinc-600 tabular-nums dark:text-zinc-300">{t('body.chart.logged', { value: `${number(point.value)} ${unit}` })}</p> : null}
            {point.trend !== undefined ? <p className="text-brand-700 tabular-nums dark:text-brand-300">{t('body.chart.trend', { value: `${number(point.trend)} ${unit}` })}</p> : null}
          </div>
        );
      }}
    />
  );
  return { xAxis, yAxis, tooltip };
}

/** Weigh-ins as dots, the trend as a line through them, the goal as a dashed line. */
export function WeightChart({ data, units, goalKg, label }: { data: BodyEntries; units: Units; goalKg: number | null; label: string }) {
  const { xAxis, yAxis, tooltip } = useAxes(units, 'weightKg');
  const trend = new Map(data.trend.map((p) => [p.date, p.weightKg]));
  const points: Point[] = data.items
    .filter((e) => e.weightKg !== null)
    .map((e) => ({ day: dayNumber(e.date), date: e.date, value: inUnits('weightKg', e.weightKg!, units), trend: inUnits('weightKg', trend.get(e.date) ?? e.weightKg!, units) }));
  return (
    <div className="h-64 w-full text-zinc-400 dark:text-zinc-500" role="img" aria-label={label} data-testid="weight-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.25} />
          {xAxis}
          {yAxis}
          {tooltip}
          <Scatter dataKey="value" fill="var(--color-zinc-400)" isAnimationActive={false} />
          <Line dataKey="trend" type="monotone" stroke="var(--color-brand-500)" strokeWidth={2.5} dot={false} isAnimationActive={false} />
          {goalKg !== null ? <ReferenceLine y={inUnits('weightKg', goalKg, units)} stroke="var(--color-emerald-500)" strokeDasharray="5 4" ifOverflow="extendDomain" /> : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** One measurement over time. */
export function MeasureChart({ data, measure, units, label }: { data: BodyEntries; measure: BodyMeasure; units: Units; label: string }) {
  const { xAxis, yAxis, tooltip } = useAxes(units, measure);
  const points: Point[] = data.items.filter((e) => e[measure] !== null).map((e) => ({ day: dayNumber(e.date), date: e.date, value: inUnits(measure, e[measure] as number, units) }));
  return (
    <div className="h-56 w-full text-zinc-400 dark:text-zinc-500" role="img" aria-label={label} data-testid="measure-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.25} />
          {xAxis}
          {yAxis}
          {tooltip}
          <Line dataKey="value" type="monotone" stroke="var(--color-sky-500)" strokeWidth={2} dot={{ r: 3, fill: 'var(--color-sky-500)' }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
