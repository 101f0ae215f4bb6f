import { createContext, useContext, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#core/messages/format';
import { cn } from '#web/lib/cn';
import { useMessageText } from '#web/lib/errors';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** Inputs inside a Field pick up its id, its error and its hint for aria wiring. */
export function useField(): FieldContextValue | null {
  return useContext(FieldContext);
}

interface FieldProps {
  label: ReactNode;
  /** A validation message: a shared schema's English text, or the server's message with its key; shown translated. */
  error?: string | Message;
  hint?: ReactNode;
  optional?: boolean;
  id?: string;
  className?: string;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
  children: ReactNode;
  labelAction?: ReactNode;
}

export function Field({ label, error, hint, optional, id, className, hideLabel, children, labelAction }: FieldProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id: fieldId, describedBy, invalid: Boolean(error) }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <div className={cn('flex items-baseline justify-between gap-2', hideLabel && 'sr-only')}>
          <label htmlFor={fieldId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {label}
            {optional ? <span className="ml-1.5 text-xs font-normal text-zinc-500 dark:text-zinc-400">{t('common.optional')}</span> : null}
          </label>
          {labelAction}
        </div>
        {children}
        {hint && !error ? (
          <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
            {text(error)}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

/** A labelled group of controls (radios, chips): a fieldset with a legend and the same error display. */
export function FieldGroup({ legend, error, hint, children, className }: { legend: ReactNode; error?: string | Message; hint?: ReactNode; children: ReactNode; className?: string }) {
  const text = useMessageText();
  const id = useId();
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-2', className)} aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}>
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {text(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
