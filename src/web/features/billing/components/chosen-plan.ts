import { INTERVALS, PAID_TIERS, type Interval, type PaidTier } from '#core/profile/tiers';
import { paramOf } from '#web/lib/url-params';

/** A paid plan someone picked on the pricing page, carried in the URL through sign-up to checkout. */
export interface ChosenPlan {
  plan: PaidTier;
  interval: Interval;
}

/**
 * `?plan=pro&interval=year`; a missing interval means monthly, anything else unknown means no choice. The values are
 * the checkout's own (`checkoutInputSchema` takes them from the same lists), read without the validation library so
 * the sign-in page does not load it.
 */
export function chosenPlanFrom(params: URLSearchParams): ChosenPlan | null {
  const plan = paramOf(PAID_TIERS, params.get('plan'));
  const interval = paramOf(INTERVALS, params.get('interval') ?? 'month');
  return plan && interval ? { plan, interval } : null;
}

export function chosenPlanQuery({ plan, interval }: ChosenPlan): string {
  return new URLSearchParams({ plan, interval }).toString();
}

/** The page that starts a checkout for the choice, under the locale path builder `to`. */
export function checkoutPath(to: (path: string) => string, chosen: ChosenPlan): string {
  return `${to('app/checkout')}?${chosenPlanQuery(chosen)}`;
}

/**
 * The in-app plan chooser (the billing settings), with the chosen plan (and interval, when one was picked)
 * emphasized: where an upsell takes a signed-in user without a subscription, so picking a plan and its interval
 * never sends them out to the public pricing page.
 */
export function planChooserPath(to: (path: string) => string, choice?: { plan: ChosenPlan['plan']; interval?: Interval }): string {
  const query = new URLSearchParams({ tab: 'billing' });
  if (choice) query.set('plan', choice.plan);
  if (choice?.interval) query.set('interval', choice.interval);
  return `${to('app/settings')}?${query}`;
}
