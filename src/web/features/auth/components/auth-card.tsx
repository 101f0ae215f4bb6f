import type { ReactNode } from 'react';

export function AuthCard({ title, description, children, footer }: { title: ReactNode; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="space-y-7">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      <div className="space-y-5">{children}</div>
      {footer ? <div className="text-sm text-zinc-600 dark:text-zinc-400">{footer}</div> : null}
    </div>
  );
}

export const textLinkClasses =
  'font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400';
