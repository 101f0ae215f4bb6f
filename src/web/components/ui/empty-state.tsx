import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** What a list shows before it has anything in it: what belongs here and the way to add the first one. */
export function EmptyState({ icon, title, body, action, className }: { icon?: ReactNode; title: ReactNode; body?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700', className)}>
      {icon ? <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-2xl text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">{icon}</span> : null}
      <div className="max-w-sm space-y-1">
        <p className="font-medium text-zinc-900 dark:text-white">{title}</p>
        {body ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{body}</p> : null}
      </div>
      {action ? <div className="pt-1">{action}</div> : null}
    </div>
  );
}
