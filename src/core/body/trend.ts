import { daysBetween } from '#core/workouts/dates';
import type { TrendPoint } from './schemas';

/**
 * The trend weight: an exponential moving average of the weigh-ins, so that a day's water, salt and glycogen swing
 * (often 1–2 kg) does not read as progress. This is the smoothing of John Walker's "The Hacker's Diet", which Happy
 * Scale and MacroFactor show in their own ways.
 *
 * - Smoothing factor 0.1 a day: each day the trend moves a tenth of the way towards the day's weight, so a weigh-in
 *   still counts for a third after 10 days and a tenth after 22.
 * - Gaps: between weigh-ins d days apart, the new weight gets the share it would have earned over those d days,
 *   1 − 0.9^d (as if every missing day had weighed the same as the next weigh-in). After a long gap the trend
 *   starts again close to the new weight instead of dragging the old one along.
 * - The first weigh-in is the trend's start.
 */
export const TREND_SMOOTHING = 0.1;

/** Days of weigh-ins before a range that still move its trend by more than 0.01 % (0.9^90 ≈ 0.00008). */
export const TREND_WARM_UP_DAYS = 90;

export function weightTrend(weighIns: readonly TrendPoint[], smoothing = TREND_SMOOTHING): TrendPoint[] {
  const sorted = [...weighIns].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const out: TrendPoint[] = [];
  let previous: TrendPoint | undefined;
  for (const point of sorted) {
    const trend = previous ? previous.weightKg + (1 - (1 - smoothing) ** Math.max(1, daysBetween(previous.date, point.date))) * (point.weightKg - previous.weightKg) : point.weightKg;
    previous = { date: point.date, weightKg: trend };
    out.push({ date: point.date, weightKg: Math.round(trend * 100) / 100 });
  }
  return out;
}

export interface LinearTrend {
  /** kg per day. */
  slope: number;
  /** Standard deviation of the weigh-ins around the line (kg), with n − 2 degrees of freedom; null below 3 weigh-ins. */
  residualSd: number | null;
  /** Σ (day − mean day)²: the slope's standard error is residualSd / √sxx. */
  sxx: number;
  count: number;
  /** Days from the first weigh-in to the last. */
  spanDays: number;
}

/**
 * The least-squares line through weigh-ins: the rate of change over a window. Unlike the moving average, which lags
 * a steady change by about 9 days (and more while it warms up), the line's slope is unbiased for a steady change and
 * uses every weigh-in, so it is what rates ("−0.4 kg a week") and the energy estimate are taken from. null below two
 * weigh-ins on different days.
 */
export function linearTrend(weighIns: readonly TrendPoint[]): LinearTrend | null {
  if (weighIns.length < 2) return null;
  const first = weighIns.reduce((a, b) => (b.date < a.date ? b : a)).date;
  const xs = weighIns.map((p) => daysBetween(first, p.date));
  const ys = weighIns.map((p) => p.weightKg);
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - mx) ** 2;
    sxy += (xs[i] - mx) * (ys[i] - my);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  let ssr = 0;
  for (let i = 0; i < n; i++) ssr += (ys[i] - (my + slope * (xs[i] - mx))) ** 2;
  return { slope, residualSd: n > 2 ? Math.sqrt(ssr / (n - 2)) : null, sxx, count: n, spanDays: Math.max(...xs) };
}
