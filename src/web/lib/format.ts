import { intlLocale, type Locale } from './locale';

export function formatDate(value: string | Date | null | undefined, locale: Locale, style: 'medium' | 'long' = 'medium'): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style }).format(date);
}

export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

/** A time of day such as "2:05 PM" / "14:05". */
/** A moment to the minute: "Jul 1, 2026, 9:30 AM" / "2026年7月1日 09:30". */
export function formatDateTime(value: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(typeof value === 'string' ? new Date(value) : value);
}

export function formatTime(value: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short' }).format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A catalogue price (US dollars in cents), without cents when whole ("$0"). Amounts are written as the provider's
 * checkout page and the emails write them: "$9.99" in English, "US$9.99" in Chinese.
 */
export function formatPrice(cents: number, locale: Locale): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** An amount charged or refunded, always with its cents ("$10.00"), in the provider's currency. */
export function formatMoney(cents: number, locale: Locale, currency = 'USD'): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A wait such as "15 minutes" / "15分钟", rounded up to whole minutes past one minute. */
export function formatWait(seconds: number, locale: Locale): string {
  const unit = seconds >= 90 ? 'minute' : 'second';
  const amount = unit === 'minute' ? Math.ceil(seconds / 60) : Math.max(1, Math.ceil(seconds));
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}
