import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchExercise } from '#core/data/exercise-match';
import { searchExercises } from '#core/plans/exercise-search';
import { exerciseById, type Exercise } from '#core/plans/exercises';
import { Dialog } from '#web/components/ui/dialog';
import { PlusIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useLocale } from '#web/lib/use-locale';
import { useCreateCustomExercise, useCustomExercises } from '../api/workouts';

const SHOWN = 40;

/** Case and spacing aside, as the server compares the user's own names; "zercher sq" finds "Zercher squat". */
const fold = (s: string) => s.toLowerCase().replace(/[\s\-_·]+/g, '');

const ROW =
  'flex min-h-12 w-full flex-col items-start rounded-xl px-3 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800';
const HEADING = 'px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

/**
 * The exercise library searched in the page itself (about 200 rows): no round trip per key press. The user's own
 * exercises (an import's, or added here) come first under their own heading, searched the same way; a name found
 * nowhere can become one of them.
 */
export function ExercisePicker({ open, onClose, onPick, onCustom }: { open: boolean; onClose: () => void; onPick: (exercise: Exercise) => void; onCustom: (name: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const own = useCustomExercises(open);
  const create = useCreateCustomExercise();
  const custom = query.trim().replace(/\s+/g, ' ').slice(0, 100);
  // A name another app uses for a library exercise ("Bench Press (Barbell)") is that exercise, not a new one.
  const matched = custom ? matchExercise(custom) : null;
  const results = useMemo(() => {
    const found = searchExercises({ q: deferred.trim() || undefined }).slice(0, SHOWN);
    const lib = matched ? exerciseById(matched) : undefined;
    return lib && !found.some((e) => e.id === lib.id) ? [lib, ...found].slice(0, SHOWN) : found;
  }, [deferred, matched]);
  const ownItems = own.data?.items ?? [];
  const ownResults = useMemo(() => {
    const q = fold(deferred.trim());
    return q ? ownItems.filter((e) => fold(e.name).includes(q)) : ownItems;
  }, [ownItems, deferred]);
  const alreadyOwn = ownItems.some((e) => e.name.toLowerCase() === custom.toLowerCase());
  const close = () => {
    setQuery('');
    create.reset();
    onClose();
  };
  const pickOwn = (name: string) => {
    onCustom(name);
    close();
  };
  const addOwn = () =>
    create.mutate(custom, {
      onSuccess: (row) => pickOwn(row.name),
      // Already theirs (another tab), offline, or at the limit: the workout still logs the exercise by its name.
      onError: () => pickOwn(custom),
    });

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
          {t('workouts.picker.results', { count: results.length + ownResults.length })}
        </p>
        <div className="-mx-2 max-h-[55dvh] overflow-y-auto">
          {ownResults.length > 0 ? (
            <section aria-labelledby="picker-own">
              <h3 id="picker-own" className={HEADING}>
                {t('workouts.picker.own')}
              </h3>
              <ul aria-labelledby="picker-own">
                {ownResults.map((e) => (
                  <li key={e.id}>
                    <button type="button" onClick={() => pickOwn(e.name)} className={ROW}>
                      <span className="font-medium text-zinc-900 dark:text-white">{e.name}</span>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('workouts.picker.ownHint')}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="picker-library">
            <h3 id="picker-library" className={ownResults.length > 0 ? HEADING : 'sr-only'}>
              {t('workouts.picker.library')}
            </h3>
            <ul aria-labelledby="picker-library">
              {results.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    onClick={() => {
                      onPick(e);
                      close();
                    }}
                    className={ROW}
                  >
                    <span className="font-medium text-zinc-900 dark:text-white">{e.name[locale]}</span>
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">
                      {e.primaryMuscles.map((m) => t(`plans.muscle.${m}`)).join(t('plans.listSeparator'))}
                      {' · '}
                      {e.requires.length === 0 ? t('enums.equipment.none') : e.requires.map((q) => t(`enums.equipment.${q}`)).join(t('plans.listSeparator'))}
                    </span>
                  </button>
                </li>
              ))}
              {results.length === 0 ? <li className="px-3 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t('workouts.picker.none')}</li> : null}
            </ul>
          </section>
        </div>
        {custom && !matched && !alreadyOwn ? (
          <button
            type="button"
            onClick={addOwn}
            disabled={create.isPending}
            className="flex min-h-12 w-full items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-3 text-left text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60 dark:border-zinc-700 dark:text-brand-300 dark:hover:bg-brand-950/40"
          >
            {create.isPending ? <Spinner className="shrink-0" decorative /> : <PlusIcon className="shrink-0" />}
            <span className="min-w-0 truncate">{t('workouts.picker.custom', { name: custom })}</span>
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
