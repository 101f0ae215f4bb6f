import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '#core/billing/catalogue';
import type { Interval, SubscriptionTier } from '#core/profile/schemas';
import { Button, ButtonLink } from '#web/components/ui/button';
import { useLocalePath } from '#web/lib/use-locale';
import { chosenPlanQuery } from './chosen-plan';
import type { SubscriptionView } from './subscription-view';

export interface PlanCtaProps {
  tier: SubscriptionTier;
  tierName: string;
  interval: Interval;
  signedIn: boolean;
  /** The signed-in user's subscription; undefined while it loads. */
  subscription?: SubscriptionView;
  /** Whether this plan comes with the Pro trial for this visitor. */
  trial: boolean;
  emphasized?: boolean;
  /** Starts a checkout for a signed-in user on the free tier. */
  onCheckout: (plan: 'basic' | 'pro') => void;
  /** This plan's checkout is on its way. */
  checkingOut: boolean;
  /** Some checkout is on its way: the other buttons wait. */
  busy: boolean;
}

/**
 * The action under each plan. Signed out: sign-up, carrying the plan and interval on to checkout. Free: checkout.
 * A live subscription changes plan from the billing settings, where the proration preview and confirmation are.
 */
export function PlanCta({ tier, tierName, interval, signedIn, subscription, trial, emphasized, onCheckout, checkingOut, busy }: PlanCtaProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const variant = emphasized ? 'primary' : 'outline';
  const paidLabel = trial ? t('pricing.startTrial', { days: TRIAL_DAYS }) : null;

  if (!signedIn) {
    const target = tier === 'free' ? to('sign-up') : `${to('sign-up')}?${chosenPlanQuery({ plan: tier, interval })}`;
    return (
      <ButtonLink to={target} variant={variant} className="w-full">
        {tier === 'free' ? t('pricing.startFree') : (paidLabel ?? t('pricing.startWith', { plan: tierName }))}
      </ButtonLink>
    );
  }
  if (!subscription) {
    return <Button variant={variant} className="w-full" loading disabled aria-label={t('common.loading')} />;
  }
  const current = subscription.tier;
  if (tier === current) {
    return (
      <Button variant="outline" className="w-full" disabled>
        {t('pricing.currentPlan')}
      </Button>
    );
  }
  if (tier === 'free') {
    return (
      <Button variant="outline" className="w-full" disabled>
        {t('pricing.included')}
      </Button>
    );
  }
  if (current !== 'free') {
    const action = tier === 'pro' ? 'upgrade' : 'downgrade';
    return (
      <ButtonLink to={`${to('app/settings')}?tab=billing&change=${action}`} variant={variant} className="w-full">
        {action === 'upgrade' ? t('pricing.upgradeTo', { plan: tierName }) : t('pricing.switchTo', { plan: tierName })}
      </ButtonLink>
    );
  }
  return (
    <Button variant={variant} className="w-full" loading={checkingOut} disabled={busy && !checkingOut} onClick={() => onCheckout(tier)}>
      {paidLabel ?? t('pricing.choose', { plan: tierName })}
    </Button>
  );
}
