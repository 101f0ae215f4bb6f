import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FitnessPlanSummary, PlanAllowance } from '#core/plans/api-schemas';
import { Badge } from '#web/components/ui/badge';
import { ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { BookIcon, ClipboardIcon, LockIcon, MoreIcon, PencilIcon, PlusIcon, SparklesIcon, TrashIcon } from '#web/components/ui/icons';
import { Menu, MenuItem } from '#web/components/ui/menu';
import { Pagination } from '#web/components/ui/pagination';
import { Skeleton } from '#web/components/ui/spinner';
import { formatDate, formatTime } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { UpgradePrompt } from '#web/app/upgrade-prompt';
import { useAllowance, usePlans } from '../api/plans';
import { PlanBadges } from './plan-badges';
import { DeletePlanDialog, RenameDialog, RenameLockedDialog } from './plan-dialogs';

/**
 * What is left, as the server will allow it: the fewer of the month's free plans and the hour's AI generations, with
 * when the one that binds frees up; the upgrade prompt once the month's are used up. Paid users see the hour only
 * when it has run out.
 */
export function AllowanceNote({ allowance }: { allowance: PlanAllowance }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { usage, available } = allowance;
  const hourBinds = available?.limitedBy === 'hour';
  const at = available?.resetsAt ? formatTime(available.resetsAt, locale) : null;
  if (!allowance.canGenerate && !hourBinds && usage.limit !== null) {
    return (
      <UpgradePrompt
        feature="plan_generation"
        access={{
          feature: 'plan_generation',
          allowed: false,
          code: 'LIMIT_EXCEEDED',
          requiredTier: 'basic',
          tier: allowance.tier,
          inTrial: allowance.inTrial,
          limit: usage.limit,
          used: usage.used,
          remaining: 0,
        }}
      />
    );
  }
  let text: string;
  if (hourBinds && available && (available.remaining === 0 || usage.limit !== null)) {
    text =
      available.remaining === 0
        ? t('plans.allowance.hourUsed', { time: at })
        : at
          ? t('plans.allowance.leftThisHour', { count: available.remaining, time: at })
          : t('plans.allowance.leftThisHourFresh', { count: available.remaining });
  } else if (usage.limit !== null) {
    text = t('plans.allowance.left', { count: available?.remaining ?? usage.remaining ?? 0, limit: usage.limit, date: formatDate(usage.resetsAt, locale) });
  } else {
    return null;
  }
  return (
    <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="plan-allowance">
      <SparklesIcon className="shrink-0 text-brand-600 dark:text-brand-400" />
      {text}
    </p>
  );
}

function PlanRow({ plan, canRename, onRename, onDelete }: { plan: FitnessPlanSummary; canRename: boolean; onRename: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  return (
    <div className="relative flex items-start gap-3 rounded-2xl border border-zinc-200/80 bg-white p-4 shadow-soft transition-colors hover:border-zinc-300 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none dark:hover:border-zinc-700">
      <div className="min-w-0 flex-1 space-y-2.5">
        <h2 className="font-semibold break-words text-zinc-900 dark:text-white">
          <Link to={to(`app/plans/${plan.id}`)} className="rounded after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-500">
            {plan.planName}
          </Link>
        </h2>
        <PlanBadges planType={plan.planType} fitnessLevel={plan.fitnessLevel} durationWeeks={plan.durationWeeks} trainingDaysPerWeek={plan.trainingDaysPerWeek} />
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span>{t(`plans.source.${plan.source}`)}</span>
          <span aria-hidden="true">·</span>
          <span>{t('plans.mine.created', { date: formatDate(plan.createdAt, locale) })}</span>
          {plan.detail === 'week1' ? (
            // The dot goes with its item when the line wraps.
            <span className="inline-flex items-center gap-2">
              <span aria-hidden="true">·</span>
              <span className="inline-flex items-center gap-1">
                <LockIcon />
                {t('plans.mine.week1Only')}
              </span>
            </span>
          ) : null}
        </p>
      </div>
      {/* Above the card's stretched link, so the menu opens instead of the plan. */}
      <div className="relative z-10 -mt-1 -mr-2">
        <Menu label={t('plans.mine.actionsFor', { name: plan.planName })} button={<MoreIcon className="text-lg" />} buttonClassName="size-9 justify-center">
          {(close) => (
            <>
              <MenuItem
                icon={canRename ? <PencilIcon /> : <LockIcon />}
                onSelect={() => {
                  close();
                  onRename();
                }}
              >
                {t('plans.actions.rename')}
              </MenuItem>
              <MenuItem
                tone="danger"
                icon={<TrashIcon />}
                onSelect={() => {
                  close();
                  onDelete();
                }}
              >
                {t('plans.actions.delete')}
              </MenuItem>
            </>
          )}
        </Menu>
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-zinc-200/80 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900/70">
          <Skeleton className="h-5 w-1/2" />
          <div className="flex gap-2">
            <Skeleton className="h-5 w-16 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** "My plans": newest first, page by page, each with rename (locked on free) and delete. */
export function PlansPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const plans = usePlans(page, locale);
  const allowance = useAllowance();
  const [action, setAction] = useState<{ kind: 'rename' | 'locked' | 'delete'; plan: FitnessPlanSummary } | null>(null);
  useDocumentTitle(t('plans.mine.title'));
  const canRename = allowance.data?.rename ?? false;

  return (
    <div className="container-page max-w-3xl py-8 sm:py-10">
      <header className="mb-6 space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('plans.mine.title')}</h1>
            <p className="text-zinc-600 dark:text-zinc-400">{t('plans.mine.subtitle')}</p>
          </div>
          <div className="flex w-full gap-2 sm:w-auto">
            <ButtonLink to={to('app/plans/library')} variant="outline" icon={<BookIcon />} className="flex-1 sm:flex-none">
              {t('plans.library.title')}
            </ButtonLink>
            <ButtonLink to={to('app/plans/new')} icon={<PlusIcon />} className="flex-1 sm:flex-none">
              {t('plans.mine.new')}
            </ButtonLink>
          </div>
        </div>
        {allowance.data ? <AllowanceNote allowance={allowance.data} /> : null}
      </header>

      {plans.isPending ? (
        <ListSkeleton />
      ) : plans.isError ? (
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : plans.data.items.length === 0 ? (
        <EmptyState
          icon={<ClipboardIcon />}
          title={page > 1 ? t('plans.mine.pastEnd') : t('plans.mine.emptyTitle')}
          body={page > 1 ? undefined : t('plans.mine.emptyBody')}
          action={
            page > 1 ? (
              <ButtonLink variant="outline" size="sm" to={to('app/plans')}>
                {t('plans.mine.firstPage')}
              </ButtonLink>
            ) : (
              <div className="flex flex-wrap justify-center gap-2">
                <ButtonLink to={to('app/plans/new')} size="sm" icon={<PlusIcon />}>
                  {t('plans.mine.createFirst')}
                </ButtonLink>
                <ButtonLink to={to('app/plans/library')} size="sm" variant="outline" icon={<BookIcon />}>
                  {t('plans.mine.browseLibrary')}
                </ButtonLink>
              </div>
            )
          }
        />
      ) : (
        <>
          <ul className={plans.isPlaceholderData ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'} aria-busy={plans.isPlaceholderData || undefined}>
            {plans.data.items.map((plan) => (
              <li key={plan.id}>
                <PlanRow plan={plan} canRename={canRename} onRename={() => setAction({ kind: canRename ? 'rename' : 'locked', plan })} onDelete={() => setAction({ kind: 'delete', plan })} />
              </li>
            ))}
          </ul>
          <Pagination
            className="mt-5"
            page={plans.data.page}
            totalPages={plans.data.totalPages}
            onChange={(p) => {
              setParams(p > 1 ? { page: String(p) } : {});
              window.scrollTo({ top: 0 });
            }}
          />
          <p className="mt-4 text-center">
            <Badge>{t('plans.mine.count', { count: plans.data.total })}</Badge>
          </p>
        </>
      )}

      {action?.kind === 'rename' ? <RenameDialog key={action.plan.id} planId={action.plan.id} current={action.plan.planName} open onClose={() => setAction(null)} /> : null}
      <RenameLockedDialog open={action?.kind === 'locked'} onClose={() => setAction(null)} />
      {action?.kind === 'delete' ? <DeletePlanDialog planId={action.plan.id} planName={action.plan.planName} open onClose={() => setAction(null)} onDeleted={() => setAction(null)} /> : null}
    </div>
  );
}
