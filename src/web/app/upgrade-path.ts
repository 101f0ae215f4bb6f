import { planChooserPath } from '#web/features/billing/components/chosen-plan';
import { hasLiveSubscription, type SubscriptionView } from '#web/features/billing/components/subscription-view';
import { useLocalePath } from '#web/lib/use-locale';
import { useMe } from './me';

/**
 * Where an upsell takes a signed-in user, inside the app: a Basic subscriber wanting Pro to the upgrade (with its
 * proration preview) in the billing settings, anyone else with a live subscription to those settings, and an
 * account without one to the plan chooser there, with the plan emphasized (monthly or yearly, the Pro trial when
 * the account still has it, then checkout).
 */
export function upgradePath(to: (path: string) => string, sub: SubscriptionView | undefined, plan: 'basic' | 'pro'): string {
  if (sub && hasLiveSubscription(sub)) return `${to('app/settings')}?tab=billing${sub.tier === 'basic' && plan === 'pro' ? '&change=upgrade' : ''}`;
  return planChooserPath(to, { plan });
}

/** `upgradePath` for the signed-in user, from the profile already loaded by the app shell. */
export function useUpgradePath(): (plan: 'basic' | 'pro') => string {
  const to = useLocalePath();
  const { data } = useMe({ select: (me) => me.subscription });
  return (plan) => upgradePath(to, data, plan);
}
