import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LibraryItem } from '#core/plans/api-schemas';
import { FITNESS_LEVELS, PLAN_DURATIONS, FITNESS_PLAN_TYPES, type FitnessLevel, type PlanDuration, type FitnessPlanType } from '#core/plans/schemas';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { Field } from '#web/components/ui/field';
import { BookIcon, CheckIcon, PlusIcon } from '#web/components/ui/icons';
import { Pagination } from '#web/components/ui/pagination';
import { Select } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/spinner';
import { useErrorText } from '#web/lib/errors';
import { paramOf } from '#web/lib/url-params';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useLibrary, useSaveLibraryPlan, type LibraryFilter } from '../api/plans';
import { PlanBadges } from './plan-badges';
import { BackLink } from './plan-page';

/** "Save to my plans" on a library plan: saved once per visit, then a link to the copy. */
export function SaveLibraryButton({ id, className, fill, onSaved }: { id: string; className?: string; fill?: boolean; onSaved?: (planId: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const errorText = useErrorText();
  const save = useSaveLibraryPlan();
  if (save.isSuccess) {
    return (
      <Link to={to(`app/plans/${save.data.id}`)} className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700 hover:underline dark:text-emerald-400" aria-live="polite">
        <CheckIcon />
        {t('plans.library.saved')}
      </Link>
    );
  }
  return (
    <div className={className}>
      <Button
        size="sm"
        icon={<PlusIcon />}
        loading={save.isPending}
        className={fill ? 'w-full' : undefined}
        onClick={() => save.mutate({ id, locale }, { onSuccess: (plan) => onSaved?.(plan.id) })}
      >
        {t('plans.library.save')}
      </Button>
      {save.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {errorText(save.error)}
        </p>
      ) : null}
    </div>
  );
}

function LibraryCard({ item }: { item: LibraryItem }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-soft sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none">
      <div className="space-y-1.5">
        <h2 className="font-semibold text-zinc-900 dark:text-white">
          <Link to={to(`app/plans/library/${item.id}`)} className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
            {item.title}
          </Link>
        </h2>
        <p className="text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{item.description}</p>
      </div>
      <PlanBadges planType={item.planType} fitnessLevel={item.fitnessLevel} durationWeeks={item.durationWeeks} trainingDaysPerWeek={item.trainingDaysPerWeek} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        {t('plans.library.equipment', { list: item.equipment.map((e) => t(`enums.equipment.${e}`)).join(t('plans.listSeparator')) })}
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
        <ButtonLink to={to(`app/plans/library/${item.id}`)} variant="outline" size="sm" className="flex-1" aria-label={t('plans.library.viewPlan', { name: item.title })}>
          {t('plans.library.view')}
        </ButtonLink>
        <SaveLibraryButton id={item.id} className="flex-1" fill />
      </div>
    </article>
  );
}

/** The curated plans, filtered by type, level and length (in the URL), each viewable and savable. */
export function LibraryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const [params, setParams] = useSearchParams();
  const filter: LibraryFilter = {
    planType: paramOf<FitnessPlanType>(FITNESS_PLAN_TYPES, params.get('planType')),
    fitnessLevel: paramOf<FitnessLevel>(FITNESS_LEVELS, params.get('fitnessLevel')),
    duration: paramOf<PlanDuration>(PLAN_DURATIONS, params.get('duration')),
  };
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const library = useLibrary(filter, page, locale);
  useDocumentTitle(t('plans.library.title'));

  function set(key: keyof LibraryFilter | 'page', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { preventScrollReset: key !== 'page' });
    if (key === 'page') window.scrollTo({ top: 0 });
  }
  const filtered = filter.planType || filter.fitnessLevel || filter.duration;

  return (
    <div className="container-page max-w-5xl space-y-6 py-6 sm:py-10">
      <BackLink to={to('app/plans')}>{t('plans.mine.back')}</BackLink>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('plans.library.title')}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{t('plans.library.subtitle')}</p>
      </header>

      {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is announced by every screen reader; <search> not yet. */}
      <form role="search" aria-label={t('plans.library.filters')} className="grid grid-cols-2 gap-3 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
        <Field label={t('plans.library.typeFilter')} className="col-span-2 sm:col-span-1">
          <Select value={filter.planType ?? ''} onChange={(e) => set('planType', e.target.value)}>
            <option value="">{t('plans.library.any')}</option>
            {FITNESS_PLAN_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(`plans.type.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('plans.library.levelFilter')}>
          <Select value={filter.fitnessLevel ?? ''} onChange={(e) => set('fitnessLevel', e.target.value)}>
            <option value="">{t('plans.library.any')}</option>
            {FITNESS_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`enums.level.${l}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('plans.library.durationFilter')}>
          <Select value={filter.duration ? String(filter.duration) : ''} onChange={(e) => set('duration', e.target.value)}>
            <option value="">{t('plans.library.any')}</option>
            {PLAN_DURATIONS.map((w) => (
              <option key={w} value={w}>
                {t('plans.weeks', { count: w })}
              </option>
            ))}
          </Select>
        </Field>
      </form>

      <p className="sr-only" aria-live="polite">
        {library.data && !library.isPlaceholderData ? t('plans.library.results', { count: library.data.total }) : ''}
      </p>

      {library.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-56 rounded-2xl" />
          ))}
        </div>
      ) : library.isError ? (
        <ErrorState error={library.error} onRetry={() => void library.refetch()} retrying={library.isFetching} />
      ) : library.data.items.length === 0 ? (
        <EmptyState
          icon={<BookIcon />}
          title={t('plans.library.emptyTitle')}
          body={filtered ? t('plans.library.emptyBody') : undefined}
          action={
            filtered ? (
              <Button variant="outline" size="sm" onClick={() => setParams({})}>
                {t('plans.library.clear')}
              </Button>
            ) : null
          }
        />
      ) : (
        <>
          <ul className={library.isPlaceholderData ? 'grid gap-4 opacity-60 transition-opacity sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'}>
            {library.data.items.map((item) => (
              <li key={item.id}>
                <LibraryCard item={item} />
              </li>
            ))}
          </ul>
          <Pagination page={library.data.page} totalPages={library.data.totalPages} onChange={(p) => set('page', p > 1 ? String(p) : '')} />
        </>
      )}
      <Alert tone="info" className="sm:max-w-xl">
        {t('plans.library.note')}
      </Alert>
    </div>
  );
}
