import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlanUsage } from '#core/plans/api-schemas';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button, ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowLeftIcon, ClipboardIcon, LockIcon, PencilIcon, PrinterIcon, TrashIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { isApiError } from '#web/lib/api-client';
import { formatDate } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { fitnessPlanWeekQuery, useCurrentPlanWeek, useFitnessPlanOutline, useFitnessPlanWeek } from '#web/app/fitness-plan';
import type { FitnessPlanWeekAnswer } from '#core/plans/api-schemas';
import { useAllowance } from '../api/plans';
import { PlanBadges } from './plan-badges';
import { DeletePlanDialog, RenameDialog, RenameLockedDialog } from './plan-dialogs';
import { PlanView } from './plan-view';

/** Set by the generator when it opens the plan it just made. */
export interface GeneratedState {
  generated?: { usage: PlanUsage };
}

export function PlanPageSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-8 w-2/3" />
      <div className="flex gap-2">
        <Skeleton className="h-6 w-20 rounded-full" />
        <Skeleton className="h-6 w-20 rounded-full" />
        <Skeleton className="h-6 w-16 rounded-full" />
      </div>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-20 w-full rounded-2xl" />
      ))}
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-400 dark:hover:text-white print:hidden"
    >
      <ArrowLeftIcon />
      {children}
    </Link>
  );
}

/**
 * One of the user's plans: the plan itself, and rename (basic and pro), print and delete. It reads the plan's outline,
 * then the week on screen (the one the user is on first, the next one ahead), each other week when opened (ADR 038).
 */
export function PlanPage({ planId }: { planId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const plan = useFitnessPlanOutline(planId, locale);
  const durationWeeks = plan.data?.durationWeeks;
  const current = useCurrentPlanWeek(planId, durationWeeks);
  const [picked, setPicked] = useState<number | null>(null);
  const week = picked ?? current;
  const shown = useFitnessPlanWeek(week === null ? null : planId, week, locale);
  const allowance = useAllowance();
  const [dialog, setDialog] = useState<'rename' | 'locked' | 'delete' | null>(null);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (shown.isSuccess && week !== null && durationWeeks !== undefined && week < durationWeeks) void queryClient.prefetchQuery(fitnessPlanWeekQuery(planId, week + 1, locale));
  }, [shown.isSuccess, week, durationWeeks, planId, locale, queryClient]);
  const read = (n: number) => (n === week ? shown.data : queryClient.getQueryData<FitnessPlanWeekAnswer>(fitnessPlanWeekQuery(planId, n, locale).queryKey));
  // Paper shows every week: each is read first (a week that cannot be read prints by its days' titles).
  const print = async () => {
    setPrinting(true);
    await Promise.allSettled(plan.data!.weeks.map((w) => queryClient.fetchQuery(fitnessPlanWeekQuery(planId, w.weekNumber, locale))));
    setPrinting(false);
    window.print();
  };
  useDocumentTitle(plan.data?.planName ?? t('plans.mine.title'));
  const generated = (location.state as GeneratedState | null)?.generated;

  let body;
  if (plan.isPending || (plan.isSuccess && week === null)) body = <PlanPageSkeleton />;
  else if (plan.isError && isApiError(plan.error) && (plan.error.statusCode === 404 || plan.error.statusCode === 400)) {
    body = (
      <EmptyState
        icon={<ClipboardIcon />}
        title={t('plans.view.notFound')}
        body={t('plans.view.notFoundBody')}
        action={
          <ButtonLink to={to('app/plans')} variant="outline" size="sm">
            {t('plans.mine.back')}
          </ButtonLink>
        }
      />
    );
  } else if (plan.isError) body = <ErrorState error={plan.error} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  else {
    const p = plan.data;
    const canRename = allowance.data?.rename ?? false;
    body = (
      <>
        {generated ? (
          <Alert tone="success" title={t('plans.generated.title')} className="mb-5 print:hidden">
            {generated.usage.remaining === null ? t('plans.generated.unlimited') : t('plans.generated.remaining', { count: generated.usage.remaining })}
          </Alert>
        ) : null}
        <PlanView
          outline={{ title: p.planName, summary: p.summary, safetyNotes: p.safetyNotes, weeks: p.weeks }}
          week={week ?? 1}
          onWeekChange={setPicked}
          read={read}
          weekError={shown.isError ? <ErrorState error={shown.error} onRetry={() => void shown.refetch()} retrying={shown.isFetching} /> : undefined}
          planId={p.id}
          coaching={{ swaps: p.swaps ?? [], adaptations: p.adaptations ?? [] }}
          offerFullSchedule={allowance.data?.detail === 'week1'}
          header={
            <header className="space-y-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">{p.planName}</h1>
                <div className="flex flex-wrap gap-2 print:hidden">
                  <Button
                    variant="outline"
                    size="sm"
                    icon={canRename ? <PencilIcon /> : <LockIcon />}
                    onClick={() => setDialog(canRename ? 'rename' : 'locked')}
                    disabled={allowance.isPending}
                  >
                    {t('plans.actions.rename')}
                  </Button>
                  <Button variant="outline" size="sm" icon={<PrinterIcon />} onClick={() => void print()} loading={printing}>
                    {t('plans.actions.print')}
                  </Button>
                  <Button variant="outline" size="sm" icon={<TrashIcon className="text-red-600 dark:text-red-400" />} onClick={() => setDialog('delete')}>
                    <span className="text-red-700 dark:text-red-400">{t('plans.actions.delete')}</span>
                  </Button>
                </div>
              </div>
              <PlanBadges planType={p.planType} fitnessLevel={p.fitnessLevel} durationWeeks={p.durationWeeks} trainingDaysPerWeek={p.trainingDaysPerWeek} split={p.split} />
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-500 dark:text-zinc-400">
                <Badge tone={p.source === 'ai' ? 'success' : 'neutral'}>{t(`plans.source.${p.source}`)}</Badge>
                <span>{t('plans.mine.created', { date: formatDate(p.createdAt, locale) })}</span>
                <span aria-hidden="true">·</span>
                <span>{p.equipment.map((e) => t(`enums.equipment.${e}`)).join(t('plans.listSeparator'))}</span>
              </p>
            </header>
          }
        />
        <RenameDialog key={p.planName} planId={p.id} current={p.planName} open={dialog === 'rename'} onClose={() => setDialog(null)} />
        <RenameLockedDialog open={dialog === 'locked'} onClose={() => setDialog(null)} />
        <DeletePlanDialog planId={p.id} planName={p.planName} open={dialog === 'delete'} onClose={() => setDialog(null)} onDeleted={() => navigate(to('app/plans'), { replace: true })} />
      </>
    );
  }

  return (
    <div className="container-page max-w-4xl space-y-5 py-6 sm:py-10 print:max-w-none print:py-0">
      <BackLink to={to('app/plans')}>{t('plans.mine.back')}</BackLink>
      {body}
    </div>
  );
}
