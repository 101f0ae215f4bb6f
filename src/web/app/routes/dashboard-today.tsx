import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanWeekOutline } from '#core/plans/api-schemas';
import { localDateOf, planDayOn, WEEKDAYS } from '#core/workouts';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { AppleIcon, CheckIcon, DumbbellIcon, PlusIcon, SparklesIcon, TargetIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { ApiError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatNumber } from '#web/lib/format';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useSummary } from '#web/features/nutrition/api/nutrition';
import { usePlans } from '#web/features/plans/api/plans';
import { fetchFitnessPlanOutline, useFitnessPlanOutline, useFitnessPlanWeek } from '#web/app/fitness-plan';
import { useSetTrainingSchedule, useStats, useTrainingSchedule } from '#web/features/workouts/api/workouts';

/** One shape for both "today" cards, so they sit side by side at the same height. */
function TodayCard({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  const id = `${testId}-title`;
  return (
    <Card className="flex flex-col p-5 sm:p-6" data-testid={testId}>
      <section aria-labelledby={id} className="flex flex-1 flex-col gap-3">
        <h2 id={id} className="flex items-center gap-2 text-sm font-medium text-zinc-600 dark:text-zinc-400">
          <span className="flex size-7 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">{icon}</span>
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function CardText({ heading, body }: { heading: string; body?: string | null }) {
  return (
    <div className="space-y-1">
      <p className="text-xl font-semibold tracking-tight text-balance text-zinc-900 dark:text-white">{heading}</p>
      {body ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{body}</p> : null}
    </div>
  );
}

/** A plan's training weekdays, read from its first week: day 1 is Monday. */
function trainingDaysOf(week: PlanWeekOutline) {
  return WEEKDAYS.filter((_, i) => week.days[i]?.type !== 'rest');
}

/** The day of the plan the user follows, with a Start into the logger; or the way to a plan when there is none. */
export function TodayWorkoutCard({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const locale = useLocale();
  const schedule = useTrainingSchedule();
  // The streak card below asks for the same stats: one request serves both.
  const stats = useStats();
  const planId = schedule.data?.planId ?? null;
  // The plan's outline, then only today's week (the logger's Start reads the same, offline too).
  const plan = useFitnessPlanOutline(planId, locale);
  const today = localDateOf(Date.now(), timezone);
  const { weekNumber, dayNumber } = planDayOn(schedule.data?.effectiveFrom ?? today, today);
  const inPlan = plan.data !== undefined && weekNumber >= 1 && weekNumber <= plan.data.durationWeeks;
  const week = useFitnessPlanWeek(inPlan ? planId : null, weekNumber, locale);
  // A followed plan the user has since deleted leaves them where a new user is.
  const planGone = plan.error instanceof ApiError && plan.error.statusCode === 404;
  const following = planId !== null && !planGone;
  const plans = usePlans(1, locale);
  const card = (children: ReactNode) => (
    <TodayCard title={t('dashboard.today.title')} icon={<DumbbellIcon />} testId="today-workout">
      {children}
    </TodayCard>
  );

  if (schedule.isError) return <ErrorState error={schedule.error} onRetry={() => void schedule.refetch()} retrying={schedule.isFetching} />;
  if (following && plan.isError) return <ErrorState error={plan.error} onRetry={() => void plan.refetch()} retrying={plan.isFetching} />;
  if (following && inPlan && week.isError) return <ErrorState error={week.error} onRetry={() => void week.refetch()} retrying={week.isFetching} />;
  if (schedule.isPending || (following && (plan.isPending || (inPlan && week.isPending))) || (!following && plans.isPending) || stats.isPending)
    return <Skeleton className="h-56 rounded-2xl" />;

  if (!following || !plan.data) {
    const latest = plans.data?.items[0];
    return card(
      latest ? (
        <FollowPlan planId={latest.id} planName={latest.planName} />
      ) : (
        <>
          <CardText heading={t('dashboard.today.noPlanTitle')} body={t('dashboard.today.noPlanBody')} />
          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            <ButtonLink to={to('app/plans/new')} icon={<SparklesIcon />}>
              {t('dashboard.today.makePlan')}
            </ButtonLink>
            <ButtonLink to={to('app/workouts/new')} variant="ghost">
              {t('dashboard.today.logAnyway')}
            </ButtonLink>
          </div>
        </>
      ),
    );
  }

  const saved = plan.data;
  const day = week.data?.week.days[dayNumber - 1];
  if (!day)
    return card(
      <>
        <CardText heading={t('dashboard.today.finishedTitle')} body={t('dashboard.today.finishedBody', { plan: saved.planName })} />
        <div className="mt-auto pt-1">
          <ButtonLink to={to('app/plans/new')} icon={<SparklesIcon />}>
            {t('dashboard.today.makePlan')}
          </ButtonLink>
        </div>
      </>,
    );

  const done = stats.data?.workedOutToday ?? false;
  const rest = day.type === 'rest';
  const logPath = `${to('app/workouts/new')}?${new URLSearchParams({ planId: saved.id, week: String(weekNumber), day: String(dayNumber) })}`;
  const meta = [
    t('dashboard.today.weekDay', { week: weekNumber, day: dayNumber }),
    rest ? null : t('dashboard.today.exercises', { count: day.exercises.length }),
    day.estimatedMinutes > 0 ? t('dashboard.today.minutes', { count: day.estimatedMinutes }) : null,
  ].filter(Boolean);

  return card(
    <>
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {saved.planName} · {meta.join(' · ')}
      </p>
      <CardText heading={day.title} body={rest ? t('dashboard.today.restBody') : day.focus} />
      {done ? (
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-700 dark:text-emerald-400">
          <CheckIcon /> {t('dashboard.today.done')}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {rest || done ? (
          <ButtonLink to={logPath} variant="outline" icon={<PlusIcon />}>
            {t('dashboard.today.logAnyway')}
          </ButtonLink>
        ) : (
          <ButtonLink to={logPath} className="min-w-32" icon={<DumbbellIcon />}>
            {t('dashboard.today.start')}
          </ButtonLink>
        )}
        <ButtonLink to={to(`app/plans/${saved.id}`)} variant="ghost">
          {t('dashboard.today.seePlan')}
        </ButtonLink>
      </div>
    </>,
  );
}

/** A user with plans but none followed: one tap follows the newest from today. */
function FollowPlan({ planId, planName }: { planId: string; planName: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const toast = useToast();
  const errorText = useErrorText();
  const follow = useSetTrainingSchedule();
  const start = async () => {
    try {
      const outline = await fetchFitnessPlanOutline(planId);
      await follow.mutateAsync({ planId, trainingDays: trainingDaysOf(outline.weeks[0]!) });
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <>
      <CardText heading={t('dashboard.today.followTitle', { plan: planName })} body={t('dashboard.today.followBody')} />
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button onClick={() => void start()} loading={follow.isPending} icon={<TargetIcon />}>
          {t('dashboard.today.follow')}
        </Button>
        <ButtonLink to={to('app/plans')} variant="ghost">
          {t('dashboard.today.allPlans')}
        </ButtonLink>
      </div>
    </>
  );
}

/** Calories left today: the goal less what was eaten, with the way to log a meal; or the way to goals without them. */
export function CaloriesLeftCard({ timezone }: { timezone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const summary = useSummary(localDateOf(Date.now(), timezone));
  const card = (children: ReactNode) => (
    <TodayCard title={t('dashboard.calories.title')} icon={<AppleIcon />} testId="calories-left">
      {children}
    </TodayCard>
  );

  if (summary.isPending) return <Skeleton className="h-56 rounded-2xl" />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />;

  const s = summary.data;
  if (s.goalSource === 'default')
    return card(
      <>
        <CardText heading={t('dashboard.calories.noGoalsTitle')} body={t('dashboard.calories.noGoalsBody')} />
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <ButtonLink to={to('app/nutrition/goals')} icon={<TargetIcon />}>
            {t('dashboard.calories.setGoals')}
          </ButtonLink>
          <ButtonLink to={to('app/nutrition')} variant="ghost">
            {t('dashboard.calories.logMeal')}
          </ButtonLink>
        </div>
      </>,
    );

  const left = s.remaining.calories;
  const over = left < 0;
  const percent = Math.min(100, Math.round(s.progress.calories * 100));
  const n = (value: number) => formatNumber(value, locale);
  return card(
    <>
      <p className="flex items-baseline gap-2">
        <span className={cn('text-4xl font-bold tracking-tight tabular-nums', over && 'text-red-600 dark:text-red-400')} data-testid="calories-left-value">
          {n(Math.abs(left))}
        </span>
        <span className="text-sm text-zinc-600 dark:text-zinc-400">{over ? t('dashboard.calories.over') : t('dashboard.calories.left')}</span>
      </p>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('dashboard.calories.title')}
        className="h-2.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className={cn('h-full rounded-full', over ? 'bg-red-500' : 'bg-brand-600')} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{t('dashboard.calories.eatenOfGoal', { eaten: n(s.totals.calories), goal: n(s.goals.calories) })}</p>
      <div className="mt-auto pt-1">
        <ButtonLink to={to('app/nutrition')} variant="outline" icon={<PlusIcon />}>
          {t('dashboard.calories.logMeal')}
        </ButtonLink>
      </div>
    </>,
  );
}
