import { useTranslation } from 'react-i18next';
import { useErrorText } from '#web/lib/errors';
import { cn } from '#web/lib/cn';
import { Button } from './button';
import { AlertTriangleIcon, RefreshIcon } from './icons';

/** What a data view shows when its request failed: the reason and a way to try again. */
export function ErrorState({ error, onRetry, retrying, className, title }: { error: unknown; onRetry?: () => void; retrying?: boolean; className?: string; title?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700', className)}>
      <span className="flex size-11 items-center justify-center rounded-full bg-red-50 text-xl text-red-600 dark:bg-red-950/50 dark:text-red-400">
        <AlertTriangleIcon />
      </span>
      <div className="space-y-1">
        <p className="font-medium text-zinc-900 dark:text-white">{title ?? t('errors.loadFailed')}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{errorText(error)}</p>
      </div>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying} icon={<RefreshIcon />}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
