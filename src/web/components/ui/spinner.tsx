import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';

export function Spinner({ className, label, decorative }: { className?: string; label?: string; decorative?: boolean }) {
  const { t } = useTranslation();
  return (
    <span role={decorative ? undefined : 'status'} className={cn('inline-flex items-center', className)}>
      <svg className="size-[1.1em] animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {decorative ? null : <span className="sr-only">{label ?? t('common.loading')}</span>}
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-3xl text-brand-600">
      <Spinner />
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-zinc-200/80 dark:bg-zinc-800', className)} />;
}
