import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IMPORT_SOURCES, type ImportProgress, type ImportResult, type ImportSource, type WeightUnit } from '#core/data/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button, buttonClasses } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { DownloadIcon } from '#web/components/ui/icons';
import { Select } from '#web/components/ui/select';
import { StepProgress } from '#web/components/ui/step-progress';
import { useErrorText, useMessageText } from '#web/lib/errors';
import { useLocalePath } from '#web/lib/use-locale';
import { useStagedStream } from '#web/lib/use-staged-stream';
import { checkImport, EXPORT_LINKS, runImport, type ImportInput } from '../api/data';

const STAGES = ['reading', 'matching', 'checking', 'saving', 'done'] as const;
const ACCEPT: Record<ImportSource, string> = { strong: '.csv,text/csv', hevy: '.csv,text/csv', myfitnesspal: '.csv,text/csv', fitforge: '.json,application/json' };

/** Settings → Data: the exports as downloads, and an import checked first with a dry run. */
export function DataSection({ units }: { units: 'metric' | 'imperial' }) {
  return (
    <>
      <ExportCard />
      <ImportCard units={units} />
    </>
  );
}

function ExportCard() {
  const { t } = useTranslation();
  const links = [
    { key: 'json', href: EXPORT_LINKS.json, label: t('settings.data.exportJson') },
    { key: 'workouts', href: EXPORT_LINKS.workouts, label: t('settings.data.exportWorkouts') },
    { key: 'meals', href: EXPORT_LINKS.meals, label: t('settings.data.exportMeals') },
    { key: 'body', href: EXPORT_LINKS.body, label: t('settings.data.exportBody') },
  ];
  return (
    <Card>
      <CardHeader title={t('settings.data.exportTitle')} description={t('settings.data.exportDescription')} />
      <CardBody>
        <ul className="grid gap-3 sm:grid-cols-2">
          {links.map((l) => (
            <li key={l.key}>
              <a href={l.href} download className={buttonClasses(l.key === 'json' ? 'primary' : 'outline', 'md', 'w-full')} data-testid={`export-${l.key}`}>
                <DownloadIcon />
                {l.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t('settings.data.exportNote')}</p>
      </CardBody>
    </Card>
  );
}

function ImportCard({ units }: { units: 'metric' | 'imperial' }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const to = useLocalePath();
  const queryClient = useQueryClient();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<ImportSource>('strong');
  const [weightUnit, setWeightUnit] = useState<WeightUnit>(units === 'imperial' ? 'lb' : 'kg');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState(false);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const stream = useStagedStream<ImportProgress, ImportResult>(importing, (result) => {
    setImporting(false);
    setDone(result);
    setPreview(null);
    // Workouts, meals, body entries, stats and the profile's weight may all have changed.
    void queryClient.invalidateQueries();
  });

  function reset() {
    setPreview(null);
    setDone(null);
    setError(null);
  }

  const input = (): ImportInput | null => (file ? { source, file, weightUnit } : null);

  async function check(e: FormEvent) {
    e.preventDefault();
    const i = input();
    if (!i) {
      setFileError(true);
      return;
    }
    reset();
    setChecking(true);
    try {
      setPreview(await checkImport(i));
    } catch (err) {
      setError(err);
    } finally {
      setChecking(false);
    }
  }

  async function importNow() {
    const i = input();
    if (!i) return;
    setError(null);
    setImporting(true);
    try {
      await stream.run((opts) => runImport(i, opts));
    } catch (err) {
      setImporting(false);
      setError(err);
    }
  }

  const nothingNew = preview !== null && preview.workouts + preview.meals + preview.bodyEntries + preview.unmatchedExercises.length === 0;
  const canImport = preview !== null && preview.errors.length === 0 && !nothingNew;
  const last = stream.shown.at(-1);
  const saving = stream.shown.filter((s) => s.stage === 'saving').at(-1);

  return (
    <Card>
      <form onSubmit={(e) => void check(e)} noValidate>
        <CardHeader title={t('settings.data.importTitle')} description={t('settings.data.importDescription')} />
        <CardBody className="space-y-6">
          {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('settings.data.source')} hint={t(`settings.data.sourceHint.${source}`)}>
              <Select
                value={source}
                disabled={importing}
                onChange={(e) => {
                  setSource(e.target.value as ImportSource);
                  reset();
                }}
                data-testid="import-source"
              >
                {IMPORT_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {t(`settings.data.sources.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {source === 'strong' ? (
              <Field label={t('settings.data.weightUnit')} hint={t('settings.data.weightUnitHint')}>
                <Select
                  value={weightUnit}
                  disabled={importing}
                  onChange={(e) => {
                    setWeightUnit(e.target.value as WeightUnit);
                    reset();
                  }}
                  data-testid="import-unit"
                >
                  <option value="kg">{t('settings.data.kg')}</option>
                  <option value="lb">{t('settings.data.lb')}</option>
                </Select>
              </Field>
            ) : null}
          </div>
          <Field label={t('settings.data.file')} id={fileId} error={fileError ? t('settings.data.fileRequired') : undefined} hint={t('settings.data.fileHint')}>
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={ACCEPT[source]}
              disabled={importing}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(false);
                reset();
              }}
              className="block w-full min-w-0 text-sm text-zinc-700 file:mr-3 file:h-10 file:rounded-xl file:border file:border-zinc-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-zinc-900 hover:file:bg-zinc-50 dark:text-zinc-300 dark:file:border-zinc-700 dark:file:bg-zinc-900 dark:file:text-zinc-100"
              data-testid="import-file"
            />
          </Field>

          {preview ? (
            <div className="space-y-4" data-testid="import-preview">
              <Alert tone={preview.errors.length ? 'warning' : nothingNew ? 'info' : 'success'} title={t('settings.data.previewTitle')}>
                <Counts result={preview} would />
              </Alert>
              {preview.errors.length ? <Problems result={preview} text={messageText} /> : null}
            </div>
          ) : null}

          {importing ? (
            <StepProgress
              stages={STAGES.map((key) => ({
                key,
                label: key === 'saving' && saving?.total ? t('settings.data.stage.savingCount', { done: saving.done ?? 0, total: saving.total }) : t(`settings.data.stage.${key}`),
              }))}
              reached={last ? STAGES.indexOf(last.stage) : -1}
              finished={last?.stage === 'done'}
              counted={3}
              count={saving?.done ?? 0}
              total={saving?.total ?? 1}
              title={t('settings.data.progressTitle')}
              testId="import-progress"
            />
          ) : null}

          {done ? (
            <Alert
              tone="success"
              title={t('settings.data.doneTitle')}
              action={
                done.workouts > 0 ? (
                  <Link to={to('app/workouts')} className="font-medium underline underline-offset-4">
                    {t('settings.data.seeHistory')}
                  </Link>
                ) : undefined
              }
            >
              <span data-testid="import-done">
                <Counts result={done} />
              </span>
            </Alert>
          ) : null}
        </CardBody>
        <CardFooter className="flex flex-wrap gap-3">
          <Button type="submit" variant={canImport ? 'outline' : 'primary'} loading={checking} disabled={importing} data-testid="import-check">
            {t('settings.data.check')}
          </Button>
          {canImport ? (
            <Button onClick={() => void importNow()} loading={importing} data-testid="import-run">
              {t('settings.data.import')}
            </Button>
          ) : null}
        </CardFooter>
      </form>
    </Card>
  );
}

function Counts({ result, would }: { result: ImportResult; would?: boolean }) {
  const { t } = useTranslation();
  const dup = result.duplicates.workouts + result.duplicates.meals + result.duplicates.bodyEntries;
  return (
    <span className="block space-y-1">
      <span className="block">
        {t(would ? 'settings.data.wouldAdd' : 'settings.data.added', {
          workouts: result.workouts,
          sets: result.sets,
          meals: result.meals,
          bodyEntries: result.bodyEntries,
        })}
      </span>
      {dup > 0 ? <span className="block">{t('settings.data.duplicates', { count: dup })}</span> : null}
      {result.unmatchedExercises.length > 0 ? (
        <span className="block">
          {t(would ? 'settings.data.ownExercises' : 'settings.data.ownExercisesAdded', { count: result.unmatchedExercises.length })}{' '}
          <span className="font-medium">{result.unmatchedExercises.join(', ')}</span>
        </span>
      ) : null}
    </span>
  );
}

function Problems({ result, text }: { result: ImportResult; text: ReturnType<typeof useMessageText> }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  // The limit of one's own exercises is met in the app, not in the file: a hint about lines would mislead.
  const ownFull = result.errors.some((e) => e.messageKey === 'data.customImportMax');
  const inFile = result.errors.some((e) => e.messageKey !== 'data.customImportMax');
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t('settings.data.problems', { count: result.errors.length })}</p>
      <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800" data-testid="import-errors">
        {result.errors.map((e, i) => (
          <li key={`${e.line}-${i}`} className="flex gap-3 px-3 py-2">
            <span className="w-16 shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{e.line > 0 ? t('settings.data.line', { line: e.line }) : '—'}</span>
            <span className="min-w-0 break-words text-zinc-800 dark:text-zinc-200">{text(e)}</span>
          </li>
        ))}
      </ul>
      {inFile ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('settings.data.fixHint')}</p> : null}
      {ownFull ? (
        <Link to={to('app/workouts/exercises')} className="inline-flex min-h-9 items-center text-sm font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300">
          {t('settings.data.manageOwn')}
        </Link>
      ) : null}
    </div>
  );
}
