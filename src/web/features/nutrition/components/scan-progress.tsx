import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '#web/components/ui/icons';
import { Spinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';

const STEPS = ['upload', 'detect', 'nutrients'] as const;

/**
 * While the photo is analysed: the photo itself and where the work has got to. The server answers in one go, so the
 * first step ends after a moment and the last one is shown as the answer arrives.
 */
export function ScanProgress({ photoUrl }: { photoUrl: string | null }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timers = [setTimeout(() => setStep(1), 700), setTimeout(() => setStep(2), 2500)];
    return () => timers.forEach(clearTimeout);
  }, []);
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      {photoUrl ? (
        <div className="relative overflow-hidden rounded-2xl ring-1 ring-zinc-200 dark:ring-zinc-800">
          <img src={photoUrl} alt={t('scan.photoAlt')} className="aspect-[4/3] w-full object-cover opacity-80" />
          <div className="absolute inset-x-0 top-0 h-1 animate-pulse bg-brand-500" />
        </div>
      ) : null}
      <ol className="space-y-3">
        {STEPS.map((key, i) => (
          <li key={key} className={cn('flex items-center gap-3 text-sm', i > step ? 'text-zinc-400 dark:text-zinc-500' : 'text-zinc-900 dark:text-white')}>
            <span className="flex size-6 shrink-0 items-center justify-center">
              {i < step ? (
                <CheckIcon className="size-5 text-brand-600 dark:text-brand-400" />
              ) : i === step ? (
                <Spinner className="text-lg text-brand-600" decorative />
              ) : (
                <span className="size-2 rounded-full bg-zinc-300 dark:bg-zinc-600" />
              )}
            </span>
            {t(`scan.progress.${key}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}
