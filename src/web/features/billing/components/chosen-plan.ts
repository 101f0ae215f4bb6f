import { checkoutInputSchema } from '#core/billing/schemas';
import type { z } from 'zod';
import type { Interval } from '#core/profile/schemas';

const chosenPlanSchema = checkoutInputSchema.pick({ plan: true, interval: true });

/** A paid plan someone picked on the pricing page, carried in the URL through sign-up to checkout. */
export type ChosenPlan = z.infer<typeof chosenPlanSchema>;

/** `?plan=pro&interval=year`; a missing interval means monthly, anything else unknown means no choice. */
export function chosenPlanFrom(params: URLSearchParams): ChosenPlan | null {
  const parsed = chosenPlanSchema.safeParse({ plan: params.get('plan') ?? undefined, interval: params.get('interval') ?? 'month' });
  return parsed.success ? parsed.data : null;
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
