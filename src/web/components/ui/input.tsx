import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';
import { useField } from './field';
import { EyeIcon, EyeOffIcon } from './icons';

export const controlClasses =
  'block w-full rounded-xl border border-zinc-300 bg-white px-3.5 text-[15px] text-zinc-900 shadow-xs transition-colors placeholder:text-zinc-400 hover:border-zinc-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-zinc-100 disabled:text-zinc-500 aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:hover:border-zinc-600 dark:disabled:bg-zinc-800';

export function Input({ className, id, ...props }: ComponentProps<'input'>) {
  const field = useField();
  return <input id={id ?? field?.id} aria-invalid={field?.invalid || undefined} aria-describedby={field?.describedBy} className={cn(controlClasses, 'h-11', className)} {...props} />;
}

export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-lg text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

export function Textarea({ className, id, ...props }: ComponentProps<'textarea'>) {
  const field = useField();
  return (
    <textarea
      id={id ?? field?.id}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={field?.describedBy}
      className={cn(controlClasses, 'min-h-28 py-2.5 leading-relaxed', className)}
      {...props}
    />
  );
}
