import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { catalogueEntry } from '#core/billing/catalogue';
import type { SubscriptionStatus } from '#core/profile/schemas';
import { Badge } from '#web/components/ui/badge';
import { ButtonLink } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowRightIcon, CheckIcon, ChevronRightIcon, ShieldIcon, SlidersIcon, SparklesIcon, TargetIcon, UsersIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { formatDate, formatNumber } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { planChooserPath } from '#web/features/billing/components/chosen-plan';
import { hasLiveSubscription, trialRunning } from '#web/features/billing/components/subscription-view';
import { useUpgradePath } from '../upgrade-path';
import { UpgradePrompt } from '../upgrade-prompt';
import { useMe, type Me } from '../me';
import { StreakCard } from '#web/features/workouts/components/streak-card';
import { CaloriesLeftCard, TodayWorkoutCard } from './dashboard-today';

const STATUS_TONE: Record<SubscriptionStatus, 'success' | 'warning' | 'danger' | 'neutral'> = {
  active: 'success',
  canceling: 'warning',
  past_due: 'danger',
  inactive: 'neutral',
};

function greetingKey(hour: number): string {
  if (hour < 5) return 'dashboard.greeting.night';
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

interface ChecklistItem {
  key: string;
  done: number;
  total: number;
  tab: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** How much of the profile is filled in: body details, goals and a community name. */
function profileChecklist(me: Me): ChecklistItem[] {
  const p = me.preferences;
  const g = me.fitnessGoals;
  const body = [p.sex, p.birthYear, p.heightCm, p.weightKg, p.activityLevel].filter((v) => v !== null && v !== undefined).length;
  const goals = (g.goals.length > 0 ? 1 : 0) + (g.targetWeightKg !== null ? 1 : 0);
  return [
    { key: 'body', done: body, total: 5, tab: 'preferences', icon: SlidersIcon },
    { key: 'goals', done: goals, total: 2, tab: 'goals', icon: TargetIcon },
    { key: 'community', done: me.communitySettings.displayName ? 1 : 0, total: 1, tab: 'community', icon: UsersIcon },
  ];
}

function PlanCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upgradeTo = useUpgradePath();
  const sub = me.subscription;
  const plan = catalogueEntry(sub.tier);
  const dateLine = trialRunning(sub)
    ? t('dashboard.plan.trialEnds', { date: formatDate(sub.trialEndsAt, locale) })
    : sub.status === 'canceling' && sub.cancelAt
      ? t('dashboard.plan.endsOn', { date: formatDate(sub.cancelAt, locale) })
      : sub.currentPeriodEnd && sub.tier !== 'free'
        ? t('dashboard.plan.renewsOn', { date: formatDate(sub.currentPeriodEnd, locale) })
        : null;

  return (
    <Card className="flex flex-col">
      <CardHeader title={t('dashboard.plan.title')} />
      <CardBody className="flex flex-1 flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold tracking-tight">{plan.name[locale]}</span>
          <Badge tone={STATUS_TONE[sub.status]}>{t(`enums.status.${sub.status}`)}</Badge>
          {sub.interval && sub.tier !== 'free' ? <Badge>{t(`enums.interval.${sub.interval}`)}</Badge> : null}
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{dateLine ?? (sub.tier === 'free' ? t('dashboard.plan.freeBody') : t('dashboard.plan.paidBody'))}</p>
        <ul className="space-y-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          <li className="flex items-center gap-2">
            <CheckIcon className="shrink-0 text-brand-600 dark:text-brand-400" />
            {me.entitlements.maxPlansPerMonth < 0 ? t('dashboard.plan.unlimitedPlans') : t('dashboard.plan.plansPerMonth', { count: me.entitlements.maxPlansPerMonth })}
          </li>
          <li className="flex items-center gap-2">
            {me.entitlements.hasNutritionTracking ? (
              <>
                <CheckIcon className="shrink-0 text-brand-600 dark:text-brand-400" />
                {t('dashboard.plan.calorieTracker')}
              </>
            ) : (
              <UpgradePrompt feature="photo_scan" compact />
            )}
          </li>
        </ul>
        <div className="mt-auto pt-2">
          {/* Inside the app: Free to the plan chooser, Basic to the upgrade, Pro to the billing settings. */}
          <ButtonLink to={upgradeTo('pro')} variant={sub.tier === 'pro' ? 'outline' : 'primary'} size="sm" icon={<SparklesIcon />}>
            {sub.tier === 'pro' ? t('dashboard.plan.compare') : t('dashboard.plan.upgrade')}
          </ButtonLink>
        </div>
      </CardBody>
    </Card>
  );
}

function CompletenessCard({ me }: { me: Me }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const items = profileChecklist(me);
  const done = items.reduce((sum, i) => sum + i.done, 0);
  const total = items.reduce((sum, i) => sum + i.total, 0);
  const percent = Math.round((done / total) * 100);

  return (
    <Card className="lg:col-span-2">
      <CardHeader
        title={t('dashboard.profile.title')}
        description={percent === 100 ? t('dashboard.profile.complete') : t('dashboard.profile.description')}
        action={<span className="text-2xl font-bold text-brand-600 tabular-nums dark:text-brand-400">{formatNumber(percent / 100, locale, { style: 'percent' })}</span>}
      />
      <CardBody className="space-y-5">
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('dashboard.profile.title')}
          className="h-2.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        >
          <div className="h-full rounded-full bg-linear-to-r from-brand-400 to-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {items.map((item) => {
            const complete = item.done === item.total;
            return (
              <li key={item.key}>
                <Link
                  to={`${to('app/settings')}?tab=${item.tab}`}
                  className="group -mx-2 flex items-center gap-3 rounded-xl px-2 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800/50"
                >
                  <span
                    className={cn(
                      'flex size-9 shrink-0 items-center justify-center rounded-full text-base',
                      complete ? 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950/50 dark:text-emerald-400' : 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
                    )}
                  >
                    {complete ? <CheckIcon /> : <item.icon />}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{t(`dashboard.profile.${item.key}`)}</span>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      {complete ? t('dashboard.profile.done') : t('dashboard.profile.progress', { done: item.done, total: item.total })}
                    </span>
                  </span>
                  <ChevronRightIcon className="text-zinc-400 transition-transform group-hover:translate-x-0.5" />
                </Link>
              </li>
            );
          })}
        </ul>
      </CardBody>
    </Card>
  );
}

function QuickLinks({ me }: { me: Me }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const links = [
    { key: 'preferences', href: `${to('app/settings')}?tab=preferences`, icon: SlidersIcon },
    { key: 'goals', href: `${to('app/settings')}?tab=goals`, icon: TargetIcon },
    { key: 'security', href: `${to('app/settings')}?tab=security`, icon: ShieldIcon, note: me.twoFactorEnabled ? undefined : t('dashboard.links.securityTip') },
    // A subscriber's billing tab shows their plan and its changes rather than the plans side by side.
    { key: hasLiveSubscription(me.subscription) ? 'billing' : 'pricing', href: planChooserPath(to), icon: SparklesIcon },
  ];
  return (
    <section aria-labelledby="quick-links" className="space-y-3">
      <h2 id="quick-links" className="text-sm font-semibold text-zinc-900 dark:text-white">
        {t('dashboard.links.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((link) => (
          <li key={link.key}>
            <Link
              to={link.href}
              className="group flex h-full items-start gap-3 rounded-2xl border border-zinc-200 bg-white p-4 transition-shadow hover:shadow-soft focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-800 dark:bg-zinc-900/70"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-base text-brand-600 dark:bg-brand-950/60 dark:text-brand-400">
                <link.icon />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-1 text-sm font-medium">
                  {t(`dashboard.links.${link.key}`)}
                  <ArrowRightIcon className="text-xs opacity-0 transition-opacity group-hover:opacity-100" />
                </span>
                <span className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">{link.note ?? t(`dashboard.links.${link.key}Hint`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DashboardSkeleton() {
  return (
    <div className="space-y-8" aria-busy="true">
      <div className="space-y-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-72 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl lg:col-span-2" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

export function DashboardRoute() {
  const { t } = useTranslation();
  const locale = useLocale();
  const me = useMe();
  useDocumentTitle(t('nav.dashboard'));
  const now = new Date();

  return (
    <div className="container-page py-8 sm:py-10">
      {me.isPending ? (
        <DashboardSkeleton />
      ) : me.isError ? (
        <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      ) : (
        <div className="space-y-8">
          <header className="space-y-1">
            <p className="text-sm font-medium text-brand-600 dark:text-brand-400">{formatDate(now, locale, 'long')}</p>
            <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t(greetingKey(now.getHours()), { name: me.data.name.split(/\s+/)[0] || me.data.name })}</h1>
            <p className="text-zinc-600 dark:text-zinc-400">{t('dashboard.subtitle')}</p>
          </header>
          {/* What now: today's workout and what is left to eat lead, then the streak. */}
          <div className="grid gap-6 md:grid-cols-2">
            <TodayWorkoutCard timezone={me.data.preferences.timezone} />
            <CaloriesLeftCard timezone={me.data.preferences.timezone} />
          </div>
          <StreakCard weeklyTarget={me.data.fitnessGoals.workoutsPerWeek} showLog={false} />
          <div className="grid gap-6 lg:grid-cols-3">
            <PlanCard me={me.data} />
            <CompletenessCard me={me.data} />
          </div>
          <QuickLinks me={me.data} />
        </div>
      )}
    </div>
  );
}
