import { useTranslation } from 'react-i18next';
import { MinusIcon, PlusIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';
import { parseNumber } from '../lib/draft';

interface StepperProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the number ("Set 2 reps"). */
  label: string;
  step: number;
  max: number;
  decimals?: boolean;
  className?: string;
}

/** A number with big − and + on either side: on a phone a thumb taps rather than types. */
export function Stepper({ value, onChange, label, step, max, decimals, className }: StepperProps) {
  const { t } = useTranslation();
  const current = parseNumber(value) ?? 0;
  const bump = (delta: number) => {
    const next = Math.min(max, Math.max(0, Math.round((current + delta) * 100) / 100));
    onChange(String(next));
  };
  const button =
    'flex h-11 w-8 min-[380px]:w-9 shrink-0 items-center justify-center text-lg text-zinc-600 transition-colors hover:bg-zinc-100 active:bg-zinc-200 disabled:opacity-40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:active:bg-zinc-700';
  return (
    <div className={cn('flex min-w-0 items-center overflow-hidden rounded-xl border border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900', className)}>
      <button type="button" className={button} onClick={() => bump(-step)} disabled={current <= 0} aria-label={t('workouts.logger.decrease', { what: label })}>
        <MinusIcon />
      </button>
      <input
        type="text"
        inputMode={decimals ? 'decimal' : 'numeric'}
        autoComplete="off"
        aria-label={label}
        value={value}
        placeholder="0"
        onChange={(e) => onChange(e.target.value.replace(decimals ? /[^\d.,]/g : /\D/g, ''))}
        onFocus={(e) => e.target.select()}
        className="h-11 w-full min-w-0 bg-transparent text-center text-[15px] font-semibold tabular-nums text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:text-white"
      />
      <button type="button" className={button} onClick={() => bump(step)} disabled={current >= max} aria-label={t('workouts.logger.increase', { what: label })}>
        <PlusIcon />
      </button>
    </div>
  );
}
