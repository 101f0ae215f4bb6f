import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { CalendarIcon, ChevronRightIcon } from '#web/components/ui/icons';
import { useLocale } from '#web/lib/use-locale';
import { addDays, formatDay } from '../lib/dates';

/** Previous day, the day shown (with a way back to today), next day; never past today. */
export function DateSwitcher({ date, today, onChange }: { date: string; today: string; onChange: (date: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const label = date === today ? t('nutrition.day.today') : date === addDays(today, -1) ? t('nutrition.day.yesterday') : formatDay(date, locale, { weekday: 'long' });
  return (
    <div className="flex items-center justify-between gap-2 rounded-2xl border border-zinc-200/80 bg-white p-1.5 shadow-soft dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none">
      <Button variant="ghost" size="sm" onClick={() => onChange(addDays(date, -1))} aria-label={t('nutrition.day.previous')} icon={<ChevronRightIcon className="rotate-180" />} />
      <div className="flex min-w-0 flex-col items-center text-center">
        <p className="flex items-center gap-1.5 font-semibold text-zinc-900 dark:text-white" aria-live="polite">
          <CalendarIcon className="text-zinc-400" aria-hidden="true" />
          {label}
        </p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {formatDay(date, locale, { year: 'numeric', month: 'long', day: 'numeric' })}
          {date !== today ? (
            <>
              {' · '}
              <button type="button" onClick={() => onChange(today)} className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
                {t('nutrition.day.backToToday')}
              </button>
            </>
          ) : null}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={() => onChange(addDays(date, 1))} disabled={date >= today} aria-label={t('nutrition.day.next')} icon={<ChevronRightIcon />} />
    </div>
  );
}
