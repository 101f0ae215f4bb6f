import { formatDate } from '#web/lib/format';
import { intlLocale, type Locale } from '#web/lib/locale';
import { useLocale } from '#web/lib/use-locale';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago" / "5分钟前" for the last week, then the date. */
export function relativeTime(value: string, locale: Locale, now = Date.now()): string {
  let amount = (new Date(value).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto' });
  if (Math.abs(amount) < 45) return format.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(value, locale);
}

export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const locale = useLocale();
  const full = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
  return (
    <time dateTime={value} title={full} className={className}>
      {relativeTime(value, locale)}
    </time>
  );
}
