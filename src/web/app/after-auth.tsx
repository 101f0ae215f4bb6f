import { useRef, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { safeNextPath, switchLocalePath } from '#web/lib/locale';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { PageSpinner } from '#web/components/ui/spinner';
import { useSession } from '#web/features/auth/api/session';
import { checkoutPath, chosenPlanFrom } from '#web/features/billing/components/chosen-plan';
import { useTheme } from './theme-provider';

/**
 * Where to go after signing in: the `next` page the user came from; else, for a paid plan picked on the pricing page
 * (`?plan=pro&interval=year`), its checkout; else the dashboard. The choice travels on as `next`, so the sign-in link
 * and the round trip to Google keep it too.
 */
export function useAfterAuth() {
  const [params] = useSearchParams();
  const to = useLocalePath();
  const raw = params.get('next');
  const chosen = chosenPlanFrom(params);
  const next = raw ? safeNextPath(raw, '') || null : chosen ? checkoutPath(to, chosen) : null;
  return { next, chosen, target: next ?? to('app') };
}

/**
 * Goes on into the app once signed in, in the language and theme the account saved (which may differ from this
 * browser's when the account was set up elsewhere).
 */
export function useEnterApp(): (target: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { theme, setTheme } = useTheme();
  return async (target) => {
    let path = target;
    try {
      // The profile's contract comes with the validation library, which the sign-in page does not load until here.
      const { meQuery } = await import('./me');
      const me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      if (me.preferences.theme !== theme) setTheme(me.preferences.theme);
      if (me.preferences.locale !== locale) {
        const url = new URL(target, window.location.origin);
        path = switchLocalePath(url.pathname, url.search, url.hash, me.preferences.locale);
      }
    } catch {
      /* the app loads the profile itself and shows its own error */
    }
    navigate(path, { replace: true });
  };
}

/**
 * Pages for signed-out people: someone already signed in on arrival goes on to the app. Once the form shows, it
 * stays until it has finished its own work (the sign-in it performs must not unmount it half-way).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const { target } = useAfterAuth();
  const shown = useRef(false);
  if (!shown.current) {
    if (session.isPending) return <PageSpinner />;
    if (session.data) return <Navigate to={target} replace />;
    shown.current = true;
  }
  return <>{children}</>;
}
