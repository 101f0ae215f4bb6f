import { useEffect } from 'react';
import { registerServiceWorker } from '#web/lib/service-worker';
import { OutboxSync } from '../outbox-sync';
import { AppShell } from './app-shell';
import { RequireAuth } from './require-auth';

/**
 * The frame of every signed-in page, behind the session check: one chunk, loaded when such a page is first opened.
 * It installs the offline app and sends what was logged offline (ADR 023).
 */
export function SignedInLayout() {
  useEffect(registerServiceWorker, []);
  return (
    <RequireAuth>
      <OutboxSync />
      <AppShell />
    </RequireAuth>
  );
}
