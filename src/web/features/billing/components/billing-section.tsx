import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueEntry, priceCents, TRIAL_DAYS } from '#core/billing/catalogue';
import type { RefundEligibility } from '#core/billing/schemas';
import type { PlanChangeAction } from '#core/billing/transitions';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '#web/components/ui/card';
import { Dialog } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { CreditCardIcon, RefreshIcon, ShieldIcon, SparklesIcon } from '#web/components/ui/icons';
import { Textarea } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/spinner';
import { useToast } from '#web/components/ui/toast';
import { useErrorText, useMessageText } from '#web/lib/errors';
import { formatDate, formatMoney, formatPrice } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';
import { useCancelSubscription, useChangePlan, useChangePreview, useInvoices, useOpenPortal, useRefund, useRefundEligibility, useResumeSubscription } from '../api/billing';
import type { ChosenPlan } from './chosen-plan';
import { PlanChooser } from './pricing-page';
import { InvoicesCard } from './invoices-card';
import { displayStatus, hasLiveSubscription, refundDeadline, renewalPriceCents, trialRunning, type DisplayStatus, type SubscriptionView } from './subscription-view';

const STATUS_TONE: Record<DisplayStatus, 'neutral' | 'brand' | 'success' | 'warning' | 'danger'> = {
  free: 'neutral',
  inactive: 'neutral',
  trialing: 'brand',
  active: 'success',
  canceling: 'warning',
  past_due: 'danger',
};

const REFUND_REASON_MAX = 500;
const PAID_TIERS = ['basic', 'pro'] as const;

function usePlanName() {
  const locale = useLocale();
  return (tier: SubscriptionView['tier']) => catalogueEntry(tier).name[locale];
}

function usePerInterval() {
  const { t } = useTranslation();
  return (interval: SubscriptionView['interval']) => (interval === 'year' ? t('pricing.perYear') : t('pricing.perMonth'));
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
      <dt className="text-sm text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="text-sm font-medium text-zinc-900 tabular-nums dark:text-white">{children}</dd>
    </div>
  );
}

// ── Plan change ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Upgrade or downgrade: the amount the provider will charge (or credit) now is shown before anything changes. */
function PlanChangeDialog({ action, sub, open, onClose }: { action: PlanChangeAction; sub: SubscriptionView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const toast = useToast();
  const planName = usePlanName();
  const per = usePerInterval();
  const preview = useChangePreview(action, open);
  const change = useChangePlan();
  const to = action === 'upgrade' ? 'pro' : 'basic';
  const interval = sub.interval ?? 'month';
  const newPrice = `${formatPrice(priceCents(to, interval), locale)} ${per(interval)}`;
  const periodEnd = formatDate(sub.currentPeriodEnd, locale, 'long');

  function close() {
    if (change.isPending) return;
    change.reset();
    onClose();
  }

  function confirm() {
    if (!preview.data) return;
    change.mutate(
      { action, prorationDate: preview.data.prorationDate },
      {
        onSuccess: (result) => {
          toast.success(messageText(result));
          change.reset();
          onClose();
        },
        // The amount shown may no longer be the one charged (a preview left open too long): show the current one.
        onError: () => void preview.refetch(),
      },
    );
  }

  let amount: ReactNode;
  if (preview.isPending) {
    amount = (
      <div className="space-y-2" aria-busy="true">
        <span className="sr-only" role="status">
          {t('billing.change.calculating')}
        </span>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  } else if (preview.isError) {
    amount = (
      <Alert
        tone="error"
        title={t('billing.change.previewFailed')}
        action={
          <Button size="sm" variant="outline" icon={<RefreshIcon />} onClick={() => void preview.refetch()} loading={preview.isFetching}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorText(preview.error)}
      </Alert>
    );
  } else {
    const { amountDueCents: cents, overdueCents: overdue, currency } = preview.data;
    const money = (c: number) => formatMoney(Math.abs(c), locale, currency);
    const row = (label: string, c: number, testId?: string) => (
      <p className="flex items-baseline justify-between gap-4 text-sm">
        <span>{label}</span>
        <span className="tabular-nums" data-testid={testId}>
          {c < 0 ? `−${money(c)}` : money(c)}
        </span>
      </p>
    );
    // Due today: an unpaid invoice (paid first by the change) and an upgrade's charge; a credit waits for the next invoice.
    const today = overdue + Math.max(0, cents);
    amount = (
      <div className="space-y-1.5">
        {overdue > 0 ? (
          <>
            {row(t('billing.change.overdue'), overdue, 'overdue-amount')}
            {cents !== 0 ? row(cents < 0 ? t('billing.change.credit') : t('billing.change.prorated'), cents, 'change-amount') : null}
          </>
        ) : null}
        <p className="flex items-baseline justify-between gap-4">
          <span className="font-medium">{overdue === 0 && cents < 0 ? t('billing.change.credit') : t('billing.change.dueToday')}</span>
          <span className="text-lg font-semibold tabular-nums" data-testid="proration-amount">
            {overdue === 0 && cents < 0 ? `−${money(cents)}` : money(today)}
          </span>
        </p>
        {overdue > 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('billing.change.overdueBody')}</p> : null}
        {cents !== 0 || overdue === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {cents > 0
              ? t('billing.change.chargeBody', { date: periodEnd })
              : cents < 0
                ? t('billing.change.creditBody', { plan: planName(sub.tier), date: periodEnd })
                : t('billing.change.nothingBody')}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={action === 'upgrade' ? t('billing.change.upgradeTitle', { plan: planName(to) }) : t('billing.change.downgradeTitle', { plan: planName(to) })}
      description={t(action === 'upgrade' ? 'billing.change.upgradeBody' : 'billing.change.downgradeBody', { plan: planName(to) })}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={change.isPending}>
            {t('billing.keepPlan')}
          </Button>
          <Button onClick={confirm} loading={change.isPending} disabled={!preview.isSuccess}>
            {action === 'upgrade' ? t('pricing.upgradeTo', { plan: planName(to) }) : t('pricing.switchTo', { plan: planName(to) })}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <dl className="space-y-2 rounded-xl bg-zinc-50 px-4 py-3 dark:bg-zinc-800/60">
          <Fact label={t('billing.change.from')}>
            {planName(sub.tier)} · {formatPrice(renewalPriceCents(sub) ?? 0, locale)} {per(interval)}
          </Fact>
          <Fact label={t('billing.change.to')}>
            {planName(to)} · {newPrice}
          </Fact>
        </dl>
        {amount}
        {sub.currentPeriodEnd ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('billing.change.thenBody', { date: periodEnd, price: newPrice })}</p> : null}
        {sub.status === 'canceling' ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('billing.change.resumes')}</p> : null}
        {change.isError ? <Alert tone="error">{errorText(change.error)}</Alert> : null}
      </div>
    </Dialog>
  );
}

// ── Cancel ──────────────────────────────────────────────────────────────────────────────────────────────────────────

function CancelDialog({ sub, open, onClose }: { sub: SubscriptionView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const toast = useToast();
  const planName = usePlanName();
  const cancel = useCancelSubscription();
  const trial = trialRunning(sub);
  const until = formatDate(trial ? sub.trialEndsAt : sub.currentPeriodEnd, locale, 'long');

  function close() {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('billing.cancel.title')}
      description={trial ? t('billing.cancel.trialBody', { date: until }) : t('billing.cancel.body', { plan: planName(sub.tier), date: until })}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={cancel.isPending} data-autofocus>
            {t('billing.keepPlan')}
          </Button>
          <Button
            variant="danger"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: (result) => {
                  toast.success(messageText(result));
                  cancel.reset();
                  onClose();
                },
              })
            }
          >
            {t('billing.cancel.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-zinc-600 dark:text-zinc-400">
        <p>{t('billing.cancel.keepFree')}</p>
        {cancel.isError ? <Alert tone="error">{errorText(cancel.error)}</Alert> : null}
      </div>
    </Dialog>
  );
}

// ── The plan card ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * "Resume": takes back the cancellation, offered where the cancellation date is. The mutation belongs to the plan
 * card, which outlives the notice the button sits in (it goes once the subscription is active again).
 */
function ResumeButton({ resume }: { resume: ReturnType<typeof useResumeSubscription> }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const toast = useToast();
  return (
    <div className="space-y-2">
      <Button
        size="sm"
        variant="outline"
        icon={<RefreshIcon />}
        loading={resume.isPending}
        onClick={() => resume.mutate(undefined, { onSuccess: (result) => toast.success(messageText(result)) })}
      >
        {t('billing.plan.resume')}
      </Button>
      {resume.isError ? <p>{errorText(resume.error)}</p> : null}
    </div>
  );
}

function PlanCard({ sub, onChange, onCancel }: { sub: SubscriptionView; onChange: (action: PlanChangeAction) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const planName = usePlanName();
  const per = usePerInterval();
  const portal = useOpenPortal();
  const resume = useResumeSubscription();
  const status = displayStatus(sub);
  const live = hasLiveSubscription(sub);
  const upcoming = useInvoices(live).data?.upcoming ?? null;
  const price = renewalPriceCents(sub);
  const name = planName(sub.tier);
  const date = (value: string | null) => formatDate(value, locale, 'long');
  const renewal = `${formatPrice(price ?? 0, locale)} ${per(sub.interval)}`;

  let notice: ReactNode = null;
  if (status === 'trialing') {
    // The provider's own figure for the first payment: a promotion (TRIAL50) makes it differ from the price.
    const first = upcoming && upcoming.amountCents !== price ? formatMoney(upcoming.amountCents, locale, upcoming.currency) : null;
    notice = (
      <Alert tone="info" title={t('billing.plan.trialTitle', { date: date(sub.trialEndsAt) })}>
        {first ? t('billing.plan.trialBodyFirst', { first, price: renewal }) : t('billing.plan.trialBody', { price: renewal })}
      </Alert>
    );
  } else if (status === 'canceling') {
    notice = (
      <Alert tone="warning" title={t('billing.plan.cancelingTitle', { date: date(sub.cancelAt) })} action={<ResumeButton resume={resume} />}>
        {t('billing.plan.cancelingBody', { plan: name })}
      </Alert>
    );
  } else if (status === 'past_due') {
    notice = (
      <Alert
        tone="error"
        title={t('billing.plan.pastDueTitle')}
        action={
          <div className="space-y-2">
            <Button size="sm" variant="danger" icon={<CreditCardIcon />} loading={portal.leaving} onClick={() => portal.mutate()}>
              {t('billing.plan.fixPayment')}
            </Button>
            {portal.isError ? <p>{errorText(portal.error)}</p> : null}
          </div>
        }
      >
        {t('billing.plan.pastDueBody', { plan: name })}
      </Alert>
    );
  } else if (status === 'inactive') {
    notice = (
      <Alert tone="info" title={t('billing.plan.inactiveTitle')}>
        {t('billing.plan.inactiveBody')}
      </Alert>
    );
  }

  return (
    <Card>
      <CardHeader title={t('billing.plan.title')} description={t('billing.plan.description')} />
      <CardBody className="space-y-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-2xl font-bold tracking-tight" data-testid="billing-plan-name">
            {name}
          </span>
          <Badge tone={STATUS_TONE[status]}>{t(`billing.status.${status}`)}</Badge>
          {live && sub.interval ? <Badge>{t(`enums.interval.${sub.interval}`)}</Badge> : null}
        </div>
        {notice}
        {live ? (
          <dl className="space-y-2.5">
            {price !== null ? (
              <Fact label={t('billing.plan.price')}>
                {formatPrice(price, locale)} {per(sub.interval)}
              </Fact>
            ) : null}
            {status === 'canceling' ? (
              <Fact label={t('billing.plan.endsOn')}>{date(sub.cancelAt)}</Fact>
            ) : status === 'trialing' ? (
              <Fact label={t('billing.plan.firstPayment')}>
                {upcoming ? t('billing.plan.amountOn', { amount: formatMoney(upcoming.amountCents, locale, upcoming.currency), date: date(upcoming.date) }) : date(sub.currentPeriodEnd)}
              </Fact>
            ) : sub.currentPeriodEnd ? (
              <Fact label={t('billing.plan.renewsOn')}>{date(sub.currentPeriodEnd)}</Fact>
            ) : null}
            {upcoming && status !== 'trialing' ? (
              <Fact label={t('billing.plan.nextPayment')}>
                <span data-testid="next-payment">{formatMoney(upcoming.amountCents, locale, upcoming.currency)}</span>
              </Fact>
            ) : null}
            {sub.startedAt ? <Fact label={t('billing.plan.since')}>{date(sub.startedAt)}</Fact> : null}
          </dl>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {/* An ended subscription's notice already says the account is on Free. */}
            {status === 'inactive' ? null : `${t('billing.plan.freeBody')}${locale === 'zh' ? '' : ' '}`}
            {sub.trialAvailable ? t('billing.plan.trialPitch', { days: TRIAL_DAYS }) : t('billing.plan.upgradePitch')}
          </p>
        )}
      </CardBody>
      {live ? (
        <CardFooter className="justify-start">
          {sub.tier === 'basic' ? (
            <Button icon={<SparklesIcon />} onClick={() => onChange('upgrade')}>
              {t('pricing.upgradeTo', { plan: planName('pro') })}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => onChange('downgrade')}>
              {t('pricing.switchTo', { plan: planName('basic') })}
            </Button>
          )}
          {status !== 'canceling' ? (
            <Button variant="ghost" onClick={onCancel} className="sm:ml-auto">
              {t('billing.cancel.button')}
            </Button>
          ) : null}
        </CardFooter>
      ) : null}
    </Card>
  );
}

// ── Choosing a plan ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Basic and Pro for an account without a subscription: the pricing page's cards, inside the app. */
function ChoosePlanCard({ sub, chosen, checkoutCanceled }: { sub: SubscriptionView; chosen: ChosenPlan | null; checkoutCanceled: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader title={t('billing.choose.title')} description={t('billing.choose.description')} />
      <CardBody>
        <PlanChooser
          signedIn
          subscription={sub}
          tiers={PAID_TIERS}
          preselected={chosen}
          notices={
            checkoutCanceled ? (
              <Alert tone="info" title={t('pricing.checkoutCanceled')}>
                {t('pricing.checkoutCanceledBody')}
              </Alert>
            ) : null
          }
        />
      </CardBody>
    </Card>
  );
}

// ── Payment method ─────────────────────────────────────────────────────────────────────────────────────────────────

function PaymentMethodCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const portal = useOpenPortal();
  return (
    <Card>
      <CardHeader title={t('billing.payment.title')} description={t('billing.payment.description')} />
      {portal.isError ? (
        <CardBody className="pb-0">
          <Alert tone="error">{errorText(portal.error)}</Alert>
        </CardBody>
      ) : (
        <div className="h-5" />
      )}
      <CardFooter className="justify-start">
        <Button variant="outline" icon={<CreditCardIcon />} loading={portal.leaving} onClick={() => portal.mutate()}>
          {t('billing.payment.manage')}
        </Button>
      </CardFooter>
    </Card>
  );
}

// ── Refund ──────────────────────────────────────────────────────────────────────────────────────────────────────────

function RefundDialog({ sub, open, onClose }: { sub: SubscriptionView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const planName = usePlanName();
  const refund = useRefund();
  const [reason, setReason] = useState('');

  function close() {
    if (refund.isPending) return;
    refund.reset();
    setReason('');
    onClose();
  }

  function confirm() {
    refund.mutate(reason, {
      onSuccess: ({ refund: r }) => {
        toast.success(t('billing.refund.done', { amount: formatMoney(Math.round(r.amount * 100), locale, r.currency) }));
        refund.reset();
        setReason('');
        onClose();
      },
    });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('billing.refund.confirmTitle')}
      description={t('billing.refund.confirmBody', { plan: planName(sub.tier) })}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={refund.isPending}>
            {t('billing.keepPlan')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={refund.isPending}>
            {t('billing.refund.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Field label={t('billing.refund.reason')} optional hint={t('billing.refund.reasonHint', { remaining: REFUND_REASON_MAX - reason.length })}>
          <Textarea value={reason} maxLength={REFUND_REASON_MAX} onChange={(e) => setReason(e.target.value)} className="min-h-24" />
        </Field>
        {refund.isError ? <Alert tone="error">{errorText(refund.error)}</Alert> : null}
      </div>
    </Dialog>
  );
}

function RefundStatus({ check }: { check: RefundEligibility }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const messageText = useMessageText();
  // The server's reason is the spec's sentence; it is shown in the user's language, by its key.
  const reason = messageText({ message: check.reason, messageKey: check.reasonKey, params: check.reasonParams });
  if (check.eligible) {
    return (
      <div className="space-y-1">
        <p className="font-medium text-emerald-700 dark:text-emerald-300" data-testid="refund-status">
          {reason}
        </p>
        {check.subscriptionStartDate ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('billing.refund.until', { date: formatDate(refundDeadline(check.subscriptionStartDate), locale, 'long') })}</p>
        ) : null}
      </div>
    );
  }
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="refund-status">
      {reason}
    </p>
  );
}

function RefundCard({ onRefund }: { onRefund: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const eligibility = useRefundEligibility(true);
  return (
    <Card>
      <CardHeader title={t('billing.refund.title')} description={t('billing.refund.description')} />
      <CardBody>
        {eligibility.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-5 w-64 max-w-full" />
            <Skeleton className="h-4 w-48" />
          </div>
        ) : eligibility.isError ? (
          <Alert
            tone="error"
            title={t('billing.refund.checkFailed')}
            action={
              <Button size="sm" variant="outline" icon={<RefreshIcon />} onClick={() => void eligibility.refetch()} loading={eligibility.isFetching}>
                {t('common.retry')}
              </Button>
            }
          >
            {errorText(eligibility.error)}
          </Alert>
        ) : (
          <RefundStatus check={eligibility.data} />
        )}
      </CardBody>
      {eligibility.data?.eligible ? (
        <CardFooter className="justify-start">
          <Button variant="outline" icon={<ShieldIcon />} onClick={onRefund}>
            {t('billing.refund.button')}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}

// ── The tab ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface BillingSectionProps {
  subscription: SubscriptionView;
  /** A plan change asked for in the URL (the pricing page's "Upgrade to Pro"): its dialog opens at once. */
  requestedChange: PlanChangeAction | null;
  onRequestHandled: () => void;
  /** The plan an upsell came for (`?plan=pro`), emphasized in the chooser. */
  chosen: ChosenPlan | null;
  /** Back from a checkout left without paying (`?checkout=canceled`). */
  checkoutCanceled: boolean;
}

/**
 * Settings → Billing: the plan and its state, the plans to choose from (without a subscription), plan changes,
 * cancellation and its undoing, the refund guarantee, the portal and the billing history.
 */
export function BillingSection({ subscription: sub, requestedChange, onRequestHandled, chosen, checkoutCanceled }: BillingSectionProps) {
  const [dialog, setDialog] = useState<null | 'upgrade' | 'downgrade' | 'cancel' | 'refund'>(null);
  const live = hasLiveSubscription(sub);
  // A card is kept at the provider once the account has subscribed or paid: before that there is nothing to manage.
  const paidBefore = (useInvoices().data?.items.length ?? 0) > 0;

  useEffect(() => {
    if (!requestedChange) return;
    const allowed = (requestedChange === 'upgrade' && sub.tier === 'basic') || (requestedChange === 'downgrade' && sub.tier === 'pro');
    if (allowed && live) setDialog(requestedChange);
    onRequestHandled();
  }, [requestedChange, sub.tier, live, onRequestHandled]);

  // The subscription may end under an open dialog (a refund, another tab): close what no longer applies.
  useEffect(() => {
    if (!live) setDialog((open) => (open === 'refund' ? open : null));
  }, [live]);

  return (
    <div className="space-y-6">
      <PlanCard sub={sub} onChange={setDialog} onCancel={() => setDialog('cancel')} />
      {live ? null : <ChoosePlanCard sub={sub} chosen={chosen} checkoutCanceled={checkoutCanceled} />}
      {live ? <RefundCard onRefund={() => setDialog('refund')} /> : null}
      {live || paidBefore ? <PaymentMethodCard /> : null}
      <InvoicesCard />
      {live ? (
        <PlanChangeDialog action={sub.tier === 'basic' ? 'upgrade' : 'downgrade'} sub={sub} open={dialog === 'upgrade' || dialog === 'downgrade'} onClose={() => setDialog(null)} />
      ) : null}
      {live ? <CancelDialog sub={sub} open={dialog === 'cancel'} onClose={() => setDialog(null)} /> : null}
      <RefundDialog sub={sub} open={dialog === 'refund'} onClose={() => setDialog(null)} />
    </div>
  );
}
