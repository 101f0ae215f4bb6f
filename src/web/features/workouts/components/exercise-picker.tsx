import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchExercises } from '#core/plans/exercise-search';
import type { Exercise } from '#core/plans/exercises';
import { Dialog } from '#web/components/ui/dialog';
import { PlusIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { useLocale } from '#web/lib/use-locale';

const SHOWN = 40;

/** The exercise library searched in the page itself (about 200 rows): no round trip per key press. */
export function ExercisePicker({ open, onClose, onPick, onCustom }: { open: boolean; onClose: () => void; onPick: (exercise: Exercise) => void; onCustom: (name: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchExercises({ q: deferred.trim() || undefined }).slice(0, SHOWN), [deferred]);
  const custom = query.trim().replace(/\s+/g, ' ').slice(0, 100);
  const close = () => {
    setQuery('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={t('workouts.picker.title')} className="sm:max-w-lg">
      <div className="space-y-3">
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('workouts.picker.placeholder')}
          aria-label={t('workouts.picker.search')}
          enterKeyHint="search"
        />
        <p className="sr-only" aria-live="polite">
          {t('workouts.picker.results', { count: results.length })}
        </p>
        <ul className="-mx-2 max-h-[55dvh] overflow-y-auto" aria-label={t('workouts.picker.title')}>
          {results.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(e);
                  close();
                }}
                className="flex min-h-12 w-full flex-col items-start rounded-xl px-3 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800"
              >
                <span className="font-medium text-zinc-900 dark:text-white">{e.name[locale]}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {e.primaryMuscles.map((m) => t(`plans.muscle.${m}`)).join(t('plans.listSeparator'))}
                  {' · '}
                  {e.requires.length === 0 ? t('enums.equipment.none') : e.requires.map((q) => t(`enums.equipment.${q}`)).join(t('plans.listSeparator'))}
                </span>
              </button>
            </li>
          ))}
          {results.length === 0 ? <li className="px-3 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t('workouts.picker.none')}</li> : null}
        </ul>
        {custom ? (
          <button
            type="button"
            onClick={() => {
              onCustom(custom);
              close();
            }}
            className="flex min-h-12 w-full items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-3 text-left text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700 dark:text-brand-300 dark:hover:bg-brand-950/40"
          >
            <PlusIcon className="shrink-0" />
            <span className="min-w-0 truncate">{t('workouts.picker.custom', { name: custom })}</span>
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
