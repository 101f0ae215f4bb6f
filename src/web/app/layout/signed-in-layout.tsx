import { AppShell } from './app-shell';
import { RequireAuth } from './require-auth';

/** The frame of every signed-in page, behind the session check: one chunk, loaded when such a page is first opened. */
export function SignedInLayout() {
  return (
    <RequireAuth>
      <AppShell />
    </RequireAuth>
  );
}
