import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { amountOf } from '#core/nutrition/amounts';
import { entryPatchSchema, type Entry, type EntryPatch, type MealType } from '#core/nutrition/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useErrorText, useMessageText } from '#web/lib/errors';
import { useLocale } from '#web/lib/use-locale';
import { useFood, useUpdateEntry } from '../api/nutrition';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { bodyResolver, numberOrUndefined } from '../lib/form';
import { entryName } from '../lib/format';
import { MealSelect } from './meal-select';
import { NutrientPreview } from './nutrient-preview';

const text = (x: number | null) => (x === null ? '' : String(x));
const round1 = (x: number) => Math.round(x * 10) / 10;

const EDIT_FIELDS = ['foodName', 'grams', 'calories', 'protein', 'carbs', 'fat'] as const;
type EditValues = Record<(typeof EDIT_FIELDS)[number], string>;

/**
 * A table food is corrected by its weight (the server recomputes it from the table); a quick add by its numbers.
 * Only what changed is sent.
 */
function EditForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const locale = useLocale();
  const update = useUpdateEntry();
  const applyServerFieldErrors = useServerFieldErrors();
  const fromTable = entry.foodId !== null && entry.grams !== null;
  const food = useFood(fromTable ? entry.foodId : null, locale);
  const shownName = entryName(entry, locale);
  const [meal, setMeal] = useState<MealType>(entry.mealType);

  /** What changed, as the server takes it: a table food by its weight, a quick add by its numbers. */
  const toPatch = (v: EditValues): EntryPatch => {
    const patch: EntryPatch = {};
    if (v.foodName.trim() !== shownName) patch.foodName = v.foodName;
    if (meal !== entry.mealType) patch.mealType = meal;
    if (fromTable) {
      const grams = numberOrUndefined(v.grams);
      if (grams !== entry.grams) patch.grams = grams ?? Number.NaN;
    } else {
      const calories = numberOrUndefined(v.calories);
      if (calories !== entry.calories) patch.calories = calories ?? Number.NaN;
      for (const k of ['protein', 'carbs', 'fat'] as const) {
        const value = numberOrUndefined(v[k]) ?? null;
        if (value !== entry[k]) patch[k] = value;
      }
    }
    return patch;
  };
  // Nothing changed is no mistake: the dialog just closes.
  const check = bodyResolver(entryPatchSchema, toPatch);
  const { register, handleSubmit, formState, setError, watch } = useForm<EditValues, unknown, EntryPatch>({
    resolver: (values, context, options) => (Object.keys(toPatch(values)).length === 0 ? { values: {}, errors: {} } : check(values, context, options)),
    defaultValues: { foodName: shownName, grams: text(entry.grams), calories: text(entry.calories), protein: text(entry.protein), carbs: text(entry.carbs), fat: text(entry.fat) },
  });

  const newGrams = numberOrUndefined(watch('grams'));
  const weight = newGrams !== undefined && Number.isFinite(newGrams) ? newGrams : 0;
  // From the table, as the server will compute it; the logged entry scaled while the food is still loading.
  const scale = entry.grams ? weight / entry.grams : 1;
  const preview = food.data
    ? amountOf(food.data.per100g, weight)
    : {
        calories: Math.round(entry.calories * scale),
        protein: round1((entry.protein ?? 0) * scale),
        carbs: round1((entry.carbs ?? 0) * scale),
        fat: round1((entry.fat ?? 0) * scale),
        fibre: round1((entry.fibre ?? 0) * scale),
      };

  const submit = handleSubmit((patch) => {
    if (Object.keys(patch).length === 0) return onDone();
    update.mutate({ id: entry.id, patch }, { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, setError, EDIT_FIELDS) });
  });
  const rootError = formState.errors.root?.message ?? (formState.errors as Record<string, { message?: string }>)['']?.message;

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label={t('nutrition.form.foodName')} error={formState.errors.foodName?.message}>
        <Input maxLength={100} {...register('foodName')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {fromTable ? (
          <Field label={t('nutrition.form.grams')} error={formState.errors.grams?.message}>
            <Input type="number" inputMode="decimal" min="0.1" step="any" {...register('grams')} />
          </Field>
        ) : (
          (['calories', 'protein', 'carbs', 'fat'] as const).map((k) => (
            <Field key={k} label={t(k === 'calories' ? 'nutrition.form.calories' : `nutrition.form.${k}G`)} optional={k !== 'calories'} error={formState.errors[k]?.message}>
              <Input type="number" inputMode="decimal" min="0" step="any" {...register(k)} />
            </Field>
          ))
        )}
        <MealSelect value={meal} onChange={setMeal} />
      </div>
      {fromTable ? <NutrientPreview values={preview} /> : null}
      {rootError ? <Alert tone="error">{messageText(rootError)}</Alert> : null}
      {update.isError && Object.keys(formState.errors).length === 0 ? <Alert tone="error">{errorText(update.error)}</Alert> : null}
      <div className="flex justify-end gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

export function EditEntryDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={entry !== null} onClose={onClose} title={t('nutrition.editTitle')} description={entry?.servingSize ?? undefined}>
      {entry ? <EditForm key={entry.id} entry={entry} onDone={onClose} /> : null}
    </Dialog>
  );
}
