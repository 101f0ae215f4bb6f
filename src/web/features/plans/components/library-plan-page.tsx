import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { ErrorState } from '#web/components/ui/error-state';
import { BookIcon } from '#web/components/ui/icons';
import { isApiError } from '#web/lib/api-client';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useLibraryPlan } from '../api/plans';
import { SaveLibraryButton } from './library-page';
import { PlanBadges } from './plan-badges';
import { BackLink, PlanPageSkeleton } from './plan-page';
import { PlanView } from './plan-view';

/** A library plan read in full before saving it. */
export function LibraryPlanPage({ libraryId }: { libraryId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const navigate = useNavigate();
  const plan = useLibraryPlan(libraryId, locale);
  const [week, setWeek] = useState(1);
  useDocumentTitle(plan.data?.title ?? t('plans.library.title'));

  let body;
  if (plan.isPending) body = <PlanPageSkeleton />;
  else if (plan.isError && isApiError(plan.error) && (plan.error.statusCode === 404 || plan.error.statusCode === 400)) {
    body = (
      <EmptyState
        icon={<BookIcon />}
        title={t('plans.library.notFound')}
        action={
          <ButtonLink to={to('app/plans/library')} variant="outline" size="sm">
            {t('plans.library.back')}
          </ButtonLink>
        }
      />
    );
  } else if (plan.isError) body = <ErrorState error={plan.error} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  else {
    const p = plan.data;
    body = (
      <PlanView
        outline={p.plan}
        week={week}
        onWeekChange={setWeek}
        read={(n) => {
          const shown = p.plan.weeks[n - 1];
          return shown && { week: shown, exercises: p.exercises };
        }}
        header={
          <header className="space-y-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight sm:text-3xl">{p.title}</h1>
              <SaveLibraryButton id={p.id} className="print:hidden" onSaved={(id) => navigate(to(`app/plans/${id}`))} />
            </div>
            <PlanBadges planType={p.planType} fitnessLevel={p.fitnessLevel} durationWeeks={p.durationWeeks} trainingDaysPerWeek={p.trainingDaysPerWeek} split={p.split} />
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              {t('plans.library.equipment', { list: p.equipment.map((e) => t(`enums.equipment.${e}`)).join(t('plans.listSeparator')) })}
            </p>
          </header>
        }
      />
    );
  }

  return (
    <div className="container-page max-w-4xl space-y-5 py-6 sm:py-10">
      <BackLink to={to('app/plans/library')}>{t('plans.library.back')}</BackLink>
      {body}
    </div>
  );
}
