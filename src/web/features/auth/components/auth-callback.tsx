import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button';
import { AlertTriangleIcon } from '#web/components/ui/icons';
import { Spinner } from '#web/components/ui/spinner';
import { queryKeys } from '#web/lib/query-keys';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { fetchSession } from '../api/session';
import { takeRememberedNext } from './next-path';

/** Where Google sends the browser back: check the session, then go on into the app. */
export function AuthCallback({ providerError, onSignedIn }: { providerError: string | null; onSignedIn: (target: string) => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const appPath = to('app');
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(Boolean(providerError));
  useDocumentTitle(t('auth.callbackTitle'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: onSignedIn is a fresh function on every render; the check runs once per provider answer.
  useEffect(() => {
    if (providerError) return;
    let cancelled = false;
    // The redirect has just set the session cookie: ask the server, never a cached "signed out".
    queryClient
      .fetchQuery({ queryKey: queryKeys.session, queryFn: ({ signal }) => fetchSession(signal), staleTime: 0 })
      .then((session) => {
        if (cancelled) return;
        if (session) onSignedIn(takeRememberedNext(appPath));
        else setFailed(true);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
    // onSignedIn is a fresh function on every render; the check must run once.
  }, [providerError, queryClient, appPath]);

  if (failed) {
    return (
      <div className="space-y-6 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-2xl text-red-600 dark:bg-red-950/50 dark:text-red-400">
          <AlertTriangleIcon />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t('auth.callbackFailedTitle')}</h1>
          <p className="text-zinc-600 dark:text-zinc-400">{t('auth.callbackFailedBody')}</p>
          {providerError ? <p className="font-mono text-xs break-all text-zinc-500">{providerError}</p> : null}
        </div>
        <ButtonLink to={to('sign-in')} size="lg" className="w-full">
          {t('auth.backToSignIn')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center" aria-live="polite">
      <h1 className="sr-only">{t('auth.callbackTitle')}</h1>
      <Spinner className="text-3xl text-brand-600" />
      <p className="text-zinc-600 dark:text-zinc-400">{t('auth.callbackChecking')}</p>
    </div>
  );
}
