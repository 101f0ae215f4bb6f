import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkAccess } from '#core/billing/entitlements';
import { IMAGE_ACCEPT, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '#core/common/images';
import { BODY_LENGTHS, BODY_NOTE_MAX, BODY_PHOTOS_PER_DAY, bodyEntryInputSchema, type BodyEntry, type BodyEntryInput, type ParsedBodyEntryInput } from '#core/body/schemas';
import { BODY_MESSAGES } from '#core/body/messages';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { CameraIcon, TrashIcon } from '#web/components/ui/icons';
import { Input, Textarea } from '#web/components/ui/input';
import { LengthInput, PercentInput, WeightInput } from '#web/components/ui/measure-input';
import { useToast } from '#web/components/ui/toast';
import type { Me } from '#web/app/me';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { formatDay } from '#web/lib/dates';
import { useErrorText, useMessageText } from '#web/lib/errors';
import { useServerFieldErrors } from '#web/lib/form-errors';
import { useLocale } from '#web/lib/use-locale';
import { useAddBodyPhoto, useDeleteBodyEntry, useDeleteBodyPhoto, useSaveBodyEntry } from '../api/body';

const FIELDS = ['weightKg', 'bodyFatPercent', ...BODY_LENGTHS, 'note'] as const;

/** Every field is sent: an emptied one clears the saved value. */
const valuesOf = (entry: BodyEntry | undefined): Required<BodyEntryInput> => ({
  weightKg: entry?.weightKg ?? null,
  bodyFatPercent: entry?.bodyFatPercent ?? null,
  waistCm: entry?.waistCm ?? null,
  hipsCm: entry?.hipsCm ?? null,
  chestCm: entry?.chestCm ?? null,
  armCm: entry?.armCm ?? null,
  thighCm: entry?.thighCm ?? null,
  note: entry?.note ?? null,
});

function Photos({ me, date, entry }: { me: Me; date: string; entry: BodyEntry | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const input = useRef<HTMLInputElement>(null);
  const add = useAddBodyPhoto();
  const remove = useDeleteBodyPhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const allowed = checkAccess(me.subscription, { feature: 'progress_photos' }).allowed;
  const photos = entry?.photos ?? [];
  const day = formatDay(date, locale, { month: 'long', day: 'numeric' });

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const image = event.target.files?.[0];
    event.target.value = '';
    if (!image) return;
    setProblem(null);
    if (image.size > MAX_IMAGE_BYTES) return setProblem(messageText(IMAGE_MESSAGES.imageTooLarge) ?? null);
    add.mutate({ date, image }, { onSuccess: () => toast.success(t('body.photos.added')), onError: (error) => setProblem(errorText(error)) });
  }

  return (
    <section aria-labelledby="body-photos-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="body-photos-heading" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('body.photos.title')}
        </h3>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('body.photos.private', { count: BODY_PHOTOS_PER_DAY })}</p>
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2">
          {photos.map((photo, i) => (
            <li key={photo.id} className="relative">
              <a href={photo.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-brand-500">
                <img src={photo.url} alt={t('body.photos.alt', { date: day, n: i + 1 })} loading="lazy" className="aspect-[3/4] w-full bg-zinc-100 object-cover dark:bg-zinc-800" />
              </a>
              <Button
                variant="outline"
                size="sm"
                className="absolute top-1.5 right-1.5 size-8 bg-white/90 p-0 dark:bg-zinc-900/90"
                aria-label={t('body.photos.delete', { n: i + 1 })}
                icon={<TrashIcon />}
                loading={remove.isPending && remove.variables === photo.id}
                onClick={() => remove.mutate(photo.id, { onSuccess: () => toast.success(t('body.photos.deleted')), onError: (error) => toast.error(errorText(error)) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {allowed ? (
        <>
          <input ref={input} type="file" accept={IMAGE_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={picked} data-testid="body-photo-file" />
          <Button variant="outline" size="sm" icon={<CameraIcon />} loading={add.isPending} disabled={photos.length >= BODY_PHOTOS_PER_DAY} onClick={() => input.current?.click()}>
            {t('body.photos.add')}
          </Button>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
        </>
      ) : (
        <UpgradePrompt feature="progress_photos" compact />
      )}
    </section>
  );
}

/**
 * The day's entry: weight first (the everyday log, one field and a button), measurements and a note below, then the
 * day's progress photos. Values are typed in the user's units and kept in metric.
 */
export function LogCard({ me, date, today, entry, onDateChange }: { me: Me; date: string; today: string; entry: BodyEntry | undefined; onDateChange: (date: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const save = useSaveBodyEntry();
  const remove = useDeleteBodyEntry();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const units = me.preferences.units;
  const messageText = useMessageText();
  const applyServerFieldErrors = useServerFieldErrors();
  const { control, register, handleSubmit, formState, setError } = useForm<BodyEntryInput, unknown, ParsedBodyEntryInput>({
    resolver: zodResolver(bodyEntryInputSchema),
    values: valuesOf(entry),
  });
  const errors = formState.errors;
  const hasMeasurements = Boolean(entry && [...BODY_LENGTHS, 'bodyFatPercent' as const].some((k) => entry[k] !== null)) || Boolean(entry?.note);

  const onSubmit = handleSubmit((values) => {
    setProblem(null);
    if (FIELDS.every((k) => values[k] == null) && !entry?.photos.length) return setProblem(messageText(BODY_MESSAGES.empty) ?? null);
    save.mutate(
      { date, body: values },
      {
        onSuccess: () => toast.success(t('body.log.saved')),
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, FIELDS)) setProblem(errorText(error));
        },
      },
    );
  });

  const measure = (name: (typeof BODY_LENGTHS)[number] | 'bodyFatPercent') => (
    <Field key={name} label={t(`body.measures.${name}`)} optional error={errors[name]?.message}>
      <Controller
        control={control}
        name={name}
        render={({ field }) =>
          name === 'bodyFatPercent' ? (
            <PercentInput name={field.name} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} units={units} />
          ) : (
            <LengthInput name={field.name} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} units={units} />
          )
        }
      />
    </Field>
  );

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="body-log-title">
        <CardHeader
          title={<span id="body-log-title">{date === today ? t('body.log.titleToday') : t('body.log.title', { date: formatDay(date, locale) })}</span>}
          description={t('body.log.hint')}
        />
        <CardBody className="space-y-5">
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('body.log.date')}>
              <Input type="date" value={date} max={today} min="2000-01-01" onChange={(e) => e.target.value && onDateChange(e.target.value > today ? today : e.target.value)} />
            </Field>
            <Field label={t('body.measures.weightKg')} error={errors.weightKg?.message}>
              <Controller
                control={control}
                name="weightKg"
                render={({ field }) => <WeightInput name={field.name} value={field.value ?? null} onChange={field.onChange} onBlur={field.onBlur} units={units} />}
              />
            </Field>
          </div>
          <details open={hasMeasurements} className="group rounded-xl border border-zinc-200 dark:border-zinc-800">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-medium text-zinc-800 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-200">
              {t('body.log.more')}
              <span aria-hidden="true" className="text-zinc-400 transition-transform group-open:rotate-90">
                ›
              </span>
            </summary>
            <div className="space-y-4 border-t border-zinc-200 p-4 dark:border-zinc-800">
              <div className="grid grid-cols-2 gap-3">{(['bodyFatPercent', ...BODY_LENGTHS] as const).map(measure)}</div>
              <Field label={t('body.log.note')} optional error={errors.note?.message}>
                <Textarea rows={2} maxLength={BODY_NOTE_MAX} {...register('note', { setValueAs: (v: string | null) => (v ? v : null) })} />
              </Field>
            </div>
          </details>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <Photos me={me} date={date} entry={entry} />
        </CardBody>
        <CardFooter className="justify-between">
          {entry ? (
            <Button variant="ghost" size="sm" icon={<TrashIcon />} onClick={() => setConfirming(true)} className="text-red-700 dark:text-red-400">
              {t('body.log.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending}>
            {t('body.log.save')}
          </Button>
        </CardFooter>
      </form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        tone="danger"
        title={t('body.log.deleteTitle', { date: formatDay(date, locale, { month: 'long', day: 'numeric' }) })}
        description={t('body.log.deleteBody')}
        confirmLabel={t('body.log.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(date, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('body.log.deleted'));
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      />
    </Card>
  );
}
