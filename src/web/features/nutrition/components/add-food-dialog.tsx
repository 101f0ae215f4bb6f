import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { amountOf } from '#core/nutrition/amounts';
import { entryInputSchema, type EntryInput, type FoodDto, type MealType } from '#core/nutrition/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { ArrowLeftIcon, BarcodeIcon, PlusIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Segmented } from '#web/components/ui/segmented';
import { Select } from '#web/components/ui/select';
import { Spinner } from '#web/components/ui/spinner';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale } from '#web/lib/use-locale';
import { useMe } from '#web/app/me';
import { useFoodSearch, useLogEntry } from '../api/nutrition';
import { usualMealTime } from '../lib/dates';
import { bodyResolver, numberOrUndefined } from '../lib/form';
import { kcal } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { BarcodePanel } from './barcode-panel';
import { MealSelect } from './meal-select';
import { NutrientPreview } from './nutrient-preview';
import { QuickPicks } from './quick-picks';

interface Target {
  date: string;
  today: string;
  timezone: string;
}

/** Where a new entry goes: now, on today's log; a usual time of the meal on a past day's. */
function when(target: Target, meal: MealType): Pick<EntryInput, 'eatenAt' | 'mealType'> {
  return target.date === target.today ? { mealType: meal } : { mealType: meal, eatenAt: usualMealTime(target.date, meal, target.timezone) };
}

function FoodResults({ query, onPick }: { query: string; onPick: (food: FoodDto) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const debounced = useDebounced(query, 200);
  const search = useFoodSearch(debounced, locale);
  if (!debounced.trim()) return <Spinner className="mx-auto flex justify-center py-6 text-2xl text-brand-600" />;
  if (search.isPending) return <Spinner className="mx-auto flex justify-center py-6 text-2xl text-brand-600" />;
  if (search.isError) return <Alert tone="error">{errorText(search.error)}</Alert>;
  if (search.data.items.length === 0) return <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('nutrition.add.noResults', { query: debounced.trim() })}</p>;
  return (
    <ul className="-mx-2 max-h-[45vh] overflow-y-auto" aria-label={t('nutrition.add.results')} aria-busy={search.isPlaceholderData || undefined}>
      {search.data.items.map((food) => (
        <li key={food.id}>
          <button
            type="button"
            onClick={() => onPick(food)}
            className="flex w-full items-center gap-3 rounded-xl px-2 py-2.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-zinc-900 dark:text-white">{food.name}</span>
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{food.otherName}</span>
            </span>
            <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{t('nutrition.add.per100g', { kcal: kcal(food.per100g.kcal, locale) })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

const GRAMS = 'grams';
const round1 = (x: number) => Math.round(x * 10) / 10;

interface PortionValues {
  portion: string;
  quantity: string;
  grams: string;
}

/** A food of the table: a portion and how many, or grams; the nutrients follow every change. */
function PortionPicker({
  food,
  meal,
  onMeal,
  target,
  onBack,
  onLogged,
}: {
  food: FoodDto;
  meal: MealType;
  onMeal: (m: MealType) => void;
  target: Target;
  onBack: () => void;
  onLogged: (name: string | null) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const log = useLogEntry();
  const userId = useMe().data!.id;
  const applyServerFieldErrors = useServerFieldErrors();
  const first = food.portions[0];
  const { register, handleSubmit, formState, setError, setValue, watch } = useForm<PortionValues, unknown, EntryInput>({
    // The amount as the server takes it: a portion and a quantity, or grams.
    resolver: bodyResolver(entryInputSchema, (v: PortionValues) => ({
      foodId: food.id,
      locale,
      ...(v.portion !== GRAMS ? { portion: Number(v.portion), quantity: numberOrUndefined(v.quantity) } : { grams: numberOrUndefined(v.grams) }),
    })),
    defaultValues: { portion: first ? '0' : GRAMS, quantity: '1', grams: String(first ? first.grams : 100) },
  });
  const [portion, quantity, gramsText] = watch(['portion', 'quantity', 'grams']);
  const byPortion = portion !== GRAMS ? food.portions[Number(portion)] : undefined;
  const qty = numberOrUndefined(quantity);
  const weight = byPortion ? byPortion.grams * (qty ?? 0) : (numberOrUndefined(gramsText) ?? 0);
  const preview = amountOf(food.per100g, Number.isFinite(weight) ? weight : 0);

  const submit = handleSubmit((amount) => {
    const body: EntryInput = { ...amount, ...when(target, meal) };
    log.mutate(
      { userId, body, label: `${food.name} · ${t('nutrition.units.kcal', { value: kcal(preview.calories, locale) })}`, date: target.date },
      {
        onSuccess: (logged) => onLogged(logged.queued ? null : logged.saved.foodName),
        onError: (error) => applyServerFieldErrors(error, setError, ['portion', 'quantity', 'grams']),
      },
    );
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="flex items-start gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 px-2" onClick={onBack} aria-label={t('nutrition.add.backToSearch')} icon={<ArrowLeftIcon />} />
        <div className="min-w-0">
          <p className="font-semibold text-zinc-900 dark:text-white">{food.name}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{food.otherName}</p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {/* The whole row, and the portion's name alone (its grams show in the field beside): portion names run long
            ("1 mango, without skin and seed") and a select cannot wrap. */}
        <Field label={t('nutrition.form.portion')} className="col-span-2" error={formState.errors.portion?.message}>
          <Select
            {...register('portion', {
              onChange: (e) => {
                const p = e.target.value !== GRAMS ? food.portions[Number(e.target.value)] : undefined;
                if (p) setValue('grams', String(round1(p.grams * (qty ?? 1))));
              },
            })}
          >
            {food.portions.map((p) => (
              <option key={p.index} value={String(p.index)}>
                {p.label}
              </option>
            ))}
            <option value={GRAMS}>{t('nutrition.add.inGrams')}</option>
          </Select>
        </Field>
        {byPortion ? (
          <Field label={t('nutrition.form.quantity')} error={formState.errors.quantity?.message}>
            <Input
              type="number"
              inputMode="decimal"
              min="0.1"
              step="0.5"
              {...register('quantity', {
                onChange: (e) => {
                  const q = numberOrUndefined(e.target.value);
                  if (q !== undefined && Number.isFinite(q)) setValue('grams', String(round1(byPortion.grams * q)));
                },
              })}
            />
          </Field>
        ) : null}
        <Field label={t('nutrition.form.grams')} error={formState.errors.grams?.message} className={byPortion ? undefined : 'col-span-2'}>
          <Input
            type="number"
            inputMode="decimal"
            min="0.1"
            step="any"
            // Typing a weight leaves the portion behind: the grams are now what counts.
            {...register('grams', { onChange: () => setValue('portion', GRAMS) })}
          />
        </Field>
        <div className="col-span-2">
          <MealSelect value={meal} onChange={onMeal} />
        </div>
      </div>
      <NutrientPreview values={preview} />
      {log.isError && Object.keys(formState.errors).length === 0 ? <Alert tone="error">{errorText(log.error)}</Alert> : null}
      <Button type="submit" className="w-full" loading={log.isPending} icon={<PlusIcon />}>
        {t('nutrition.add.addTo', { meal: t(`nutrition.meals.${meal}`) })}
      </Button>
    </form>
  );
}

const QUICK_FIELDS = ['foodName', 'calories', 'protein', 'carbs', 'fat', 'servingSize'] as const;
type QuickValues = Record<(typeof QUICK_FIELDS)[number], string>;

/** Calories (and macros, if known) typed in, for a food the table does not have. */
function QuickAddForm({ meal, onMeal, target, onLogged }: { meal: MealType; onMeal: (m: MealType) => void; target: Target; onLogged: (name: string | null) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const userId = useMe().data!.id;
  const errorText = useErrorText();
  const log = useLogEntry();
  const applyServerFieldErrors = useServerFieldErrors();
  const { register, handleSubmit, formState, setError } = useForm<QuickValues, unknown, EntryInput>({
    resolver: bodyResolver(entryInputSchema, (v: QuickValues) => ({
      foodName: v.foodName,
      calories: numberOrUndefined(v.calories),
      protein: numberOrUndefined(v.protein),
      carbs: numberOrUndefined(v.carbs),
      fat: numberOrUndefined(v.fat),
      servingSize: v.servingSize.trim() || undefined,
    })),
    defaultValues: { foodName: '', calories: '', protein: '', carbs: '', fat: '', servingSize: '' },
  });

  const submit = handleSubmit((typed) => {
    const body: EntryInput = { ...typed, ...when(target, meal) };
    log.mutate(
      { userId, body, label: `${typed.foodName ?? ''} · ${t('nutrition.units.kcal', { value: kcal(typed.calories ?? 0, locale) })}`, date: target.date },
      { onSuccess: (logged) => onLogged(logged.queued ? null : logged.saved.foodName), onError: (error) => applyServerFieldErrors(error, setError, QUICK_FIELDS) },
    );
  });

  const number = (field: Exclude<(typeof QUICK_FIELDS)[number], 'foodName' | 'servingSize'>, label: string, optional = true) => (
    <Field label={label} optional={optional} error={formState.errors[field]?.message}>
      <Input type="number" inputMode="decimal" min="0" step="any" {...register(field)} />
    </Field>
  );

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label={t('nutrition.form.foodName')} error={formState.errors.foodName?.message}>
        <Input maxLength={100} autoComplete="off" {...register('foodName')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {number('calories', t('nutrition.form.calories'), false)}
        <Field label={t('nutrition.form.servingSize')} optional error={formState.errors.servingSize?.message}>
          <Input maxLength={50} {...register('servingSize')} />
        </Field>
        {number('protein', t('nutrition.form.proteinG'))}
        {number('carbs', t('nutrition.form.carbsG'))}
        {number('fat', t('nutrition.form.fatG'))}
        <MealSelect value={meal} onChange={onMeal} />
      </div>
      {log.isError && Object.keys(formState.errors).length === 0 ? <Alert tone="error">{errorText(log.error)}</Alert> : null}
      <Button type="submit" className="w-full" loading={log.isPending} icon={<PlusIcon />}>
        {t('nutrition.add.addTo', { meal: t(`nutrition.meals.${meal}`) })}
      </Button>
    </form>
  );
}

type Mode = 'search' | 'quick' | 'barcode';

/**
 * The ways to log a food: what was logged before and the saved meals (one tap each), a search of the food table, a
 * barcode, or calories typed in.
 */
export function AddFoodDialog({
  open,
  onClose,
  meal: initialMeal,
  target,
  onLogged,
}: {
  open: boolean;
  onClose: () => void;
  meal: MealType;
  target: Target;
  onLogged: (name: string | null) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('search');
  const [query, setQuery] = useState('');
  const [food, setFood] = useState<FoodDto | null>(null);
  const [meal, setMeal] = useState<MealType>(initialMeal);
  const searchRef = useRef<HTMLInputElement>(null);
  const searching = open && mode === 'search' && food === null;

  // The dialog focuses its first control once open; the search box is where the user means to type.
  useEffect(() => {
    if (!searching) return;
    const timer = window.setTimeout(() => searchRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [searching]);

  // Each opening starts afresh, in the meal it was opened from.
  useEffect(() => {
    if (!open) return;
    setMode('search');
    setQuery('');
    setFood(null);
    setMeal(initialMeal);
  }, [open, initialMeal]);

  return (
    <Dialog open={open} onClose={onClose} title={t('nutrition.add.title')} className="max-w-lg">
      <div className="space-y-4">
        {mode === 'barcode' ? null : (
          <Segmented
            value={mode}
            onChange={setMode}
            stretch
            label={t('nutrition.add.mode')}
            options={[
              { value: 'search', label: t('nutrition.add.search') },
              { value: 'quick', label: t('nutrition.add.quick') },
            ]}
          />
        )}
        {mode === 'quick' ? (
          <QuickAddForm meal={meal} onMeal={setMeal} target={target} onLogged={onLogged} />
        ) : mode === 'barcode' ? (
          <BarcodePanel meal={meal} onMeal={setMeal} date={target.date} when={when(target, meal)} onBack={() => setMode('search')} onLogged={onLogged} />
        ) : food ? (
          <PortionPicker food={food} meal={meal} onMeal={setMeal} target={target} onBack={() => setFood(null)} onLogged={onLogged} />
        ) : (
          <>
            <div className="flex items-end gap-2">
              <Field label={t('nutrition.add.searchLabel')} hideLabel className="flex-1">
                <Input
                  ref={searchRef}
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder={t('nutrition.add.searchPlaceholder')}
                  autoComplete="off"
                  maxLength={100}
                />
              </Field>
              <Button
                variant="outline"
                className="px-3"
                onClick={() => setMode('barcode')}
                aria-label={t('nutrition.barcode.open')}
                title={t('nutrition.barcode.open')}
                icon={<BarcodeIcon />}
              />
            </div>
            {query.trim() ? (
              <FoodResults query={query} onPick={setFood} />
            ) : (
              <>
                <div className="max-w-44">
                  <MealSelect value={meal} onChange={setMeal} />
                </div>
                <QuickPicks meal={meal} date={target.date} when={when(target, meal)} onLogged={onLogged} />
              </>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
