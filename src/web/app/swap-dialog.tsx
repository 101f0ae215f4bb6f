import { useTranslation } from 'react-i18next';
import type { ExerciseItem } from '#core/plans/api-schemas';
import { Dialog } from '#web/components/ui/dialog';
import { ErrorState } from '#web/components/ui/error-state';
import { Skeleton } from '#web/components/ui/spinner';
import { useLocale } from '#web/lib/use-locale';
import { useAlternatives } from './coach';

/**
 * The exercises that can stand in for one (same movement, same main muscles, the user's equipment), best match
 * first; the plan page and the logger offer it under "Swap".
 */
export function SwapDialog({
  exerciseId,
  name,
  onClose,
  onPick,
  original,
}: {
  /** Null: closed. */
  exerciseId: string | null;
  name: string;
  onClose: () => void;
  onPick: (exercise: ExerciseItem | null) => void;
  /** The plan's own exercise, when the one shown was swapped in: offered first, to undo the swap. */
  original?: { id: string; name: string } | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const alternatives = useAlternatives(exerciseId, locale);
  const items = (alternatives.data?.items ?? []).filter((e) => e.id !== original?.id);
  const row =
    'flex min-h-12 w-full flex-col items-start rounded-xl px-3 py-2 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800';

  return (
    <Dialog open={exerciseId !== null} onClose={onClose} title={t('coach.swapTitle', { name })} description={t('coach.swapBody')} className="sm:max-w-lg">
      {alternatives.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-12 rounded-xl" />
          <Skeleton className="h-12 rounded-xl" />
          <Skeleton className="h-12 rounded-xl" />
        </div>
      ) : alternatives.isError ? (
        <ErrorState error={alternatives.error} onRetry={() => void alternatives.refetch()} retrying={alternatives.isFetching} />
      ) : (
        <ul className="-mx-2 max-h-[55dvh] overflow-y-auto" aria-label={t('coach.alternatives')} data-testid="alternatives">
          {original ? (
            <li>
              <button type="button" className={row} onClick={() => onPick(null)}>
                <span className="font-medium text-zinc-900 dark:text-white">{original.name}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('coach.backToPlan')}</span>
              </button>
            </li>
          ) : null}
          {items.map((e) => (
            <li key={e.id}>
              <button type="button" className={row} onClick={() => onPick(e)}>
                <span className="font-medium text-zinc-900 dark:text-white">{e.name}</span>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  {e.primaryMuscles.map((m) => t(`plans.muscle.${m}`)).join(t('plans.listSeparator'))}
                  {' · '}
                  {e.equipment.length === 0 ? t('enums.equipment.none') : e.equipment.map((q) => t(`enums.equipment.${q}`)).join(t('plans.listSeparator'))}
                </span>
              </button>
            </li>
          ))}
          {items.length === 0 && !original ? <li className="px-3 py-4 text-sm text-zinc-500 dark:text-zinc-400">{t('coach.noAlternatives')}</li> : null}
        </ul>
      )}
    </Dialog>
  );
}
