import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn';
import { useField } from './field';
import { controlClasses } from './input';
import { ChevronDownIcon } from './icons';

export function Select({ className, id, children, ...props }: ComponentProps<'select'>) {
  const field = useField();
  return (
    <div className="relative">
      <select
        id={id ?? field?.id}
        aria-invalid={field?.invalid || undefined}
        aria-describedby={field?.describedBy}
        className={cn(controlClasses, 'h-11 appearance-none pr-10', className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-zinc-500" />
    </div>
  );
}
