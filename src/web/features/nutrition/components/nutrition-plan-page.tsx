import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NutritionPlan, SavedNutritionPlan } from '#core/nutrition/plans/schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/dialog';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { AppleIcon, ArrowLeftIcon, InfoIcon, TrashIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { TabPanel, Tabs, type TabItem } from '#web/components/ui/tabs';
import { useToast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-client';
import { useErrorText } from '#web/lib/errors';
import { formatDate } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useDeleteNutritionPlan, useNutritionPlan } from '../api/nutrition-plans';
import type { GeneratedNutritionPlanState } from './nutrition-plan-generator';
import { NutritionPlanDayView } from './nutrition-plan-day';
import { RestrictionBadges, TargetAdjustments, TargetPills } from './plan-targets';
import { ShoppingList } from './shopping-list';

type TabId = `day-${number}` | 'shopping';

function PageSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** The allergies the user typed, what each was read as, and how many foods of the table it ruled out. */
function Allergies({ allergies }: { allergies: NutritionPlan['allergies'] }) {
  const { t } = useTranslation();
  const sep = t('nutritionPlans.listSeparator');
  // What the words were read as ("shrimp" → shellfish), when that says more than the words themselves.
  const readAs = (a: NutritionPlan['allergies'][number]) => {
    const names = a.tags.map((tag) => t(`nutritionPlans.allergen.${tag}`, { defaultValue: tag }));
    const said = a.text.trim().toLowerCase();
    const same = (name: string) => [name, `${name}s`, name.replace(/s$/, '')].includes(said);
    return a.tags.length === 1 && (same(names[0].toLowerCase()) || same(a.tags[0].replace('_', ' '))) ? '' : names.join(sep);
  };
  if (allergies.length === 0) return null;
  return (
    <div className="space-y-1.5">
      <h2 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('nutritionPlans.view.allergies')}</h2>
      <ul className="flex flex-wrap gap-2" data-testid="plan-allergies">
        {allergies.map((a) => (
          <li
            key={a.text}
            className={
              a.excludedFoods > 0
                ? 'rounded-xl bg-zinc-100 px-3 py-1.5 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
                : 'rounded-xl bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
            }
          >
            <span className="font-medium text-zinc-900 dark:text-white">{a.text}</span>
            {readAs(a) ? t('nutritionPlans.view.readAs', { tags: readAs(a) }) : ''}
            {' — '}
            {a.excludedFoods > 0 ? t('nutritionPlans.view.excluded', { count: a.excludedFoods }) : t('nutritionPlans.view.noneExcluded')}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DeleteDialog({ plan, open, onClose }: { plan: SavedNutritionPlan; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const remove = useDeleteNutritionPlan();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      tone="danger"
      title={t('nutritionPlans.delete.title')}
      description={t('nutritionPlans.delete.body', { name: plan.planName })}
      confirmLabel={t('nutritionPlans.delete.confirm')}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(plan.id, {
          onSuccess: () => {
            toast.success(t('nutritionPlans.delete.done'));
            navigate(to('app/nutrition/plans'), { replace: true });
          },
        })
      }
    >
      {remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
    </ConfirmDialog>
  );
}

function PlanView({ saved, generated }: { saved: SavedNutritionPlan; generated: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { plan } = saved;
  const [tab, setTab] = useState<TabId>('day-1');
  const [deleting, setDeleting] = useState(false);
  const tabs: TabItem<TabId>[] = [
    ...plan.days.map((d) => ({ id: `day-${d.day}` as TabId, label: t('nutritionPlans.view.day', { n: d.day }) })),
    { id: 'shopping', label: t('nutritionPlans.view.shopping') },
  ];
  const day = tab === 'shopping' ? null : (plan.days.find((d) => `day-${d.day}` === tab) ?? plan.days[0]);

  return (
    <article className="space-y-6" aria-labelledby="nutrition-plan-title">
      {generated ? (
        <Alert tone="success" title={t('nutritionPlans.view.generatedTitle')}>
          {t('nutritionPlans.view.generatedBody')}
        </Alert>
      ) : null}

      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 id="nutrition-plan-title" className="min-w-0 text-2xl font-bold tracking-tight break-words sm:flex-1 sm:text-3xl">
            {saved.planName}
          </h1>
          <Button variant="outline" size="sm" icon={<TrashIcon className="text-red-600 dark:text-red-400" />} onClick={() => setDeleting(true)}>
            <span className="text-red-700 dark:text-red-400">{t('nutritionPlans.delete.button')}</span>
          </Button>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-500 dark:text-zinc-400">
          <Badge tone={saved.source === 'ai' ? 'success' : 'neutral'}>{t(`nutritionPlans.source.${saved.source}`)}</Badge>
          <span>{t('nutritionPlans.created', { date: formatDate(saved.createdAt, locale) })}</span>
          {/* The dot goes with its item when the line wraps. */}
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true">·</span>
            <span>{t('nutritionPlans.mealsPerDay', { count: plan.mealsPerDay })}</span>
          </span>
        </p>
        {plan.summary ? <p className="max-w-3xl leading-relaxed text-zinc-700 dark:text-zinc-300">{plan.summary}</p> : null}
      </header>

      <Card className="space-y-4 p-4 sm:p-5">
        <div className="space-y-2">
          <h2 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('nutritionPlans.view.targets')}</h2>
          <TargetPills targets={plan.targets} />
        </div>
        <div className="space-y-1.5">
          <h2 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('nutritionPlans.view.diet')}</h2>
          <div className="flex flex-wrap gap-1.5" data-testid="plan-restrictions">
            <RestrictionBadges restrictions={plan.dietaryRestrictions} empty />
          </div>
        </div>
        <Allergies allergies={plan.allergies} />
        {plan.adjustments.length > 0 ? (
          <div className="space-y-2 rounded-xl bg-sky-50 p-3 dark:bg-sky-950/30">
            <h2 className="flex items-center gap-2 text-sm font-medium text-sky-900 dark:text-sky-200">
              <InfoIcon className="shrink-0" />
              {t('nutritionPlans.view.adjustments')}
            </h2>
            <TargetAdjustments adjustments={plan.adjustments} goals={plan.goals} targets={plan.targets} restrictions={plan.dietaryRestrictions} />
          </div>
        ) : null}
      </Card>

      <section aria-label={t('nutritionPlans.view.week')} className="space-y-4">
        <div className="-mx-4 px-4 sm:mx-0 sm:px-0">
          <Tabs items={tabs} value={tab} onChange={setTab} label={t('nutritionPlans.view.week')} idPrefix="nutrition-plan" />
        </div>
        <TabPanel idPrefix="nutrition-plan" id={tab}>
          {day ? <NutritionPlanDayView key={day.day} day={day} targets={plan.targets} /> : <ShoppingList planId={saved.id} items={plan.shoppingList} />}
        </TabPanel>
      </section>

      <DeleteDialog plan={saved} open={deleting} onClose={() => setDeleting(false)} />
    </article>
  );
}

/** One saved nutrition plan: targets and diet, a week of meals day by day, the shopping list, and delete. */
export function NutritionPlanPage({ planId }: { planId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const location = useLocation();
  const plan = useNutritionPlan(planId, locale);
  useDocumentTitle(plan.data?.planName ?? t('nutritionPlans.title'));
  const generated = (location.state as GeneratedNutritionPlanState | null)?.generated === true;

  let body;
  if (plan.isPending) body = <PageSkeleton />;
  else if (plan.isError && isApiError(plan.error) && (plan.error.statusCode === 404 || plan.error.statusCode === 400)) {
    body = (
      <EmptyState
        icon={<AppleIcon />}
        title={t('nutritionPlans.view.notFound')}
        body={t('nutritionPlans.view.notFoundBody')}
        action={
          <ButtonLink to={to('app/nutrition/plans')} variant="outline" size="sm">
            {t('nutritionPlans.view.back')}
          </ButtonLink>
        }
      />
    );
  } else if (plan.isError) body = <ErrorState error={plan.error} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  else body = <PlanView saved={plan.data} generated={generated} />;

  return (
    <div className="container-page max-w-3xl space-y-5 py-6 sm:py-10">
      <Link
        to={to('app/nutrition/plans')}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-white"
      >
        <ArrowLeftIcon />
        {t('nutritionPlans.view.back')}
      </Link>
      {body}
    </div>
  );
}
