import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LockIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';

interface OptionCardProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: ReactNode;
  hint?: ReactNode;
  /** Not on the user's tier: shown, explained, and not choosable. */
  locked?: boolean;
  /** Choosable in principle but not now (e.g. three goals already picked). */
  disabled?: boolean;
  icon?: ReactNode;
  /** The id of the text that explains the lock. */
  lockedNoteId?: string;
}

/** One choice of a wizard step, as a large tap target built on a native radio or checkbox. */
export function OptionCard({ type, name, value, checked, onChange, title, hint, locked, disabled, icon, lockedNoteId }: OptionCardProps) {
  const { t } = useTranslation();
  const off = locked || disabled;
  return (
    <label
      className={cn(
        'relative flex min-h-14 items-start gap-3 rounded-2xl border p-3.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 sm:p-4',
        checked ? 'border-brand-500 bg-brand-50/80 ring-1 ring-brand-500 dark:border-brand-500 dark:bg-brand-950/40' : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/70',
        off ? 'cursor-not-allowed' : 'cursor-pointer hover:border-zinc-300 dark:hover:border-zinc-700',
        locked && 'bg-zinc-50 dark:bg-zinc-900/40',
      )}
    >
      <input type={type} name={name} value={value} checked={checked} disabled={off} onChange={onChange} aria-describedby={locked ? lockedNoteId : undefined} className="sr-only" />
      {icon ? <span className={cn('mt-0.5 text-xl', locked ? 'text-zinc-400' : 'text-brand-600 dark:text-brand-400')}>{icon}</span> : null}
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className={cn('block font-medium', locked ? 'text-zinc-500 dark:text-zinc-500' : 'text-zinc-900 dark:text-white', disabled && !locked && 'opacity-60')}>{title}</span>
        {hint ? <span className={cn('block text-sm', locked ? 'text-zinc-400 dark:text-zinc-500' : 'text-zinc-600 dark:text-zinc-400')}>{hint}</span> : null}
      </span>
      {locked ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-zinc-200/70 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
          <LockIcon />
          {t('plans.wizard.lockedBadge')}
        </span>
      ) : (
        <span
          aria-hidden="true"
          className={cn(
            'flex size-5 shrink-0 items-center justify-center border text-xs transition-colors',
            type === 'radio' ? 'rounded-full' : 'rounded-md',
            checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-zinc-300 dark:border-zinc-600',
          )}
        >
          {checked ? <CheckIcon /> : null}
        </span>
      )}
    </label>
  );
}
