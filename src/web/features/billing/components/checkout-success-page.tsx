import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueEntry } from '#core/billing/catalogue';
import { Alert } from '#web/components/ui/alert';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardBody } from '#web/components/ui/card';
import { ArrowRightIcon, CheckIcon, RefreshIcon } from '#web/components/ui/icons';
import { Spinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { useErrorText } from '#web/lib/errors';
import { formatDate, formatMoney, formatPrice } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { useInvoices, usePolledSubscription } from '../api/billing';
import { hasLiveSubscription, renewalPriceCents, trialRunning, type SubscriptionView } from './subscription-view';

/** How long to wait for the provider's webhook before saying it is late (it usually lands within a second). */
const PATIENCE_MS = 30_000;

type StepState = 'done' | 'current' | 'waiting';

function Step({ state, children }: { state: StepState; children: ReactNode }) {
  return (
    <li className="flex items-center gap-3" aria-current={state === 'current' ? 'step' : undefined}>
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full text-sm',
          state === 'done' && 'bg-brand-600 text-white',
          state === 'current' && 'bg-brand-50 text-brand-700 ring-1 ring-brand-300 dark:bg-brand-950/60 dark:text-brand-300 dark:ring-brand-800',
          state === 'waiting' && 'bg-zinc-100 text-zinc-400 dark:bg-zinc-800 dark:text-zinc-500',
        )}
      >
        {state === 'done' ? <CheckIcon /> : state === 'current' ? <Spinner decorative /> : <span className="size-1.5 rounded-full bg-current" />}
      </span>
      <span className={cn('text-sm', state === 'waiting' ? 'text-zinc-500 dark:text-zinc-400' : 'font-medium text-zinc-900 dark:text-white')}>{children}</span>
    </li>
  );
}

function Welcome({ sub }: { sub: SubscriptionView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const entry = catalogueEntry(sub.tier);
  const price = renewalPriceCents(sub);
  const per = sub.interval === 'year' ? t('pricing.perYear') : t('pricing.perMonth');
  const trial = trialRunning(sub);
  // The provider's figure for the first payment after the trial: with TRIAL50 it is half the price.
  const upcoming = useInvoices(trial).data?.upcoming ?? null;
  const renewal = price === null ? '' : `${formatPrice(price, locale)} ${per}`;
  const detail = trial
    ? upcoming && upcoming.amountCents !== price
      ? t('billing.success.trialDetailFirst', { date: formatDate(sub.trialEndsAt, locale, 'long'), first: formatMoney(upcoming.amountCents, locale, upcoming.currency), price: renewal })
      : t('billing.success.trialDetail', { date: formatDate(sub.trialEndsAt, locale, 'long'), price: renewal })
    : sub.currentPeriodEnd
      ? t('billing.success.renewDetail', { date: formatDate(sub.currentPeriodEnd, locale, 'long') })
      : null;

  return (
    <div className="space-y-6">
      <div className="space-y-3 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-600 text-2xl text-white shadow-lg shadow-brand-600/30">
          <CheckIcon />
        </span>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('billing.success.welcome', { plan: entry.name[locale] })}</h1>
        {detail ? <p className="text-zinc-600 dark:text-zinc-400">{detail}</p> : null}
      </div>
      <div>
        <h2 className="mb-3 text-sm font-semibold text-zinc-900 dark:text-white">{t('billing.success.unlocked')}</h2>
        <ul className="space-y-2 text-sm">
          {entry.features.map((feature) => (
            <li key={feature.en} className="flex gap-2.5">
              <CheckIcon className="mt-0.5 shrink-0 text-base text-brand-600 dark:text-brand-400" />
              <span>{feature[locale]}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={to('app')} className="sm:flex-1" icon={<ArrowRightIcon />}>
          {t('billing.success.start')}
        </ButtonLink>
        <ButtonLink to={`${to('app/settings')}?tab=billing`} variant="outline" className="sm:flex-1">
          {t('billing.success.manage')}
        </ButtonLink>
      </div>
    </div>
  );
}

/**
 * The provider sends the browser here once the card is accepted. The plan itself switches on when the provider's
 * webhook reaches the server, which may be a moment later, so the profile is read again until it shows the
 * subscription, with each step shown as it happens.
 */
export function CheckoutSuccessPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const to = useLocalePath();
  const [deadline, setDeadline] = useState(() => Date.now() + PATIENCE_MS);
  const [late, setLate] = useState(false);
  const [landed, setLanded] = useState(false);
  const sub = usePolledSubscription(!landed && !late);
  const live = sub.data ? hasLiveSubscription(sub.data) : false;
  useDocumentTitle(live ? t('billing.success.titleDone') : t('billing.success.title'));

  useEffect(() => {
    if (live) setLanded(true);
  }, [live]);

  useEffect(() => {
    if (landed) return;
    const timer = window.setTimeout(() => setLate(true), Math.max(0, deadline - Date.now()));
    return () => window.clearTimeout(timer);
  }, [deadline, landed]);

  function checkAgain() {
    setLate(false);
    setDeadline(Date.now() + PATIENCE_MS);
    void sub.refetch();
  }

  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardBody className="sm:p-8">
          {landed && sub.data ? (
            <Welcome sub={sub.data} />
          ) : (
            <div className="space-y-6">
              <div className="space-y-1.5">
                <h1 className="text-2xl font-bold tracking-tight">{t('billing.success.heading')}</h1>
                <p className="text-zinc-600 dark:text-zinc-400">{t('billing.success.body')}</p>
              </div>
              <ol className="space-y-3" aria-label={t('billing.success.progress')}>
                <Step state="done">{t('billing.success.stepPaid')}</Step>
                <Step state={late ? 'waiting' : 'current'}>{t('billing.success.stepActivating')}</Step>
                <Step state="waiting">{t('billing.success.stepReady')}</Step>
              </ol>
              <p className="sr-only" role="status">
                {late ? t('billing.success.lateTitle') : t('billing.success.stepActivating')}
              </p>
              {late ? (
                <Alert
                  tone="warning"
                  title={t('billing.success.lateTitle')}
                  action={
                    <div className="flex flex-wrap gap-3">
                      <Button size="sm" variant="outline" icon={<RefreshIcon />} onClick={checkAgain}>
                        {t('billing.success.checkAgain')}
                      </Button>
                      <ButtonLink size="sm" variant="ghost" to={`${to('app/settings')}?tab=billing`}>
                        {t('billing.success.manage')}
                      </ButtonLink>
                    </div>
                  }
                >
                  {sub.isError ? errorText(sub.error) : t('billing.success.lateBody')}
                </Alert>
              ) : null}
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
