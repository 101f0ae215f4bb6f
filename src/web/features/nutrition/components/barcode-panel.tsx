import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { barcodeEntryInput, barcodeProductInputSchema, barcodeSchema, type BarcodeProduct, type BarcodeProductInput } from '#core/nutrition/kitchen/schemas';
import type { EntryInput, MealType } from '#core/nutrition/schemas';
import { NUTRITION_MESSAGES } from '#core/nutrition/messages';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { ArrowLeftIcon, CameraIcon, PencilIcon, PlusIcon } from '#web/components/ui/icons';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useMe } from '#web/app/me';
import { useAppConfig } from '#web/lib/config';
import { useErrorText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale } from '#web/lib/use-locale';
import { useFindBarcode, useReadLabel, useSaveBarcodeProduct } from '../api/kitchen';
import { useLogEntry } from '../api/nutrition';
import { bodyResolver, numberOrUndefined } from '../lib/form';
import { grams, kcal } from '../lib/format';
import { MealSelect } from './meal-select';

const BarcodeCamera = lazy(() => import('./barcode-camera'));

const codeSchema = z.object({ code: barcodeSchema });
const servingsSchema = z.object({ servings: z.number({ message: NUTRITION_MESSAGES.quantity }).min(0.1, NUTRITION_MESSAGES.quantity).max(50, NUTRITION_MESSAGES.quantity) });

interface Props {
  meal: MealType;
  onMeal: (m: MealType) => void;
  date: string;
  when: Pick<EntryInput, 'eatenAt' | 'mealType'>;
  onBack: () => void;
  onLogged: (name: string | null) => void;
}

/** Digits typed or read by the camera: the code's product, or the form to enter its label. */
function CodeStep({ onFound, onUnknown }: { onFound: (p: BarcodeProduct) => void; onUnknown: (code: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const find = useFindBarcode();
  const [scanning, setScanning] = useState(false);
  const { register, handleSubmit, formState, setValue } = useForm({ resolver: zodResolver(codeSchema), defaultValues: { code: '' } });
  const lookUp = handleSubmit(({ code }) => find.mutate(code, { onSuccess: (product) => (product ? onFound(product) : onUnknown(code)) }));
  return (
    <form onSubmit={lookUp} noValidate className="space-y-3">
      {scanning ? (
        <Suspense fallback={<Spinner className="mx-auto flex justify-center py-6 text-2xl text-brand-600" />}>
          <BarcodeCamera
            onCode={(digits) => {
              setScanning(false);
              setValue('code', digits);
              void lookUp();
            }}
          />
        </Suspense>
      ) : null}
      <div className="flex items-start gap-2">
        <Field label={t('nutrition.barcode.code')} className="flex-1" error={formState.errors.code?.message} hint={t('nutrition.barcode.codeHint')}>
          <Input inputMode="numeric" autoComplete="off" maxLength={20} placeholder="4006381333931" data-autofocus {...register('code')} />
        </Field>
      </div>
      {find.isError ? <Alert tone="error">{errorText(find.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1" loading={find.isPending}>
          {t('nutrition.barcode.lookUp')}
        </Button>
        <Button variant="outline" icon={<CameraIcon />} onClick={() => setScanning((s) => !s)} aria-pressed={scanning}>
          {scanning ? t('nutrition.barcode.stopCamera') : t('nutrition.barcode.scan')}
        </Button>
      </div>
    </form>
  );
}

/** A product found: how many servings, into which meal. */
function FoundStep({ product, onEdit, ...props }: Props & { product: BarcodeProduct; onEdit: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const userId = useMe().data!.id;
  const log = useLogEntry();
  const { register, handleSubmit, formState, watch } = useForm({
    resolver: bodyResolver(servingsSchema, (v: { servings: string }) => ({ servings: numberOrUndefined(v.servings) })),
    defaultValues: { servings: '1' },
  });
  const servings = numberOrUndefined(watch('servings')) ?? 0;
  const submit = handleSubmit(({ servings }) => {
    const body: EntryInput = { ...barcodeEntryInput(product, servings), ...props.when };
    log.mutate(
      { userId, body, label: `${product.name} · ${t('nutrition.units.kcal', { value: kcal(body.calories ?? 0, locale) })}`, date: props.date },
      { onSuccess: (logged) => props.onLogged(logged.queued ? null : logged.saved.foodName) },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="rounded-xl bg-zinc-50 p-3 dark:bg-zinc-800/60" data-testid="barcode-product">
        <p className="font-semibold text-zinc-900 dark:text-white">{product.name}</p>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {[product.brand, t('nutrition.barcode.perServing', { grams: grams(product.servingGrams, locale), kcal: kcal(product.calories, locale) })].filter(Boolean).join(' · ')}
        </p>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t(product.source === 'own' ? 'nutrition.barcode.fromYou' : 'nutrition.barcode.fromOff')}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('nutrition.barcode.servings')} error={formState.errors.servings?.message}>
          <Input type="number" inputMode="decimal" min="0.1" step="0.5" {...register('servings')} />
        </Field>
        <MealSelect value={props.meal} onChange={props.onMeal} />
      </div>
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        {t('nutrition.units.kcal', { value: kcal(product.calories * (Number.isFinite(servings) ? servings : 0), locale) })}
      </p>
      {log.isError ? <Alert tone="error">{errorText(log.error)}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" icon={<PencilIcon />} onClick={onEdit}>
          {t('nutrition.barcode.editLabel')}
        </Button>
        <Button type="submit" className="flex-1" loading={log.isPending} icon={<PlusIcon />}>
          {t('nutrition.add.addTo', { meal: t(`nutrition.meals.${props.meal}`) })}
        </Button>
      </div>
    </form>
  );
}

const LABEL_FIELDS = ['name', 'servingGrams', 'calories', 'protein', 'carbs', 'fat'] as const;
type LabelValues = Record<(typeof LABEL_FIELDS)[number], string>;

/**
 * "Read the label from a photo": the camera on a phone, a file on a desktop; the vision model's values per serving go
 * into the form for the user to check. A failure is shown here and the form stays as typed.
 */
function LabelPhoto({ onRead }: { onRead: (values: Partial<LabelValues>) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const read = useReadLabel();
  const input = useRef<HTMLInputElement>(null);
  const [per100g, setPer100g] = useState(false);
  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="label-photo-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setPer100g(false);
          read.mutate(file, {
            onSuccess: (r) => {
              setPer100g(r.basis === 'per100g');
              onRead({ name: r.name, servingGrams: String(r.servingGrams), calories: String(r.calories), protein: String(r.protein), carbs: String(r.carbs), fat: String(r.fat) });
            },
          });
        }}
      />
      <Button variant="outline" className="w-full" icon={<CameraIcon />} loading={read.isPending} onClick={() => input.current?.click()}>
        {read.isPending ? t('nutrition.barcode.readingLabel') : t('nutrition.barcode.readLabel')}
      </Button>
      <p role="status" data-testid="label-photo-status" className="text-xs text-zinc-500 empty:hidden dark:text-zinc-400">
        {read.isPending ? t('nutrition.barcode.readingHint') : read.isSuccess ? t(per100g ? 'nutrition.barcode.readPer100g' : 'nutrition.barcode.readDone') : ''}
      </p>
      {read.isError ? <Alert tone="error">{errorText(read.error)}</Alert> : null}
    </div>
  );
}

/** The label typed in, per serving: kept for the user under the code, then one serving logged. */
function LabelStep({ code, product, ...props }: Props & { code: string; product: BarcodeProduct | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const userId = useMe().data!.id;
  const save = useSaveBarcodeProduct();
  const log = useLogEntry();
  const applyServerFieldErrors = useServerFieldErrors();
  const text = (x: number | null | undefined) => (x == null ? '' : String(x));
  const labelPhotos = useAppConfig().data?.labelPhotos === true;
  const { register, handleSubmit, formState, setError, setValue, clearErrors } = useForm<LabelValues, unknown, BarcodeProductInput>({
    resolver: bodyResolver(barcodeProductInputSchema, (v: LabelValues) => ({
      barcode: code,
      name: v.name,
      servingGrams: numberOrUndefined(v.servingGrams),
      calories: numberOrUndefined(v.calories),
      protein: numberOrUndefined(v.protein),
      carbs: numberOrUndefined(v.carbs),
      fat: numberOrUndefined(v.fat),
    })),
    defaultValues: {
      name: product?.name ?? '',
      servingGrams: text(product?.servingGrams),
      calories: text(product?.calories),
      protein: text(product?.protein),
      carbs: text(product?.carbs),
      fat: text(product?.fat),
    },
  });
  const submit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        const entry: EntryInput = { ...barcodeEntryInput(saved), ...props.when };
        log.mutate(
          { userId, body: entry, label: `${saved.name} · ${t('nutrition.units.kcal', { value: kcal(saved.calories, locale) })}`, date: props.date },
          { onSuccess: (logged) => props.onLogged(logged.queued ? null : logged.saved.foodName) },
        );
      },
      onError: (error) => applyServerFieldErrors(error, setError, LABEL_FIELDS),
    }),
  );
  const number = (field: Exclude<(typeof LABEL_FIELDS)[number], 'name'>, label: string) => (
    <Field label={label} error={formState.errors[field]?.message}>
      <Input type="number" inputMode="decimal" min="0" step="any" {...register(field)} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('nutrition.barcode.labelTitle')}>
      <Alert tone="info" title={product ? t('nutrition.barcode.editTitle') : t('nutrition.barcode.unknownTitle')}>
        {t('nutrition.barcode.unknownBody', { code })}
      </Alert>
      {labelPhotos ? (
        <LabelPhoto
          onRead={(values) => {
            clearErrors();
            for (const field of LABEL_FIELDS) {
              const value = values[field];
              // A name the photo does not show leaves the typed one.
              if (value !== undefined) setValue(field, value, { shouldDirty: true });
            }
          }}
        />
      ) : null}
      <Field label={t('nutrition.form.foodName')} error={formState.errors.name?.message}>
        <Input autoComplete="off" maxLength={100} data-autofocus {...register('name')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {number('servingGrams', t('nutrition.barcode.servingGrams'))}
        {number('calories', t('nutrition.barcode.caloriesPerServing'))}
        {number('protein', t('nutrition.form.proteinG'))}
        {number('carbs', t('nutrition.form.carbsG'))}
        {number('fat', t('nutrition.form.fatG'))}
        <MealSelect value={props.meal} onChange={props.onMeal} />
      </div>
      {save.isError && Object.keys(formState.errors).length === 0 ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
      {log.isError ? <Alert tone="error">{errorText(log.error)}</Alert> : null}
      <Button type="submit" className="w-full" loading={save.isPending || log.isPending} icon={<PlusIcon />}>
        {t('nutrition.barcode.saveAndAdd', { meal: t(`nutrition.meals.${props.meal}`) })}
      </Button>
    </form>
  );
}

/** A packaged food by its barcode: typed or scanned, found (the user's label, or Open Food Facts), or entered once. */
export function BarcodePanel(props: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState<{ kind: 'code' } | { kind: 'found'; product: BarcodeProduct } | { kind: 'label'; code: string; product: BarcodeProduct | null }>({ kind: 'code' });
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2 px-2"
          onClick={step.kind === 'code' ? props.onBack : () => setStep({ kind: 'code' })}
          aria-label={t('nutrition.add.backToSearch')}
          icon={<ArrowLeftIcon />}
        />
        <p className="font-semibold text-zinc-900 dark:text-white">{t('nutrition.barcode.title')}</p>
      </div>
      {step.kind === 'code' ? (
        <CodeStep onFound={(product) => setStep({ kind: 'found', product })} onUnknown={(code) => setStep({ kind: 'label', code, product: null })} />
      ) : step.kind === 'found' ? (
        <FoundStep {...props} product={step.product} onEdit={() => setStep({ kind: 'label', code: step.product.barcode, product: step.product })} />
      ) : (
        <LabelStep {...props} code={step.code} product={step.product} />
      )}
    </div>
  );
}
