import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckIcon, FlameIcon } from '#web/components/ui/icons';
import { Logo } from '#web/components/ui/logo';
import { PageSpinner } from '#web/components/ui/spinner';
import { useLocalePath } from '#web/lib/use-locale';
import { LanguageMenu } from './language-menu';
import { ThemeMenu } from './theme-menu';

/** Sign-up, sign-in and friends: a brand panel on wide screens, the form centred beside it. */
export function AuthLayout() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const points = [t('authLayout.point1'), t('authLayout.point2'), t('authLayout.point3')];
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-zinc-950 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden="true" className="absolute -top-32 -left-24 size-[28rem] rounded-full bg-brand-600/40 blur-3xl" />
        <div aria-hidden="true" className="absolute -right-20 -bottom-40 size-[26rem] rounded-full bg-amber-500/20 blur-3xl" />
        <Link to={to()} className="relative w-fit rounded-lg focus-visible:outline-2 focus-visible:outline-brand-400">
          <Logo onDark />
        </Link>
        <div className="relative max-w-md space-y-8">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight text-balance">{t('authLayout.title')}</h2>
          <ul className="space-y-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-zinc-300">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-500/20 text-xs text-brand-300">
                  <CheckIcon />
                </span>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <figure className="relative max-w-md rounded-2xl border border-white/10 bg-white/5 p-5 backdrop-blur">
          <blockquote className="text-sm leading-relaxed text-zinc-200">“{t('authLayout.quote')}”</blockquote>
          <figcaption className="mt-3 flex items-center gap-2 text-xs text-zinc-400">
            <FlameIcon className="text-brand-400" />
            {t('authLayout.quoteBy')}
          </figcaption>
        </figure>
      </aside>
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-6">
          <Link to={to()} className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500 lg:invisible" aria-label={t('nav.home')}>
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            <LanguageMenu />
            <ThemeMenu />
          </div>
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:px-6 sm:pt-0">
          <div className="w-full max-w-md">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
