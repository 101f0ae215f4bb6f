import { Navigate, useLocation } from 'react-router';
import { browserLocale } from '#web/lib/locale';

/** `/` goes to the visitor's language: zh* browsers to /zh, everyone else to /en. */
export function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={`/${browserLocale()}${search}${hash}`} replace />;
}
