import { useState, type FormEvent } from 'react';
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
import { numberOrUndefined, schemaErrors, serverErrors, type FieldErrors } from '../lib/fields';
import { entryName } from '../lib/format';
import { MealSelect } from './meal-select';
import { NutrientPreview } from './nutrient-preview';

const text = (x: number | null) => (x === null ? '' : String(x));
const round1 = (x: number) => Math.round(x * 10) / 10;

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
  const fromTable = entry.foodId !== null && entry.grams !== null;
  const food = useFood(fromTable ? entry.foodId : null, locale);
  const shownName = entryName(entry, locale);
  const [name, setName] = useState(shownName);
  const [meal, setMeal] = useState<MealType>(entry.mealType);
  const [gramsText, setGramsText] = useState(text(entry.grams));
  const [numbers, setNumbers] = useState({ calories: text(entry.calories), protein: text(entry.protein), carbs: text(entry.carbs), fat: text(entry.fat) });
  const [errors, setErrors] = useState<FieldErrors>({});

  const newGrams = numberOrUndefined(gramsText);
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const patch: EntryPatch = {};
    if (name.trim() !== shownName) patch.foodName = name;
    if (meal !== entry.mealType) patch.mealType = meal;
    if (fromTable) {
      if (newGrams !== entry.grams) patch.grams = newGrams ?? Number.NaN;
    } else {
      const calories = numberOrUndefined(numbers.calories);
      if (calories !== entry.calories) patch.calories = calories ?? Number.NaN;
      for (const k of ['protein', 'carbs', 'fat'] as const) {
        const value = numberOrUndefined(numbers[k]) ?? null;
        if (value !== entry[k]) patch[k] = value;
      }
    }
    if (Object.keys(patch).length === 0) return onDone();
    const found = schemaErrors(entryPatchSchema, patch);
    if (found) return setErrors(found);
    setErrors({});
    update.mutate({ id: entry.id, patch }, { onSuccess: onDone, onError: (error) => setErrors(serverErrors(error) ?? {}) });
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label={t('nutrition.form.foodName')} error={errors.foodName}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {fromTable ? (
          <Field label={t('nutrition.form.grams')} error={errors.grams}>
            <Input type="number" inputMode="decimal" min="0.1" step="any" value={gramsText} onChange={(e) => setGramsText(e.target.value)} />
          </Field>
        ) : (
          (['calories', 'protein', 'carbs', 'fat'] as const).map((k) => (
            <Field key={k} label={t(k === 'calories' ? 'nutrition.form.calories' : `nutrition.form.${k}G`)} optional={k !== 'calories'} error={errors[k]}>
              <Input type="number" inputMode="decimal" min="0" step="any" value={numbers[k]} onChange={(e) => setNumbers((v) => ({ ...v, [k]: e.target.value }))} />
            </Field>
          ))
        )}
        <MealSelect value={meal} onChange={setMeal} error={errors.mealType} />
      </div>
      {fromTable ? <NutrientPreview values={preview} /> : null}
      {errors.body ? <Alert tone="error">{messageText(errors.body)}</Alert> : null}
      {update.isError && !serverErrors(update.error) ? <Alert tone="error">{errorText(update.error)}</Alert> : null}
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
