import { BODY_LENGTHS, type BodyMeasure } from '#core/body/schemas';
import { formatNumber } from '#web/lib/format';
import type { Locale } from '#web/lib/locale';
import { lengthIn, lengthUnitKey, type Units, weightIn, weightUnitKey } from '#web/lib/units';

/** The measures the measurement chart offers: the circumferences and body fat. */
export const CHARTED_MEASURES = [...BODY_LENGTHS, 'bodyFatPercent'] as const satisfies readonly BodyMeasure[];
export type ChartedMeasure = (typeof CHARTED_MEASURES)[number];

/** A metric value in the user's units, as a number for charts. */
export function inUnits(measure: BodyMeasure, value: number, units: Units): number {
  if (measure === 'weightKg') return weightIn(value, units);
  if (measure === 'bodyFatPercent') return Math.round(value * 10) / 10;
  return lengthIn(value, units);
}

/** i18n key of the measure's unit. */
export function unitKey(measure: BodyMeasure, units: Units): string {
  return measure === 'weightKg' ? weightUnitKey(units) : measure === 'bodyFatPercent' ? 'body.units.percent' : lengthUnitKey(units);
}

/** "82.4" in the user's units and language. */
export function formatMeasure(measure: BodyMeasure, value: number, units: Units, locale: Locale): string {
  return formatNumber(inUnits(measure, value, units), locale, { maximumFractionDigits: 1 });
}
