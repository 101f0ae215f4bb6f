import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { customExerciseSchema } from '#core/data/data.contract';
import { CUSTOM_EXERCISE_LIMITS, customExerciseInputSchema } from '#core/data/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { Field } from '#web/components/ui/field';
import { DownloadIcon, DumbbellIcon, PencilIcon, PlusIcon, TrashIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatDate } from '#web/lib/format';
import { intlLocale } from '#web/lib/locale';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useCustomExercises, useDeleteCustomExercise, useRenameCustomExercise } from '../api/workouts';
import { WorkoutsHeader } from './workouts-header';

type OwnExercise = z.infer<typeof customExerciseSchema>;

const MAX = CUSTOM_EXERCISE_LIMITS.perUser;
const iconButton = 'flex size-11 items-center justify-center rounded-xl text-lg text-zinc-500 focus-visible:outline-2 focus-visible:outline-brand-500';

/** Workouts → Your exercises: the user's own exercises (ADR 029), how many of the 100 are used, rename and delete. */
export function ExercisesPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const own = useCustomExercises(true);
  // By name, as a person looks one up ("Drill 2" before "Drill 10"); the server lists them oldest first.
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(intlLocale(locale), { numeric: true, sensitivity: 'base' });
    return [...(own.data?.items ?? [])].sort((a, b) => collator.compare(a.name, b.name));
  }, [own.data, locale]);
  const [renaming, setRenaming] = useState<OwnExercise | null>(null);
  const [deleting, setDeleting] = useState<OwnExercise | null>(null);
  useDocumentTitle(t('workouts.own.title'));

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <WorkoutsHeader subtitle={t('workouts.own.subtitle')} />
      {own.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-48 rounded-2xl" />
        </div>
      ) : own.isError ? (
        <ErrorState error={own.error} onRetry={() => void own.refetch()} retrying={own.isFetching} />
      ) : own.data.items.length === 0 ? (
        <EmptyState
          icon={<DumbbellIcon />}
          title={t('workouts.own.emptyTitle')}
          body={t('workouts.own.emptyBody')}
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <ButtonLink to={to('app/workouts/new')} icon={<PlusIcon />}>
                {t('workouts.history.log')}
              </ButtonLink>
              <ButtonLink to={to('app/settings?tab=data')} variant="outline" icon={<DownloadIcon />}>
                {t('workouts.own.import')}
              </ButtonLink>
            </div>
          }
        />
      ) : (
        <div className="space-y-4">
          <Usage count={own.data.items.length} />
          <Card>
            <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t('workouts.own.title')} data-testid="own-exercises">
              {sorted.map((e) => (
                <Row key={e.id} exercise={e} onRename={() => setRenaming(e)} onDelete={() => setDeleting(e)} />
              ))}
            </ul>
          </Card>
        </div>
      )}
      {renaming ? <RenameDialog exercise={renaming} onClose={() => setRenaming(null)} /> : null}
      <DeleteDialog exercise={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** "12 of 100 used", a bar, and at the limit what it means for the picker and for imports. */
function Usage({ count }: { count: number }) {
  const { t } = useTranslation();
  const full = count >= MAX;
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <p className="shrink-0 text-sm font-medium text-zinc-700 tabular-nums dark:text-zinc-300" data-testid="own-usage">
          {t('workouts.own.used', { value: count, max: MAX })}
        </p>
        <div className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
          <div className={cn('h-full rounded-full', full ? 'bg-amber-500' : 'bg-brand-600 dark:bg-brand-500')} style={{ width: `${Math.min(100, (count / MAX) * 100)}%` }} />
        </div>
      </div>
      {full ? <Alert tone="warning">{t('workouts.own.full', { max: MAX })}</Alert> : null}
    </div>
  );
}

function Row({ exercise, onRename, onDelete }: { exercise: OwnExercise; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="flex items-center gap-3 py-2 pr-2 pl-4 sm:pl-5">
      <div className="min-w-0 flex-1 py-1">
        <p className="font-medium break-words text-zinc-900 dark:text-white">{exercise.name}</p>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('workouts.own.added', { date: formatDate(exercise.createdAt, locale) })}</p>
      </div>
      <div className="flex shrink-0">
        <button
          type="button"
          onClick={onRename}
          aria-label={t('workouts.own.rename', { name: exercise.name })}
          className={cn(iconButton, 'hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white')}
        >
          <PencilIcon />
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={t('workouts.own.delete', { name: exercise.name })}
          className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950/40 dark:hover:text-red-400')}
        >
          <TrashIcon />
        </button>
      </div>
    </li>
  );
}

/** The new name, checked with the server's own schema; a clash (another of yours, or the library's) shows on the field. */
function RenameDialog({ exercise, onClose }: { exercise: OwnExercise; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const rename = useRenameCustomExercise();
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(customExerciseInputSchema),
    defaultValues: { name: exercise.name },
    shouldFocusError: false,
  });
  const fieldError = formState.errors.name?.message;

  const submit = handleSubmit(({ name }) => {
    rename.mutate(
      { id: exercise.id, name },
      {
        onSuccess: () => {
          toast.success(t('workouts.own.renamed'));
          onClose();
        },
        onError: (error) => applyServerFieldErrors(error, setError, ['name']),
      },
    );
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('workouts.own.renameTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={rename.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="rename-exercise-form" loading={rename.isPending}>
            {t('workouts.own.save')}
          </Button>
        </>
      }
    >
      <form id="rename-exercise-form" onSubmit={submit} noValidate className="space-y-3">
        <Field label={t('workouts.own.name')} error={fieldError} hint={t('workouts.own.renameHint')}>
          <Input maxLength={CUSTOM_EXERCISE_LIMITS.nameLength} autoComplete="off" {...register('name')} />
        </Field>
        {rename.isError && !fieldError ? <Alert tone="error">{errorText(rename.error)}</Alert> : null}
      </form>
    </Dialog>
  );
}

/** Says what happens to the workouts that logged it: nothing (they keep it by name). */
function DeleteDialog({ exercise, onClose }: { exercise: OwnExercise | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const toast = useToast();
  const remove = useDeleteCustomExercise();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={exercise !== null}
      onClose={close}
      tone="danger"
      title={t('workouts.own.deleteTitle', { name: exercise?.name ?? '' })}
      description={t('workouts.own.deleteBody')}
      confirmLabel={t('workouts.own.deleteConfirm')}
      pending={remove.isPending}
      onConfirm={() =>
        exercise &&
        remove.mutate(exercise.id, {
          onSuccess: () => {
            toast.success(t('workouts.own.deleted'));
            close();
          },
        })
      }
    >
      {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
    </ConfirmDialog>
  );
}
