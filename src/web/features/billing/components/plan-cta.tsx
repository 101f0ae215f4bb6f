import { useTranslation } from 'react-i18next';
import type { Interval, SubscriptionTier } from '../../../../core/profile/schemas';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useLocalePath } from '../../../lib/use-locale';

export interface PlanCtaProps {
  tier: SubscriptionTier;
  tierName: string;
  interval: Interval;
  signedIn: boolean;
  /** The signed-in user's tier, when known. */
  currentTier?: SubscriptionTier;
  featured?: boolean;
}

/**
 * The action under each plan on the pricing page. Checkout arrives with billing; until then a signed-in user's
 * paid choice leads to the settings page, and everything else to sign-up.
 */
export function PlanCta({ tier, tierName, interval, signedIn, currentTier, featured }: PlanCtaProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const variant = featured ? 'primary' : 'outline';

  if (!signedIn) {
    const target = tier === 'free' ? to('sign-up') : `${to('sign-up')}?plan=${tier}&interval=${interval}`;
    return (
      <ButtonLink to={target} variant={variant} className="w-full">
        {tier === 'free' ? t('pricing.startFree') : t('pricing.startWith', { plan: tierName })}
      </ButtonLink>
    );
  }
  if (tier === currentTier) {
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
  return (
    <ButtonLink to={`${to('app/settings')}?plan=${tier}&interval=${interval}`} variant={variant} className="w-full">
      {t('pricing.choose', { plan: tierName })}
    </ButtonLink>
  );
}
