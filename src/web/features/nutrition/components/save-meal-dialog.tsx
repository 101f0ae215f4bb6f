import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { itemFromEntry, KITCHEN_LIMITS, savedMealNameSchema } from '#core/nutrition/kitchen/schemas';
import type { Entry, MealType } from '#core/nutrition/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale } from '#web/lib/use-locale';
import { useCreateSavedMeal } from '../api/kitchen';
import { entryName, kcal } from '../lib/format';

const nameSchema = z.object({ name: savedMealNameSchema });

function SaveMealForm({ meal, entries, onDone }: { meal: MealType; entries: Entry[]; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const create = useCreateSavedMeal();
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(nameSchema), defaultValues: { name: t(`nutrition.meals.${meal}`) } });
  const items = entries.slice(0, KITCHEN_LIMITS.savedMealItems);
  const submit = handleSubmit(({ name }) =>
    create.mutate(
      { name, locale, items: items.map(itemFromEntry) },
      {
        onSuccess: (saved) => {
          toast.success(t('nutrition.kitchen.saved', { name: saved.name }));
          onDone();
        },
        onError: (error) => applyServerFieldErrors(error, setError, ['name']),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label={t('nutrition.kitchen.mealName')} error={formState.errors.name?.message} hint={t('nutrition.kitchen.mealNameHint')}>
        <Input autoComplete="off" maxLength={KITCHEN_LIMITS.savedMealName} {...register('name')} />
      </Field>
      <ul className="space-y-1 rounded-xl bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
        {items.map((e) => (
          <li key={e.id} className="flex justify-between gap-3">
            <span className="truncate">{entryName(e, locale)}</span>
            <span className="shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{t('nutrition.units.kcal', { value: kcal(e.calories, locale) })}</span>
          </li>
        ))}
      </ul>
      {create.isError && !formState.errors.name ? <Alert tone="error">{errorText(create.error)}</Alert> : null}
      <div className="flex justify-end gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={create.isPending}>
          {t('nutrition.kitchen.save')}
        </Button>
      </div>
    </form>
  );
}

/** "Save as meal": the foods of a logged meal kept under a name, to log them again in one tap. */
export function SaveMealDialog({ meal, entries, onClose }: { meal: MealType | null; entries: Entry[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={meal !== null} onClose={onClose} title={t('nutrition.kitchen.saveTitle')} description={t('nutrition.kitchen.saveBody')}>
      {meal ? <SaveMealForm key={meal} meal={meal} entries={entries} onDone={onClose} /> : null}
    </Dialog>
  );
}
