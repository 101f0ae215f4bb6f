import { useId, type ReactNode } from 'react';
import { cn } from '#web/lib/cn';

interface Option<T extends string> {
  value: T;
  label: ReactNode;
}

interface SegmentedProps<T extends string> {
  value: T | null | undefined;
  onChange: (value: T) => void;
  options: readonly Option<T>[];
  /** Accessible name of the group (shown by the caller, or read by screen readers only). */
  label: string;
  name?: string;
  size?: 'sm' | 'md';
  /** Fill the row with equal-width options instead of wrapping them (for a few long labels on a phone). */
  stretch?: boolean;
  className?: string;
  onBlur?: () => void;
}

/** A row of mutually exclusive choices built on native radios (arrow keys move between them). */
export function Segmented<T extends string>({ value, onChange, options, label, name, size = 'md', stretch, className, onBlur }: SegmentedProps<T>) {
  const autoName = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className={cn('gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800/80', stretch ? 'flex w-full sm:w-fit' : 'inline-flex w-fit max-w-full flex-wrap', className)}
    >
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center justify-center rounded-lg font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-500',
              size === 'sm' ? 'h-8 px-3 text-sm' : 'h-9 px-3.5 text-sm',
              stretch && 'min-w-0 flex-1 px-2 whitespace-nowrap sm:px-3.5',
              checked ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
            )}
          >
            <input type="radio" className="sr-only" name={name ?? autoName} value={option.value} checked={checked} onChange={() => onChange(option.value)} onBlur={onBlur} />
            {option.label}
          </label>
        );
      })}
    </div>
  );
}

interface ChipsProps<T extends string> {
  value: readonly T[];
  onChange: (value: T[]) => void;
  options: readonly Option<T>[];
  /** The most that may be chosen; further options are disabled once reached. */
  max?: number;
  onBlur?: () => void;
}

/** Multiple choice as toggle chips, built on native checkboxes. */
export function Chips<T extends string>({ value, onChange, options, max, onBlur }: ChipsProps<T>) {
  const full = max !== undefined && value.length >= max;
  return (
    <div className="flex flex-wrap gap-2">
      {options.map((option) => {
        const checked = value.includes(option.value);
        const disabled = !checked && full;
        return (
          <label
            key={option.value}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
              checked
                ? 'border-brand-500 bg-brand-50 text-brand-800 dark:border-brand-500 dark:bg-brand-950/60 dark:text-brand-200'
                : 'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-zinc-600',
              disabled && 'cursor-not-allowed opacity-45 hover:border-zinc-300 dark:hover:border-zinc-700',
            )}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={checked}
              disabled={disabled}
              onBlur={onBlur}
              onChange={() => onChange(checked ? value.filter((v) => v !== option.value) : [...value, option.value])}
            />
            <svg viewBox="0 0 16 16" aria-hidden="true" className={cn('size-3.5 transition-all', checked ? 'opacity-100' : 'hidden')}>
              <path d="M3.5 8.5 6.5 11.5 12.5 4.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {option.label}
          </label>
        );
      })}
    </div>
  );
}
