import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNED_IN_TEXTS } from '#web/i18n';
import { registerServiceWorker } from '#web/lib/service-worker';
import { OutboxSync } from '../outbox-sync';
import { AppShell } from './app-shell';
import { RequireAuth } from './require-auth';

/**
 * The frame of every signed-in page, behind the session check: one chunk, loaded when such a page is first opened.
 * It installs the offline app and sends what was logged offline (ADR 023). It waits (suspends) for the app's texts
 * and message catalogue in the page's language, loaded here the first time and again with each change of language.
 */
export function SignedInLayout() {
  useTranslation(SIGNED_IN_TEXTS);
  useEffect(registerServiceWorker, []);
  return (
    <RequireAuth>
      <OutboxSync />
      <AppShell />
    </RequireAuth>
  );
}
