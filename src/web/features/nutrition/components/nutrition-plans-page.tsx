import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkAccess, type Access } from '#core/billing/entitlements';
import type { NutritionPlanSummary } from '#core/nutrition/plans/schemas';
import { Badge } from '#web/components/ui/badge';
import { buttonClasses } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { AppleIcon, CheckIcon, ChevronDownIcon } from '#web/components/ui/icons';
import { Pagination } from '#web/components/ui/pagination';
import { Skeleton } from '#web/components/ui/spinner';
import { formatDate } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useMe } from '#web/app/me';
import { useNutritionPlans } from '../api/nutrition-plans';
import { kcal } from '../lib/format';
import { NutritionHeader } from './nutrition-header';
import { NutritionPlanGenerator } from './nutrition-plan-generator';
import { RestrictionBadges } from './plan-targets';

const FEATURES = ['days', 'diet', 'shopping', 'log'] as const;

/** What a nutrition plan gives, and the way to Pro, for a user whose tier has none. */
function Locked({ access }: { access: Access }) {
  const { t } = useTranslation();
  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">{t('nutritionPlans.locked.title')}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('nutritionPlans.locked.body')}</p>
      </div>
      <ul className="grid gap-2.5 sm:grid-cols-2">
        {FEATURES.map((f) => (
          <li key={f} className="flex items-start gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
            <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-xs text-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-300">
              <CheckIcon />
            </span>
            {t(`nutritionPlans.locked.features.${f}`)}
          </li>
        ))}
      </ul>
      <UpgradePrompt feature="nutrition_plan" access={access} />
    </Card>
  );
}

function PlanRow({ plan }: { plan: NutritionPlanSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <div className="relative space-y-2.5 rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-soft transition-colors hover:border-zinc-300 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none dark:hover:border-zinc-700">
      <h3 className="font-semibold break-words text-zinc-900 dark:text-white">
        <Link to={to(`app/nutrition/plans/${plan.id}`)} className="rounded after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-500">
          {plan.planName}
        </Link>
      </h3>
      <div className="flex flex-wrap gap-1.5">
        <Badge tone="brand">{t('nutritionPlans.kcalPerDay', { value: kcal(plan.calories, locale) })}</Badge>
        <Badge>{t('nutritionPlans.mealsPerDay', { count: plan.mealsPerDay })}</Badge>
        <RestrictionBadges restrictions={plan.dietaryRestrictions} />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
        <span>{t(`nutritionPlans.source.${plan.source}`)}</span>
        <span aria-hidden="true">·</span>
        <span>{t('nutritionPlans.created', { date: formatDate(plan.createdAt, locale) })}</span>
      </p>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-zinc-200/80 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900/70">
          <Skeleton className="h-5 w-1/2" />
          <div className="flex gap-2">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** The user's saved nutrition plans, newest first, page by page (any tier lists its own, e.g. made in a trial). */
function SavedPlans({ page, canGenerate }: { page: number; canGenerate: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const [, setParams] = useSearchParams();
  const plans = useNutritionPlans(page, locale);

  let body;
  if (plans.isPending) body = <ListSkeleton />;
  else if (plans.isError) body = <ErrorState error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />;
  else if (plans.data.items.length === 0) {
    // Nothing to show a user who cannot make plans.
    if (!canGenerate && page === 1) return null;
    body = (
      <EmptyState
        icon={<AppleIcon />}
        title={page > 1 ? t('nutritionPlans.list.pastEnd') : t('nutritionPlans.list.emptyTitle')}
        body={page > 1 ? undefined : t('nutritionPlans.list.emptyBody')}
        action={
          page > 1 ? (
            <Link to={to('app/nutrition/plans')} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300">
              {t('nutritionPlans.list.firstPage')}
            </Link>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <>
        <ul className={plans.isPlaceholderData ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'} aria-busy={plans.isPlaceholderData || undefined}>
          {plans.data.items.map((plan) => (
            <li key={plan.id}>
              <PlanRow plan={plan} />
            </li>
          ))}
        </ul>
        <Pagination
          className="mt-5"
          page={plans.data.page}
          totalPages={plans.data.totalPages}
          onChange={(p) => {
            setParams(p > 1 ? { page: String(p) } : {});
            document.getElementById('saved-nutrition-plans')?.scrollIntoView();
          }}
        />
      </>
    );
  }

  return (
    <section id="saved-nutrition-plans" aria-labelledby="saved-nutrition-plans-heading" className="scroll-mt-20 space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="saved-nutrition-plans-heading" className="text-lg font-semibold text-zinc-900 dark:text-white">
          {t('nutritionPlans.list.title')}
        </h2>
        {plans.data && plans.data.total > 0 ? <Badge>{t('nutritionPlans.list.count', { count: plans.data.total })}</Badge> : null}
      </div>
      {body}
    </section>
  );
}

/** AI nutrition plans: the generator (pro, also in the trial) and the user's saved plans. */
export function NutritionPlansPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params] = useSearchParams();
  const locale = useLocale();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const plans = useNutritionPlans(page, locale);
  useDocumentTitle(t('nutritionPlans.title'));
  const access = me.data ? checkAccess(me.data.subscription, { feature: 'nutrition_plan' }) : null;

  let top;
  if (me.isPending) top = <Skeleton className="h-96 w-full rounded-2xl" />;
  else if (me.isError) top = <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  else if (access && !access.allowed) top = <Locked access={access} />;
  else top = <NutritionPlanGenerator />;

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <NutritionHeader
        subtitle={t('nutritionPlans.subtitle')}
        actions={
          // Below a long form on a phone: the way straight to the saved plans.
          access?.allowed && plans.data && plans.data.total > 0 ? (
            <a href="#saved-nutrition-plans" className={buttonClasses('outline', 'sm')}>
              <ChevronDownIcon />
              {t('nutritionPlans.list.jump', { count: plans.data.total })}
            </a>
          ) : undefined
        }
      />
      <div className="space-y-8">
        {top}
        {me.data ? <SavedPlans page={page} canGenerate={access?.allowed ?? false} /> : null}
      </div>
    </div>
  );
}
