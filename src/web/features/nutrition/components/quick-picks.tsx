import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { logAgainInput, savedMealNameSchema, type RecentFood, type SavedMeal } from '#core/nutrition/kitchen/schemas';
import type { EntryInput, MealType } from '#core/nutrition/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { CheckIcon, PencilIcon, PlusIcon, TrashIcon, XIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { useMe } from '#web/app/me';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale } from '#web/lib/use-locale';
import { useDeleteSavedMeal, useLogSavedMeal, useRecentFoods, useSavedMeals, useUpdateSavedMeal } from '../api/kitchen';
import { useLogEntry } from '../api/nutrition';
import { entryName, grams, kcal } from '../lib/format';

const rowClass =
  'flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60 dark:hover:bg-zinc-800';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="px-0.5 pb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h3>
      <ul className="-mx-2">{children}</ul>
    </section>
  );
}

/** A food as last logged; one tap logs it again, same serving, into the chosen meal. */
function FoodRow({ food, meal, logging, onLog }: { food: RecentFood; meal: MealType; logging: boolean; onLog: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = entryName(food, locale);
  const serving = food.servingSize ?? (food.grams !== null ? t('nutrition.kitchen.grams', { value: grams(food.grams, locale) }) : null);
  return (
    <li>
      <button type="button" className={`${rowClass} w-full`} onClick={onLog} disabled={logging}>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-zinc-900 dark:text-white">{name}</span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
            {[serving, t('nutrition.units.kcal', { value: kcal(food.calories, locale) })].filter(Boolean).join(' · ')}
          </span>
          <span className="sr-only"> {t('nutrition.add.addTo', { meal: t(`nutrition.meals.${meal}`) })}</span>
        </span>
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950/60 dark:text-brand-300">
          {logging ? <Spinner /> : <PlusIcon />}
        </span>
      </button>
    </li>
  );
}

const renameSchema = z.object({ name: savedMealNameSchema });

function RenameForm({ meal, onDone }: { meal: SavedMeal; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateSavedMeal();
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(renameSchema), defaultValues: { name: meal.name } });
  const submit = handleSubmit(({ name }) => update.mutate({ id: meal.id, patch: { name } }, { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, setError, ['name']) }));
  return (
    <li className="px-2 py-2">
      <form onSubmit={submit} noValidate className="flex items-start gap-2">
        <Field label={t('nutrition.kitchen.mealName')} hideLabel className="flex-1" error={formState.errors.name?.message}>
          <Input autoComplete="off" maxLength={60} data-autofocus {...register('name')} />
        </Field>
        <Button type="submit" size="sm" className="mt-0.5 px-2.5" loading={update.isPending} aria-label={t('nutrition.kitchen.saveName')} icon={<CheckIcon />} />
        <Button variant="ghost" size="sm" className="mt-0.5 px-2.5" onClick={onDone} aria-label={t('common.cancel')} icon={<XIcon />} />
      </form>
      {update.isError && !formState.errors.name ? <Alert tone="error">{errorText(update.error)}</Alert> : null}
    </li>
  );
}

/** A saved meal: one tap logs all its foods; rename and delete beside it. */
function SavedMealRow({ meal, target, logging, onLog }: { meal: SavedMeal; target: MealType; logging: boolean; onLog: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const remove = useDeleteSavedMeal();
  const [state, setState] = useState<'idle' | 'renaming' | 'deleting'>('idle');
  if (state === 'renaming') return <RenameForm meal={meal} onDone={() => setState('idle')} />;
  const foods = meal.items.map((item) => entryName(item, locale)).join(', ');
  return (
    <li className="flex items-center gap-1">
      {state === 'deleting' ? (
        <fieldset className="flex min-w-0 flex-1 flex-wrap items-center gap-2 px-2 py-2" aria-label={t('nutrition.kitchen.deleteTitle', { name: meal.name })}>
          <span className="min-w-0 flex-1 text-sm text-zinc-800 dark:text-zinc-200">{t('nutrition.kitchen.deleteAsk', { name: meal.name })}</span>
          <Button
            size="sm"
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(meal.id, {
                onSuccess: () => toast.success(t('nutrition.kitchen.deleted', { name: meal.name })),
                onError: (error) => toast.error(errorText(error)),
              })
            }
          >
            {t('nutrition.kitchen.deleteConfirm')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setState('idle')}>
            {t('common.cancel')}
          </Button>
        </fieldset>
      ) : (
        <>
          <button type="button" className={rowClass} onClick={onLog} disabled={logging}>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-zinc-900 dark:text-white">{meal.name}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                {t('nutrition.units.kcal', { value: kcal(meal.calories, locale) })} · {foods}
              </span>
              <span className="sr-only"> {t('nutrition.add.addTo', { meal: t(`nutrition.meals.${target}`) })}</span>
            </span>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950/60 dark:text-brand-300">
              {logging ? <Spinner /> : <PlusIcon />}
            </span>
          </button>
          <Button variant="ghost" size="sm" className="px-2" onClick={() => setState('renaming')} aria-label={t('nutrition.kitchen.rename', { name: meal.name })} icon={<PencilIcon />} />
          <Button
            variant="ghost"
            size="sm"
            className="px-2 hover:text-red-600 dark:hover:text-red-400"
            onClick={() => setState('deleting')}
            aria-label={t('nutrition.kitchen.delete', { name: meal.name })}
            icon={<TrashIcon />}
          />
        </>
      )}
    </li>
  );
}

/**
 * What the add-food dialog opens on, before anything is typed: the saved meals, the foods logged last and the foods
 * logged most, each logged in one tap into the chosen meal.
 */
export function QuickPicks({
  meal,
  date,
  when,
  onLogged,
}: {
  meal: MealType;
  /** The day of the log the dialog was opened on. */
  date: string;
  /** Where the entry goes: the meal, and a time on a past day. */
  when: Pick<EntryInput, 'eatenAt' | 'mealType'>;
  onLogged: (name: string | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const userId = useMe().data!.id;
  const recent = useRecentFoods();
  const saved = useSavedMeals();
  const log = useLogEntry();
  const logMeal = useLogSavedMeal();
  const [busy, setBusy] = useState<string | null>(null);

  if (recent.isPending || saved.isPending) return <Spinner className="mx-auto flex justify-center py-6 text-2xl text-brand-600" />;
  if (recent.isError || saved.isError) return <Alert tone="error">{errorText(recent.error ?? saved.error)}</Alert>;

  const meals = saved.data.items;
  const { recent: last, frequent } = recent.data;
  // The frequent list shows what the recent one does not already.
  const shown = new Set(last.slice(0, 5).map((f) => f.foodId ?? f.foodName.toLowerCase()));
  const often = frequent.filter((f) => !shown.has(f.foodId ?? f.foodName.toLowerCase()));
  if (meals.length === 0 && last.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center dark:border-zinc-700" data-testid="quick-picks-empty">
        <p className="font-medium text-zinc-900 dark:text-white">{t('nutrition.kitchen.emptyTitle')}</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('nutrition.kitchen.emptyBody')}</p>
      </div>
    );
  }

  function logFood(food: RecentFood, key: string) {
    setBusy(key);
    const body: EntryInput = { ...logAgainInput(food), locale, ...when };
    const name = entryName(food, locale);
    log.mutate(
      { userId, body, label: `${name} · ${t('nutrition.units.kcal', { value: kcal(food.calories, locale) })}`, date },
      { onSuccess: (logged) => onLogged(logged.queued ? null : name), onSettled: () => setBusy(null) },
    );
  }

  function logSaved(item: SavedMeal) {
    setBusy(item.id);
    logMeal.mutate(
      {
        userId,
        body: { id: item.id, input: { mealType: meal, eatenAt: when.eatenAt ?? new Date().toISOString(), locale } },
        label: `${item.name} · ${t('nutrition.units.kcal', { value: kcal(item.calories, locale) })}`,
        date,
      },
      { onSuccess: (logged) => onLogged(logged.queued ? null : item.name), onSettled: () => setBusy(null) },
    );
  }

  return (
    <div className="-mr-2 max-h-[50vh] space-y-4 overflow-y-auto pr-2" data-testid="quick-picks">
      {log.isError || logMeal.isError ? <Alert tone="error">{errorText(log.error ?? logMeal.error)}</Alert> : null}
      {meals.length > 0 ? (
        <Section title={t('nutrition.kitchen.savedMeals')}>
          {meals.map((m) => (
            <SavedMealRow key={m.id} meal={m} target={meal} logging={busy === m.id} onLog={() => logSaved(m)} />
          ))}
        </Section>
      ) : null}
      {last.length > 0 ? (
        <Section title={t('nutrition.kitchen.recent')}>
          {last.map((f, i) => (
            <FoodRow key={`r${f.foodId ?? f.foodName}`} food={f} meal={meal} logging={busy === `r${i}`} onLog={() => logFood(f, `r${i}`)} />
          ))}
        </Section>
      ) : null}
      {often.length > 0 ? (
        <Section title={t('nutrition.kitchen.frequent')}>
          {often.map((f, i) => (
            <FoodRow key={`f${f.foodId ?? f.foodName}`} food={f} meal={meal} logging={busy === `f${i}`} onLog={() => logFood(f, `f${i}`)} />
          ))}
        </Section>
      ) : null}
    </div>
  );
}
