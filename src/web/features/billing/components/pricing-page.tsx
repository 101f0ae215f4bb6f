import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_CATALOGUE, TRIAL_DAYS } from '#core/billing/catalogue';
import type { SubscriptionPlan } from '#core/billing/schemas';
import { SUBSCRIPTION_TIERS, type Interval, type SubscriptionTier } from '#core/profile/schemas';
import { PolicyLinks } from '#web/components/policy-links';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { ErrorState } from '#web/components/ui/error-state';
import { Button } from '#web/components/ui/button';
import { CheckIcon, MinusIcon, RefreshIcon, ShieldIcon, SparklesIcon, CalendarIcon } from '#web/components/ui/icons';
import { Segmented } from '#web/components/ui/segmented';
import { Skeleton } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatPrice } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale } from '#web/lib/use-locale';
import { useStartCheckout } from '../api/billing';
import { useCatalogue } from '../api/catalogue';
import { chosenPlanFrom, type ChosenPlan } from './chosen-plan';
import { PlanCta, type PlanCtaProps } from './plan-cta';
import { offersTrial, type SubscriptionView } from './subscription-view';

interface PricingPageProps {
  signedIn: boolean;
  /** The signed-in user's subscription; undefined while it loads. */
  subscription?: SubscriptionView;
  /** The subscription could not be loaded: the paid buttons wait for a retry. */
  subscriptionError?: { error: unknown; retry: () => void; retrying: boolean };
}

/** Texts come from the shared catalogue in the page's language; the server's English is the fallback. */
function useLocalizedPlan(plan: SubscriptionPlan) {
  const locale = useLocale();
  const entry = PLAN_CATALOGUE.find((p) => p.id === plan.id);
  return {
    name: entry?.name[locale] ?? plan.name,
    features: entry ? entry.features.map((f) => f[locale]) : plan.features,
    limitations: entry ? entry.limitations.map((f) => f[locale]) : plan.limitations,
  };
}

type PlanCardProps = { plan: SubscriptionPlan; interval: Interval; emphasized: boolean; preselected: boolean; pricingPage: boolean } & Omit<PricingPageProps, 'subscriptionError'> &
  Pick<PlanCtaProps, 'onCheckout' | 'checkingOut' | 'busy'>;

function PlanCard({ plan, interval, signedIn, subscription, emphasized, preselected, pricingPage, ...checkout }: PlanCardProps) {
  // Under the pricing page's title the plans are its sections; in the billing settings, parts of a card's.
  const [Name, Part] = pricingPage ? (['h2', 'h3'] as const) : (['h3', 'h4'] as const);
  const { t } = useTranslation();
  const locale = useLocale();
  const { name, features, limitations } = useLocalizedPlan(plan);
  const current = signedIn && subscription?.tier === plan.id;
  const cents = interval === 'year' ? plan.priceYearlyCents : plan.priceMonthlyCents;
  const paid = plan.priceMonthlyCents > 0;
  const trial = plan.id === 'pro' && !current && offersTrial(signedIn, subscription);
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    // Sent here for this plan (an upgrade prompt): on a phone the cards stack, so bring it into view.
    const card = ref.current;
    if (preselected && card && card.getBoundingClientRect().top > window.innerHeight * 0.6) card.scrollIntoView({ block: 'start' });
  }, [preselected]);

  return (
    <li
      ref={ref}
      className={cn(
        'relative flex scroll-mt-24 flex-col rounded-3xl border bg-white p-6 sm:p-7 dark:bg-zinc-900',
        emphasized ? 'border-brand-500 shadow-xl ring-1 ring-brand-500' : 'border-zinc-200 shadow-soft dark:border-zinc-800 dark:shadow-none',
        emphasized && pricingPage && 'lg:-my-3 lg:py-10',
      )}
      aria-current={current ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Name className="text-lg font-semibold">{name}</Name>
        {plan.id === 'pro' ? <Badge tone="brand">{t('pricing.popular')}</Badge> : null}
        {current ? <Badge tone="success">{t('pricing.yourPlan')}</Badge> : null}
      </div>
      <p className="mt-1 min-h-10 text-sm text-zinc-600 dark:text-zinc-400">{t(`pricing.tagline.${plan.id}`)}</p>
      <div className="mt-5 flex items-baseline gap-1.5">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{formatPrice(cents, locale)}</span>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">{interval === 'year' ? t('pricing.perYear') : t('pricing.perMonth')}</span>
      </div>
      <p className="mt-1 h-5 text-xs text-zinc-500 dark:text-zinc-400">
        {paid && interval === 'year'
          ? t('pricing.yearlyEquivalent', { price: formatPrice(Math.round(plan.priceYearlyCents / 12), locale) })
          : paid
            ? t('pricing.billedMonthly')
            : t('pricing.freeForever')}
      </p>
      {trial ? (
        <p className="mt-3 flex items-center gap-1.5 rounded-lg bg-brand-50 px-2.5 py-1.5 text-sm font-medium text-brand-800 dark:bg-brand-950/60 dark:text-brand-200">
          <SparklesIcon className="shrink-0" />
          {t('pricing.trialOffer', { days: TRIAL_DAYS, price: formatPrice(cents, locale), per: interval === 'year' ? t('pricing.perYear') : t('pricing.perMonth') })}
        </p>
      ) : null}
      <div className="mt-6">
        <PlanCta tier={plan.id} tierName={name} interval={interval} signedIn={signedIn} subscription={subscription} trial={trial} emphasized={emphasized} {...checkout} />
      </div>
      <div className="mt-7 flex-1 space-y-5 border-t border-zinc-200 pt-6 dark:border-zinc-800">
        <div>
          <Part className="sr-only">{t('pricing.features')}</Part>
          <ul className="space-y-2.5 text-sm">
            {features.map((feature) => (
              <li key={feature} className="flex gap-2.5">
                <CheckIcon className="mt-0.5 shrink-0 text-base text-brand-600 dark:text-brand-400" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </div>
        {limitations.length > 0 ? (
          <div>
            <Part className="mb-2 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{t('pricing.limitations')}</Part>
            <ul className="space-y-2 text-sm text-zinc-500 dark:text-zinc-400">
              {limitations.map((limitation) => (
                <li key={limitation} className="flex gap-2.5">
                  <MinusIcon className="mt-0.5 shrink-0 text-base" />
                  <span>{limitation}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function PlanSkeleton() {
  return (
    <li className="rounded-3xl border border-zinc-200 bg-white p-7 dark:border-zinc-800 dark:bg-zinc-900">
      <Skeleton className="h-6 w-24" />
      <Skeleton className="mt-3 h-4 w-48" />
      <Skeleton className="mt-6 h-10 w-32" />
      <Skeleton className="mt-6 h-11 w-full" />
      <div className="mt-8 space-y-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-4 w-full" />
        ))}
      </div>
    </li>
  );
}

export interface PlanChooserProps extends Omit<PricingPageProps, 'subscriptionError'> {
  /** The tiers offered, in this order. */
  tiers: readonly SubscriptionTier[];
  /** The plan (and interval) an upsell came for: emphasized, brought into view, its interval chosen. */
  preselected: ChosenPlan | null;
  /** Alerts shown above the plans (a canceled checkout, a subscription that did not load). */
  notices?: ReactNode;
}

/**
 * The plans side by side with the monthly/yearly switch, each with its price, the Pro trial when this visitor still
 * has it, and the way to it (sign-up, checkout or a plan change). The pricing page shows every tier; the billing
 * settings show the paid ones to a signed-in user without a subscription, so choosing a plan never leaves the app.
 */
export function PlanChooser({ signedIn, subscription, tiers, preselected, notices }: PlanChooserProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const plans = useCatalogue();
  const [interval, setBillingInterval] = useState<Interval>(preselected?.interval ?? 'month');
  const checkout = useStartCheckout();
  // Every tier side by side is the pricing page's own layout; the paid two sit in a card of the billing settings.
  const pricingPage = tiers.length === SUBSCRIPTION_TIERS.length;
  const grid = pricingPage ? 'lg:grid-cols-3' : 'md:grid-cols-2';

  return (
    <div className="space-y-8">
      <div className="flex justify-center">
        <Segmented<Interval>
          label={t('pricing.billingInterval')}
          value={interval}
          onChange={setBillingInterval}
          options={[
            { value: 'month', label: t('pricing.monthly') },
            {
              value: 'year',
              label: (
                <span className="flex items-center gap-1.5">
                  {t('pricing.yearly')}
                  <span className="rounded-full bg-brand-100 px-1.5 py-px text-[11px] font-semibold text-brand-700 dark:bg-brand-900/60 dark:text-brand-300">
                    {t('pricing.twoMonthsFree')}
                  </span>
                </span>
              ),
            },
          ]}
        />
      </div>
      {notices || checkout.isError ? (
        <div className="mx-auto max-w-2xl space-y-3">
          {notices}
          {checkout.isError ? <Alert tone="error">{errorText(checkout.error)}</Alert> : null}
        </div>
      ) : null}
      {plans.isPending ? (
        <ul className={cn('grid gap-6', grid)} aria-busy="true">
          {tiers.map((tier) => (
            <PlanSkeleton key={tier} />
          ))}
        </ul>
      ) : plans.isError ? (
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : (
        <ul className={cn('grid items-start gap-6', grid)}>
          {tiers
            .flatMap((tier) => plans.data.filter((plan) => plan.id === tier))
            .map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                interval={interval}
                signedIn={signedIn}
                subscription={subscription}
                emphasized={preselected ? preselected.plan === plan.id : plan.id === 'pro'}
                preselected={preselected?.plan === plan.id}
                pricingPage={pricingPage}
                onCheckout={(chosen) => checkout.mutate({ plan: chosen, interval })}
                checkingOut={checkout.leaving && checkout.variables?.plan === plan.id}
                busy={checkout.leaving}
              />
            ))}
        </ul>
      )}
    </div>
  );
}

export function PricingPage({ signedIn, subscription, subscriptionError }: PricingPageProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  useDocumentTitle(t('pricing.title'));

  const assurances = [
    { icon: SparklesIcon, text: t('pricing.assurance.trial') },
    { icon: ShieldIcon, text: t('pricing.assurance.refund') },
    { icon: CalendarIcon, text: t('pricing.assurance.cancel') },
  ];

  return (
    <div className="container-page py-14 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('pricing.heading')}</h1>
        <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{t('pricing.subheading')}</p>
      </div>

      <div className="mx-auto mt-8 max-w-6xl">
        <PlanChooser
          signedIn={signedIn}
          subscription={subscription}
          tiers={SUBSCRIPTION_TIERS}
          // An upgrade prompt (or the sign-up page's "Change plan") sends people here with a plan in mind.
          preselected={chosenPlanFrom(params)}
          notices={
            subscriptionError ? (
              <Alert
                tone="error"
                title={t('errors.loadFailed')}
                action={
                  <Button variant="outline" size="sm" onClick={subscriptionError.retry} loading={subscriptionError.retrying} icon={<RefreshIcon />}>
                    {t('common.retry')}
                  </Button>
                }
              >
                {errorText(subscriptionError.error)}
              </Alert>
            ) : null
          }
        />
      </div>

      <ul className="mx-auto mt-14 flex max-w-4xl flex-col justify-center gap-4 text-sm text-zinc-600 sm:flex-row sm:gap-8 dark:text-zinc-400">
        {assurances.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="shrink-0 text-base text-brand-600 dark:text-brand-400" />
            {text}
          </li>
        ))}
      </ul>
      <PolicyLinks className="mt-8" />
    </div>
  );
}
