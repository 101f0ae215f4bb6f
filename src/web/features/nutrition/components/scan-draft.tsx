import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { mealTypeAt } from '#core/nutrition/meals';
import type { Message } from '#core/messages/format';
import type { FoodDto, MealType } from '#core/nutrition/schemas';
import { totalsOf, withGrams } from '#core/nutrition/scans/draft';
import { logScanSchema, type LogScanInput, type ScanItem, type ScanResult } from '#core/nutrition/scans/schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { PlusIcon, RefreshIcon, TrashIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useErrorText, useMessageText } from '#web/lib/errors';
import { useLocale } from '#web/lib/use-locale';
import { useFoodSearch } from '../api/nutrition';
import { useLogScan } from '../api/scans';
import { isApiError } from '#web/lib/api-client';
import { bodyResolver, numberOrUndefined } from '../lib/form';
import { grams as formatGrams, kcal, NUTRIENT_COLORS } from '../lib/format';
import { useDebounced } from '../lib/use-debounced';
import { MealSelect } from './meal-select';

interface DraftItem extends ScanItem {
  key: string;
  /** What the user typed, kept apart from `grams` so a half-typed number does not jump. */
  gramsText: string;
}

let nextKey = 0;
const draftItem = (item: ScanItem): DraftItem => ({ ...item, key: `item-${nextKey++}`, gramsText: String(item.grams) });

function fromFood(food: FoodDto): DraftItem {
  const item: ScanItem = {
    name: food.name,
    foodId: food.id,
    grams: 0,
    calories: 0,
    protein: 0,
    carbs: 0,
    fat: 0,
    confidence: 1,
    estimated: false,
    pieces: null,
    per100g: { calories: food.per100g.kcal, protein: food.per100g.protein, carbs: food.per100g.carbs, fat: food.per100g.fat },
  };
  return draftItem(withGrams(item, food.portions[0]?.grams ?? 100));
}

function AddFood({ onAdd }: { onAdd: (food: FoodDto) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 200);
  const search = useFoodSearch(debounced, locale);
  return (
    <div className="space-y-2">
      <Field label={t('scan.draft.addLabel')}>
        <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('scan.draft.addPlaceholder')} autoComplete="off" />
      </Field>
      {debounced.trim() === '' ? null : search.isPending ? (
        <Spinner className="flex justify-center py-3 text-xl text-brand-600" />
      ) : search.isError ? (
        <Alert tone="error">{errorText(search.error)}</Alert>
      ) : search.data.items.length === 0 ? (
        <p className="py-2 text-sm text-zinc-500 dark:text-zinc-400">{t('scan.draft.noResults', { query: debounced.trim() })}</p>
      ) : (
        <ul className="max-h-60 overflow-y-auto rounded-xl ring-1 ring-zinc-200 dark:ring-zinc-800" aria-label={t('scan.draft.results')}>
          {search.data.items.slice(0, 8).map((food) => (
            <li key={food.id}>
              <button
                type="button"
                onClick={() => {
                  onAdd(food);
                  setQuery('');
                }}
                className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800"
              >
                <PlusIcon className="size-4 shrink-0 text-brand-600 dark:text-brand-400" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-white">{food.name}</span>
                <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{t('scan.draft.per100g', { kcal: kcal(food.per100g.kcal, locale) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemRow({ item, errors, onChange, onRemove }: { item: DraftItem; errors: Record<string, string | Message | undefined>; onChange: (item: DraftItem) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const text = useMessageText();
  const error = (field: string) => text(errors[field]);
  function setGrams(value: string) {
    const g = numberOrUndefined(value);
    // A new weight is the user's own count: the detector's "2 pieces" no longer describes it.
    onChange(g !== undefined && Number.isFinite(g) && g >= 0 ? { ...withGrams(item, g), gramsText: value, pieces: null } : { ...item, gramsText: value, pieces: null });
  }
  return (
    <li className="space-y-3 py-4" aria-label={item.name || t('scan.draft.unnamed')}>
      <div className="flex flex-wrap items-center gap-1.5">
        {item.estimated ? <Badge tone="warning">{t('scan.draft.estimate')}</Badge> : null}
        {item.confidence < 1 ? <Badge tone="neutral">{t('scan.draft.confidence', { value: Math.round(item.confidence * 100) })}</Badge> : null}
        {item.pieces && item.pieces > 1 ? <Badge tone="brand">{t('scan.draft.pieces', { count: item.pieces })}</Badge> : null}
      </div>
      <div className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[1fr_8rem_auto]">
        <Field label={t('scan.draft.name')} error={error('name')} className="col-span-2 sm:col-span-1">
          <Input value={item.name} maxLength={100} onChange={(e) => onChange({ ...item, name: e.target.value, foodId: null })} />
        </Field>
        <Field label={t('scan.draft.grams')} error={error('grams') ?? error('calories')}>
          <Input inputMode="decimal" value={item.gramsText} onChange={(e) => setGrams(e.target.value)} className="tabular-nums" />
        </Field>
        <Button
          variant="ghost"
          className="mt-6 px-2.5 hover:text-red-600 dark:hover:text-red-400"
          onClick={onRemove}
          aria-label={t('scan.draft.remove', { name: item.name })}
          icon={<TrashIcon />}
        />
      </div>
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        <span className="font-semibold text-zinc-900 dark:text-white">{t('scan.units.kcal', { value: kcal(item.calories, locale) })}</span>
        {' · '}
        {t('scan.draft.macros', { protein: formatGrams(item.protein, locale), carbs: formatGrams(item.carbs, locale), fat: formatGrams(item.fat, locale) })}
      </p>
    </li>
  );
}

/**
 * The scan's draft: every item may be renamed, reweighed or removed, foods may be added from the table, and the
 * totals follow each change. Logging sends the corrected list as one meal.
 */
export function ScanDraft({ result, photoUrl, onLogged, onRetake }: { result: ScanResult; photoUrl: string | null; onLogged: (count: number) => void; onRetake: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const logScan = useLogScan();
  const [items, setItems] = useState<DraftItem[]>(() => result.items.map(draftItem));
  const [meal, setMeal] = useState<MealType>(() => {
    const now = new Date();
    return mealTypeAt(now.getHours(), now.getMinutes());
  });
  const [serverErrors, setServerErrors] = useState<Record<string, Message>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const totals = totalsOf(items);
  const objectName = (label: string) => t(`scan.objects.${label}`, { defaultValue: label });

  // The draft lives in the list above; the form checks what it would send with the shared schema.
  const { handleSubmit, formState } = useForm<{ items: DraftItem[]; mealType: MealType }, unknown, LogScanInput>({
    values: { items, mealType: meal },
    resetOptions: { keepErrors: true },
    resolver: bodyResolver(logScanSchema, (v: { items: DraftItem[]; mealType: MealType }) => ({
      mealType: v.mealType,
      items: v.items.map((i) => ({
        name: i.name,
        foodId: i.foodId,
        grams: numberOrUndefined(i.gramsText) ?? Number.NaN,
        calories: i.calories,
        protein: i.protein,
        carbs: i.carbs,
        fat: i.fat,
      })),
    })),
  });
  const checked = formState.errors as FieldErrors<{ items: Record<string, { message?: string }>[]; mealType: MealType }>;
  const itemErrors = (index: number) => {
    const own = checked.items?.[index] as Record<string, { message?: string }> | undefined;
    const fields = ['name', 'grams', 'calories'] as const;
    return Object.fromEntries(fields.map((f) => [f, own?.[f]?.message ?? serverErrors[`items.${index}.${f}`]]));
  };

  const submit = handleSubmit((body) => {
    setServerErrors({});
    setFailure(null);
    logScan.mutate(
      { id: result.id, body },
      {
        onSuccess: (res) => onLogged(res.items.length),
        onError: (error) => {
          if (isApiError(error) && error.details.length > 0) setServerErrors(Object.fromEntries(error.details.map((d) => [d.field, d])));
          else setFailure(errorText(error));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <div className="flex items-center gap-4">
        {photoUrl ? <img src={photoUrl} alt={t('scan.photoAlt')} className="size-20 shrink-0 rounded-xl object-cover ring-1 ring-zinc-200 sm:size-24 dark:ring-zinc-800" /> : null}
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">{t('scan.draft.title')}</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(result.engine === 'local' ? 'scan.draft.hintLocal' : 'scan.draft.hintLlm')}</p>
        </div>
      </div>

      {result.items.length === 0 ? (
        <Alert tone="info" title={t('scan.draft.nothingTitle')}>
          {t('scan.draft.nothing')}
          {!result.counted && result.scansRemaining !== null ? ` ${t('scan.draft.notCounted', { count: result.scansRemaining })}` : null}
        </Alert>
      ) : null}
      {result.unrecognised.length > 0 ? (
        <Alert tone="warning">{t('scan.draft.unrecognised', { list: result.unrecognised.map(objectName).join(locale === 'zh' ? '、' : ', ') })}</Alert>
      ) : null}

      <Card className="px-5 sm:px-6">
        {items.length > 0 ? (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t('scan.draft.items')}>
            {items.map((item, i) => (
              <ItemRow
                key={item.key}
                item={item}
                errors={itemErrors(i)}
                onChange={(next) => setItems((all) => all.map((x) => (x.key === item.key ? next : x)))}
                onRemove={() => setItems((all) => all.filter((x) => x.key !== item.key))}
              />
            ))}
          </ul>
        ) : (
          <p className="py-4 text-sm text-zinc-500 dark:text-zinc-400">{t('scan.draft.empty')}</p>
        )}
        <div className="border-t border-zinc-100 py-4 dark:border-zinc-800">
          <AddFood onAdd={(food) => setItems((all) => [...all, fromFood(food)])} />
        </div>
      </Card>

      <Card className="grid grid-cols-4 gap-2 p-4 text-center" aria-label={t('scan.draft.totals')} role="group">
        {(['calories', 'protein', 'carbs', 'fat'] as const).map((k) => (
          <div key={k} className="min-w-0">
            <p className={`text-lg font-bold tabular-nums ${NUTRIENT_COLORS[k].text}`} data-total={k}>
              {k === 'calories' ? kcal(totals.calories, locale) : formatGrams(totals[k], locale)}
            </p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{t(`scan.totals.${k}`)}</p>
          </div>
        ))}
      </Card>

      <MealSelect value={meal} onChange={setMeal} error={checked.mealType?.message ?? serverErrors.mealType} />
      {checked.items?.message || checked.items?.root?.message || serverErrors.items ? <Alert tone="error">{t('scan.draft.needItems')}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onRetake} icon={<RefreshIcon />}>
          {t('scan.draft.retake')}
        </Button>
        <Button type="submit" loading={logScan.isPending} disabled={items.length === 0}>
          {t('scan.draft.log', { count: items.length })}
        </Button>
      </div>
    </form>
  );
}
