import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '#web/components/ui/spinner';
import { ErrorState } from '#web/components/ui/error-state';
import { useLocalePath } from '#web/lib/use-locale';
import { useSession } from '#web/features/auth/api/session';

/** Signed-in only: anyone else goes to sign-in and comes back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const to = useLocalePath();

  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <div className="container-page py-16">
        <ErrorState error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />
      </div>
    );
  }
  if (!session.data) {
    const next = encodeURIComponent(`${pathname}${search}${hash}`);
    return <Navigate to={`${to('sign-in')}?next=${next}`} replace />;
  }
  return <>{children}</>;
}
