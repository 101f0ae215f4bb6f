import { useId } from 'react';
import { cn } from '#web/lib/cn';

/** The FitForge mark: a spark struck on a rounded tile. */
export function LogoMark({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.78 0.17 60)" />
          <stop offset="1" stopColor="oklch(0.6 0.21 32)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${id})`} />
      <path d="M18.6 5 9.5 18.2h6.1L13.9 27l9-13.4h-6.1L18.6 5Z" fill="#fff" />
    </svg>
  );
}

/** `onDark` is for a dark surface whatever the theme. */
export function Logo({ className, onDark }: { className?: string; onDark?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      <span className="text-lg">
        Fit<span className={onDark ? 'text-brand-400' : 'text-brand-600 dark:text-brand-400'}>Forge</span>
      </span>
    </span>
  );
}
