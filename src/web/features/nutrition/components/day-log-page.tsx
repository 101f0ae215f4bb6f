import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mealTypeFor } from '#core/nutrition/meals';
import { MEAL_TYPES, type Entry, type MealType } from '#core/nutrition/schemas';
import { ButtonLink, Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { ErrorState } from '#web/components/ui/error-state';
import { CameraIcon, CopyIcon, PlusIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useMe } from '#web/app/me';
import { OutboxList } from '#web/components/outbox-list';
import { useOutbox } from '#web/lib/outbox';
import { useCopyEntries, useDayEntries, useDeleteEntry, useSummary } from '../api/nutrition';
import { addDays, isLocalDate, todayIn } from '../lib/dates';
import { entryName } from '../lib/format';
import { AddFoodDialog } from './add-food-dialog';
import { DateSwitcher } from './date-switcher';
import { EditEntryDialog } from './edit-entry-dialog';
import { MealSection } from './meal-section';
import { NutritionHeader } from './nutrition-header';
import { SaveMealDialog } from './save-meal-dialog';
import { SummaryCard } from './summary-card';

function DaySkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-52 rounded-2xl" />
      <Skeleton className="h-28 rounded-2xl" />
      <Skeleton className="h-28 rounded-2xl" />
    </div>
  );
}

/** Today's log (or another day's): the day against the targets, then each meal with its foods. */
export function DayLogPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const me = useMe();
  const timezone = me.data?.preferences.timezone ?? 'UTC';
  const today = todayIn(timezone);
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const date = asked && isLocalDate(asked) && asked <= today ? asked : today;
  useDocumentTitle(t('nutrition.title'));

  const summary = useSummary(date);
  const entries = useDayEntries(date);
  const copy = useCopyEntries();
  const remove = useDeleteEntry();
  const [adding, setAdding] = useState<MealType | null>(null);
  const [editing, setEditing] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [copyingMeal, setCopyingMeal] = useState<MealType | 'day' | null>(null);
  const [saving, setSaving] = useState<MealType | null>(null);
  const meals = useOutbox(me.data?.id, 'meal');
  const savedMeals = useOutbox(me.data?.id, 'savedMeal');
  const waiting = [...meals, ...savedMeals].filter((item) => item.date === date);

  function goTo(next: string) {
    const nextParams = new URLSearchParams(params);
    if (next === today) nextParams.delete('date');
    else nextParams.set('date', next);
    setParams(nextParams, { replace: true, preventScrollReset: true });
  }

  function copyFromDayBefore(meal: MealType) {
    setCopyingMeal(meal);
    copy.mutate(
      { fromDate: addDays(date, -1), toDate: date, mealType: meal },
      {
        onSuccess: (result) => toast.success(t('nutrition.copied', { count: result.count, meal: t(`nutrition.meals.${meal}`) })),
        onError: (error) => toast.error(errorText(error)),
        onSettled: () => setCopyingMeal(null),
      },
    );
  }

  function copyDayBefore() {
    setCopyingMeal('day');
    copy.mutate(
      { fromDate: addDays(date, -1), toDate: date },
      {
        onSuccess: (result) => toast.success(t('nutrition.copiedDay', { count: result.count })),
        onError: (error) => toast.error(errorText(error)),
        onSettled: () => setCopyingMeal(null),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const name = entryName(deleting, locale);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('nutrition.deleted', { name }));
      },
      onError: (error) => toast.error(errorText(error)),
    });
  }

  const defaultMeal = date === today ? mealTypeFor(Date.now(), timezone) : 'lunch';
  const items = entries.data?.items ?? [];
  // The list comes newest first; a meal reads in the order it was eaten.
  const byMeal = (meal: MealType) => items.filter((e) => e.mealType === meal).sort((a, b) => a.eatenAt.localeCompare(b.eatenAt));

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <NutritionHeader
        subtitle={t('nutrition.subtitle')}
        actions={
          <>
            <ButtonLink variant="outline" to={to('app/nutrition/scan')} icon={<CameraIcon />}>
              {t('nutrition.scan.button')}
            </ButtonLink>
            <Button icon={<PlusIcon />} onClick={() => setAdding(defaultMeal)} disabled={me.isPending}>
              {t('nutrition.add.button')}
            </Button>
          </>
        }
      />
      <div className="space-y-4">
        <DateSwitcher date={date} today={today} onChange={goTo} />
        <OutboxList items={waiting} />
        {me.isPending || summary.isPending || entries.isPending ? (
          <DaySkeleton />
        ) : summary.isError || entries.isError ? (
          <ErrorState
            error={summary.error ?? entries.error}
            onRetry={() => {
              void summary.refetch();
              void entries.refetch();
            }}
            retrying={summary.isFetching || entries.isFetching}
          />
        ) : (
          <div className={summary.isPlaceholderData || entries.isPlaceholderData ? 'space-y-4 opacity-60 transition-opacity' : 'space-y-4'}>
            <SummaryCard summary={summary.data} />
            {items.length === 0 && waiting.length === 0 ? (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-dashed border-zinc-300 px-4 py-3 dark:border-zinc-700">
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('nutrition.copyDayHint')}</p>
                <Button variant="outline" size="sm" icon={<CopyIcon />} onClick={copyDayBefore} loading={copyingMeal === 'day'}>
                  {t('nutrition.copyDay')}
                </Button>
              </div>
            ) : null}
            {MEAL_TYPES.map((meal) => (
              <MealSection
                key={meal}
                meal={meal}
                entries={byMeal(meal)}
                calories={summary.data.meals[meal].calories}
                onAdd={() => setAdding(meal)}
                onCopy={() => copyFromDayBefore(meal)}
                copying={copyingMeal === meal}
                onSave={() => setSaving(meal)}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </div>
        )}
      </div>

      <AddFoodDialog
        open={adding !== null}
        onClose={() => setAdding(null)}
        meal={adding ?? defaultMeal}
        target={{ date, today, timezone }}
        onLogged={(name) => {
          setAdding(null);
          // Null: kept on this device until the connection returns.
          toast.success(name === null ? t('offline.savedOnDevice') : t('nutrition.logged', { name }));
        }}
      />
      <SaveMealDialog meal={saving} entries={saving ? byMeal(saving) : []} onClose={() => setSaving(null)} />
      <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
        title={t('nutrition.deleteTitle')}
        description={deleting ? t('nutrition.deleteBody', { name: entryName(deleting, locale) }) : undefined}
        confirmLabel={t('nutrition.deleteConfirm')}
        tone="danger"
        pending={remove.isPending}
      />
    </div>
  );
}
