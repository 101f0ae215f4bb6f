import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';
import { useLocalePath } from '#web/lib/use-locale';

const SECTIONS = [
  { path: 'app/workouts', key: 'history', end: true },
  { path: 'app/workouts/stats', key: 'stats', end: false },
  { path: 'app/workouts/exercises', key: 'exercises', end: false },
] as const;

/** Title, the way between history, stats and the user's own exercises, and the page's own actions. */
export function WorkoutsHeader({ subtitle, actions }: { subtitle: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className="mb-6 space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('workouts.title')}</h1>
          <p className="text-zinc-600 dark:text-zinc-400">{subtitle}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      <nav aria-label={t('workouts.sections.label')}>
        <ul className="flex w-max gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800/80">
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink
                to={to(s.path)}
                end={s.end}
                className={({ isActive }) =>
                  cn(
                    'flex h-9 items-center rounded-lg px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
                    isActive ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
                  )
                }
              >
                {t(`workouts.sections.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
