import type { ComponentProps, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '#web/lib/cn';

export function Checkbox({ label, description, className, id, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; description?: ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded border-zinc-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        aria-describedby={description ? `${inputId}-description` : undefined}
        {...props}
      />
      <div className="min-w-0">
        <label htmlFor={inputId} className="cursor-pointer text-sm text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
        {description ? (
          <p id={`${inputId}-description`} className="text-sm text-zinc-500 dark:text-zinc-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
