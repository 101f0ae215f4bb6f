import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Workout } from '#core/workouts/schemas';
import { OutboxList } from '#web/components/outbox-list';
import { ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { ClockIcon, DumbbellIcon, FlameIcon, PencilIcon, PlusIcon, TrashIcon } from '#web/components/ui/icons';
import { Pagination } from '#web/components/ui/pagination';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { formatNumber } from '#web/lib/format';
import { intlLocale } from '#web/lib/locale';
import { useOutbox } from '#web/lib/outbox';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useMe } from '#web/app/me';
import { useDeleteWorkout, useWorkouts } from '../api/workouts';
import { exerciseName, fromKg, workoutVolumeKg } from '../lib/draft';
import { useSetText } from './set-text';
import { WorkoutsHeader } from './workouts-header';
import { BodyMap } from './body-map';
import { setsPerMuscle } from '#core/coach/muscles';

function when(iso: string, locale: 'en' | 'zh'): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

function WorkoutRow({ workout, onDelete }: { workout: Workout; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const me = useMe();
  const unit = me.data?.preferences.units === 'imperial' ? 'lb' : 'kg';
  // Done sets only: an exercise whose sets were all skipped was not part of the workout.
  const names = workout.exercises.filter((e) => e.sets.some((s) => s.completed)).map((e) => exerciseName(e, locale));
  const sets = workout.exercises.reduce((n, e) => n + e.sets.filter((s) => s.completed).length, 0);
  const volume = workoutVolumeKg(workout);
  const muscles = setsPerMuscle(workout.exercises.flatMap((e) => e.sets.filter((s) => s.completed).map(() => ({ exerciseId: e.exerciseId }))));
  const title = workout.name ?? (names.length > 0 ? names.slice(0, 2).join(t('plans.listSeparator')) : t('workouts.history.untitled'));
  const headingId = `workout-${workout.id}`;
  const setText = useSetText(unit);
  const done = workout.exercises.map((e) => ({ e, sets: e.sets.filter((s) => s.completed) })).filter((x) => x.sets.length > 0);

  return (
    <li aria-labelledby={headingId}>
      <Card className="p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-lg text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">
            <DumbbellIcon />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="truncate font-semibold text-zinc-900 dark:text-white">
              {title}
            </h2>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              <time dateTime={workout.performedAt}>{when(workout.performedAt, locale)}</time>
            </p>
          </div>
          <div className="-mr-2 -mt-1 flex shrink-0">
            <Link
              to={to(`app/workouts/${workout.id}/edit`)}
              aria-label={t('workouts.history.edit', { name: title })}
              className="flex size-11 items-center justify-center rounded-xl text-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800 dark:hover:text-white"
            >
              <PencilIcon />
            </Link>
            <button
              type="button"
              onClick={onDelete}
              aria-label={t('workouts.history.delete', { name: title })}
              className="flex size-11 items-center justify-center rounded-xl text-lg text-zinc-500 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-red-950/40 dark:hover:text-red-400"
            >
              <TrashIcon />
            </button>
          </div>
        </div>
        <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('workouts.history.duration')}</dt>
            <ClockIcon aria-hidden="true" />
            <dd className="tabular-nums">{t('workouts.units.min', { value: formatNumber(workout.durationMinutes, locale) })}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('workouts.history.calories')}</dt>
            <FlameIcon aria-hidden="true" />
            <dd className="tabular-nums">{t('workouts.units.kcal', { value: formatNumber(workout.caloriesBurned, locale) })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t('workouts.history.sets')}</dt>
            <dd>{t('workouts.history.setsCount', { count: sets })}</dd>
          </div>
          {volume > 0 ? (
            <div>
              <dt className="sr-only">{t('workouts.history.volume')}</dt>
              <dd className="tabular-nums">{t('workouts.history.volumeValue', { value: formatNumber(Math.round(fromKg(volume, unit)), locale), unit: t(`units.${unit}`) })}</dd>
            </div>
          ) : null}
        </dl>
        {names.length > 0 ? <p className="mt-2 line-clamp-2 text-sm text-zinc-500 dark:text-zinc-400">{names.join(t('plans.listSeparator'))}</p> : null}
        {done.length > 0 ? (
          <details className="mt-3">
            <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-lg text-sm font-medium text-brand-700 select-none hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 [&::-webkit-details-marker]:hidden">
              {t('workouts.history.showSets')}
            </summary>
            <ul className="mt-1 space-y-2 text-sm" data-testid="workout-sets">
              {done.map(({ e, sets }, i) => (
                <li key={i}>
                  <p className="font-medium text-zinc-800 dark:text-zinc-200">{exerciseName(e, locale)}</p>
                  <ol className="text-zinc-600 tabular-nums dark:text-zinc-400">
                    {sets.map((s, j) => (
                      <li key={j}>{t('workouts.history.setLine', { n: j + 1, value: setText(s, true) })}</li>
                    ))}
                  </ol>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {muscles.length > 0 ? (
          <details className="group mt-3">
            <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-lg text-sm font-medium text-brand-700 select-none hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300 [&::-webkit-details-marker]:hidden">
              {t('coach.map.sessionToggle')}
            </summary>
            <BodyMap className="mt-2" muscles={muscles} title={t('coach.map.sessionCaption')} />
          </details>
        ) : null}
      </Card>
    </li>
  );
}

export function HistoryPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const toast = useToast();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const workouts = useWorkouts(page);
  const remove = useDeleteWorkout();
  const [deleting, setDeleting] = useState<Workout | null>(null);
  const waiting = useOutbox(useMe().data?.id, 'workout');
  useDocumentTitle(t('workouts.title'));

  const logButton = (
    <ButtonLink to={to('app/workouts/new')} icon={<PlusIcon />}>
      {t('workouts.history.log')}
    </ButtonLink>
  );

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <WorkoutsHeader subtitle={t('workouts.history.subtitle')} actions={logButton} />
      <div className={waiting.length > 0 ? 'mb-6' : undefined}>
        <OutboxList items={waiting} />
      </div>
      {workouts.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : workouts.isError ? (
        <ErrorState error={workouts.error} onRetry={() => void workouts.refetch()} retrying={workouts.isFetching} />
      ) : workouts.data.items.length === 0 ? (
        // A first workout waiting to sync is not "no workouts yet".
        waiting.length > 0 ? null : (
          <EmptyState icon={<DumbbellIcon />} title={t('workouts.history.emptyTitle')} body={t('workouts.history.emptyBody')} action={logButton} />
        )
      ) : (
        <div className="space-y-6">
          <ul className="space-y-3" aria-label={t('workouts.sections.history')}>
            {workouts.data.items.map((w) => (
              <WorkoutRow key={w.id} workout={w} onDelete={() => setDeleting(w)} />
            ))}
          </ul>
          <Pagination page={page} totalPages={workouts.data.totalPages} onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('workouts.history.deleteTitle')}
        description={t('workouts.history.deleteBody')}
        confirmLabel={t('workouts.history.deleteConfirm')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success(t('workouts.history.deleted'));
              // The last item of a later page gone: step back rather than show an empty page.
              if (workouts.data && workouts.data.items.length === 1 && page > 1) setParams(page - 1 === 1 ? {} : { page: String(page - 1) });
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </div>
  );
}
