import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueEntry, priceCents, TRIAL_DAYS } from '#core/billing/catalogue';
import { PolicyLinks } from '#web/components/policy-links';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardBody } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/error-state';
import { ArrowLeftIcon, RefreshIcon, ShieldIcon, SparklesIcon } from '#web/components/ui/icons';
import { Spinner } from '#web/components/ui/spinner';
import { useErrorText } from '#web/lib/errors';
import { formatPrice } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useStartCheckout } from '../api/billing';
import { planChooserPath, type ChosenPlan } from './chosen-plan';
import { hasLiveSubscription, type SubscriptionView } from './subscription-view';

interface CheckoutStartPageProps {
  chosen: ChosenPlan;
  /** The user's subscription: undefined while loading. */
  subscription: SubscriptionView | undefined;
  subscriptionError: unknown;
  onRetrySubscription: () => void;
}

/**
 * Where a plan picked before signing up (or from a link) turns into a checkout: it asks the server for a checkout
 * page and goes there at once. Someone who already subscribes is sent to the billing settings instead, since a second
 * subscription is not for sale.
 */
export function CheckoutStartPage({ chosen, subscription, subscriptionError, onRetrySubscription }: CheckoutStartPageProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const errorText = useErrorText();
  const checkout = useStartCheckout();
  const started = useRef(false);
  const plan = catalogueEntry(chosen.plan).name[locale];
  const live = subscription ? hasLiveSubscription(subscription) : false;
  const trial = chosen.plan === 'pro' && subscription?.trialAvailable === true;
  useDocumentTitle(t('billing.checkout.title'));

  const { mutate } = checkout;
  useEffect(() => {
    if (started.current || !subscription || live) return;
    started.current = true;
    mutate(chosen);
  }, [subscription, live, mutate, chosen]);

  const summary = (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-xl bg-zinc-50 px-4 py-3 dark:bg-zinc-800/60">
      <p className="font-semibold">
        {plan} · {t(`enums.interval.${chosen.interval}`)}
      </p>
      <p className="tabular-nums">
        {formatPrice(priceCents(chosen.plan, chosen.interval), locale)}{' '}
        <span className="text-sm text-zinc-500 dark:text-zinc-400">{chosen.interval === 'year' ? t('pricing.perYear') : t('pricing.perMonth')}</span>
      </p>
      {trial ? (
        <p className="flex w-full items-center gap-1.5 text-sm text-brand-700 dark:text-brand-300">
          <SparklesIcon className="shrink-0" />
          {t('billing.chosen.trial', { days: TRIAL_DAYS })}
        </p>
      ) : null}
    </div>
  );

  let body;
  if (subscriptionError) {
    body = <ErrorState error={subscriptionError} onRetry={onRetrySubscription} />;
  } else if (subscription && live) {
    const upgrade = subscription.tier === 'basic' && chosen.plan === 'pro';
    body = (
      <div className="space-y-4">
        <Alert tone="info" title={t('billing.checkout.alreadyTitle', { plan: catalogueEntry(subscription.tier).name[locale] })}>
          {t('billing.checkout.alreadyBody')}
        </Alert>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={`${to('app/settings')}?tab=billing${upgrade ? '&change=upgrade' : ''}`}>{upgrade ? t('pricing.upgradeTo', { plan }) : t('billing.checkout.toBilling')}</ButtonLink>
        </div>
      </div>
    );
  } else if (checkout.isError) {
    body = (
      <div className="space-y-4">
        {summary}
        <Alert tone="error" title={t('billing.checkout.failed')}>
          {errorText(checkout.error)}
        </Alert>
        <div className="flex flex-wrap gap-3">
          <Button icon={<RefreshIcon />} onClick={() => mutate(chosen)}>
            {t('common.retry')}
          </Button>
          <ButtonLink to={planChooserPath(to, chosen)} variant="outline" icon={<ArrowLeftIcon />}>
            {t('billing.checkout.backToPlans')}
          </ButtonLink>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-5">
        {summary}
        <p className="flex items-center gap-3 text-zinc-700 dark:text-zinc-300" role="status">
          <Spinner decorative className="text-xl text-brand-600 dark:text-brand-400" />
          {t('billing.checkout.redirecting')}
        </p>
      </div>
    );
  }

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardBody className="space-y-5 sm:p-8">
          <div className="space-y-1.5">
            <h1 className="text-2xl font-bold tracking-tight">{t('billing.checkout.heading')}</h1>
            <p className="flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
              <ShieldIcon className="shrink-0" />
              {t('billing.checkout.secure')}
            </p>
          </div>
          {body}
          <PolicyLinks className="border-t border-zinc-200 pt-5 dark:border-zinc-800" />
        </CardBody>
      </Card>
    </div>
  );
}
