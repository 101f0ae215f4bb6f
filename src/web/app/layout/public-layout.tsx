import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES } from '#core/common/pages';
import { POLICY_PAGES } from '#web/components/policy-links';
import { ButtonLink } from '#web/components/ui/button';
import { Logo } from '#web/components/ui/logo';
import { PageSpinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { useHydrated } from '#web/lib/use-hydrated';
import { useLocalePath } from '#web/lib/use-locale';
import { useSession } from '#web/features/auth/api/session';
import { LanguageMenu } from './language-menu';
import { ThemeMenu } from './theme-menu';

export function PublicHeader() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  const signedIn = Boolean(session.data);
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/70 bg-white/80 backdrop-blur-md dark:border-zinc-800/70 dark:bg-zinc-950/80">
      <div className="container-page flex h-16 items-center gap-2">
        <Link to={to()} className="mr-1 shrink-0 rounded-lg sm:mr-2 focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t('nav.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          <Link to={`${to()}#features`} className="rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
            {t('nav.features')}
          </Link>
          <NavLink
            to={to('pricing')}
            className={({ isActive }) =>
              cn('rounded-lg px-3 py-2 text-sm font-medium hover:text-zinc-900 dark:hover:text-white', isActive ? 'text-zinc-900 dark:text-white' : 'text-zinc-600 dark:text-zinc-400')
            }
          >
            {t('nav.pricing')}
          </NavLink>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1">
          <LanguageMenu />
          <ThemeMenu />
          {signedIn ? (
            <ButtonLink to={to('app')} size="sm" className="whitespace-nowrap sm:ml-1">
              {t('nav.openApp')}
            </ButtonLink>
          ) : (
            <>
              <Link to={to('sign-in')} className="rounded-lg px-2.5 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-900 sm:px-3 dark:text-zinc-300 dark:hover:text-white">
                {t('auth.signIn')}
              </Link>
              {/* On a phone the hero's own call to action does this job; the bar keeps room for sign-in. */}
              <span className="hidden sm:block">
                <ButtonLink to={to('sign-up')} size="sm" className="ml-1">
                  {t('landing.ctaShort')}
                </ButtonLink>
              </span>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function PublicFooter() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const year = new Date().getFullYear();
  const hydrated = useHydrated();
  return (
    <footer className="border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-2">
          <Logo />
          <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.label')} className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Link to={to('pricing')} className="hover:text-zinc-900 dark:hover:text-white">
            {t('nav.pricing')}
          </Link>
          <Link to={to('sign-in')} className="hover:text-zinc-900 dark:hover:text-white">
            {t('auth.signIn')}
          </Link>
          <Link to={to('sign-up')} className="hover:text-zinc-900 dark:hover:text-white">
            {t('auth.signUp')}
          </Link>
          {POLICY_PAGES.map(({ page, labelKey }) => (
            <Link key={page} to={to(PAGES[page])} className="hover:text-zinc-900 dark:hover:text-white">
              {t(labelKey)}
            </Link>
          ))}
        </nav>
      </div>
      {/* A drawn page carries the build's year, which React keeps as drawn when it takes the page over: once taken
          over, the line is made anew with the browser's (ADR 042). */}
      <div
        key={hydrated ? 'browser' : 'drawn'}
        suppressHydrationWarning
        className="container-page border-t border-zinc-100 py-5 text-xs text-zinc-500 dark:border-zinc-900 dark:text-zinc-400"
      >
        {t('footer.copyright', { year })}
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main id="main" className="flex-1">
        {/* The policy and help pages load on demand. */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter />
    </div>
  );
}
