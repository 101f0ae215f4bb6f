import type { Entry } from '#core/nutrition/schemas';
import { formatNumber } from '#web/lib/format';
import type { Locale } from '#web/lib/locale';

/** A table food's name in the app's language; a name the user typed, as typed. */
export function entryName(entry: Pick<Entry, 'foodName' | 'tableName'>, locale: Locale): string {
  return entry.tableName?.[locale] ?? entry.foodName;
}

/** Grams to at most one decimal ("12.5", "140"). */
export function grams(value: number | null | undefined, locale: Locale): string {
  return formatNumber(value ?? 0, locale, { maximumFractionDigits: 1 });
}

export function kcal(value: number, locale: Locale): string {
  return formatNumber(Math.round(value), locale, { maximumFractionDigits: 0 });
}

/** The colour of each nutrient, the same in every chart and bar. */
export const NUTRIENT_COLORS = {
  calories: { bar: 'bg-brand-500', text: 'text-brand-600 dark:text-brand-400', track: 'text-brand-500' },
  protein: { bar: 'bg-sky-500', text: 'text-sky-700 dark:text-sky-400', track: 'text-sky-500' },
  carbs: { bar: 'bg-amber-500', text: 'text-amber-700 dark:text-amber-400', track: 'text-amber-500' },
  fat: { bar: 'bg-rose-500', text: 'text-rose-700 dark:text-rose-400', track: 'text-rose-500' },
  fibre: { bar: 'bg-emerald-500', text: 'text-emerald-700 dark:text-emerald-400', track: 'text-emerald-500' },
} as const;
