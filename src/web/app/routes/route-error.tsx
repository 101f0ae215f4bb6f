import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '#web/components/ui/button';
import { AlertTriangleIcon } from '#web/components/ui/icons';
import { NotFoundPage } from './not-found';

/** Last line of defence: a render error shows a calm page with a reload instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-5 px-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-600 dark:bg-red-950/50 dark:text-red-400">
        <AlertTriangleIcon />
      </span>
      <div className="space-y-2">
        <h1 className="text-xl font-semibold">{t('errors.pageCrashed')}</h1>
        <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{t('errors.pageCrashedBody')}</p>
      </div>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </main>
  );
}
