import { Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '#web/components/ui/icons';
import { Logo } from '#web/components/ui/logo';
import { Menu, MenuLink } from '#web/components/ui/menu';
import { PageSpinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { useLocalePath } from '#web/lib/use-locale';
import { useSession } from '#web/features/auth/api/session';
import { useMe } from '../me';
import { navFor } from '../nav';
import { OfflineNotice } from '../outbox-sync';
import { useTheme } from '../theme-provider';
import { LanguageMenu } from './language-menu';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

/** A signed-in user's saved theme wins over the device's once per visit (the account is the memory). */
function useAccountTheme() {
  const me = useMe();
  const { theme, setTheme } = useTheme();
  const synced = useRef(false);
  const saved = me.data?.preferences.theme;
  useEffect(() => {
    if (synced.current || !saved) return;
    synced.current = true;
    if (saved !== theme) setTheme(saved);
  }, [saved, theme, setTheme]);
}

/** How many entries the phone's bottom bar shows before the rest go behind "More". */
const BOTTOM_BAR_MAX = 5;

export function AppShell() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  useAccountTheme();
  const user = session.data?.user;
  const nav = navFor(useMe({ select: (me) => me.role }).data);
  const overflow = nav.length > BOTTOM_BAR_MAX;
  const bottomEntries = overflow ? nav.slice(0, BOTTOM_BAR_MAX - 1) : nav;
  const moreEntries = overflow ? nav.slice(BOTTOM_BAR_MAX - 1) : [];
  // With their labels, six entries and the menus fit from 1024 px, seven from 1280 px (measured), eight (a
  // moderator's) from 1536 px; narrower, the bar shows the icons (named for screen readers, titled for the pointer)
  // rather than push the menus off the screen.
  const labelClass = nav.length > 7 ? 'sr-only 2xl:not-sr-only' : nav.length > 6 ? 'sr-only xl:not-sr-only' : 'sr-only lg:not-sr-only';

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-zinc-900">
        {t('nav.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 border-b border-zinc-200/70 bg-white/85 backdrop-blur-md dark:border-zinc-800/70 dark:bg-zinc-950/85 print:hidden">
        <div className="container-page flex h-16 items-center gap-2">
          <Link to={to('app')} className="mr-4 rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500" aria-label={t('nav.logoDashboard')}>
            <Logo />
          </Link>
          {/* Seven entries with their names fit from 1280 px; between tablet and that, icons named by their tooltip. */}
          <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
            {nav.map((entry) => (
              <NavLink
                key={entry.path}
                to={to(entry.path)}
                end={entry.end}
                title={t(entry.labelKey)}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    isActive
                      ? 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-white'
                      : 'text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-900 dark:hover:text-white',
                  )
                }
              >
                <entry.icon className="text-base" />
                <span className={labelClass}>{t(entry.labelKey)}</span>
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <LanguageMenu />
            <ThemeMenu />
            {user ? <UserMenu user={user} /> : null}
          </div>
        </div>
        <OfflineNotice />
      </header>

      <main id="main" tabIndex={-1} className="flex-1 pb-24 focus:outline-none md:pb-12 print:pb-0">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>

      <nav
        aria-label={t('nav.main')}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden dark:border-zinc-800 dark:bg-zinc-950/95 print:hidden"
      >
        <ul className="mx-auto flex max-w-md items-stretch justify-around">
          {bottomEntries.map((entry) => (
            <li key={entry.path} className="flex-1">
              <NavLink
                to={to(entry.path)}
                end={entry.end}
                className={({ isActive }) =>
                  cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-brand-500',
                    isActive ? 'text-brand-600 dark:text-brand-400' : 'text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
                  )
                }
              >
                <entry.icon className="text-[22px]" />
                {t(entry.labelKey)}
              </NavLink>
            </li>
          ))}
          {moreEntries.length > 0 ? (
            <li className="flex flex-1 justify-center">
              <Menu
                label={t('nav.more')}
                className="w-full"
                placement="top"
                buttonClassName="h-16 w-full flex-col gap-1 rounded-none text-[11px] font-medium aria-expanded:bg-transparent"
                button={
                  <>
                    <MoreIcon className="text-[22px]" />
                    {t('nav.more')}
                  </>
                }
              >
                {(close) =>
                  moreEntries.map((entry) => (
                    <MenuLink key={entry.path} to={to(entry.path)} onSelect={close} icon={<entry.icon />}>
                      {t(entry.labelKey)}
                    </MenuLink>
                  ))
                }
              </Menu>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
