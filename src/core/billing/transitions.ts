import type { SubscriptionTier } from '#core/profile/schemas';

/** Plan changes of spec section 4: upgrade only basic → pro, downgrade only pro → basic. */
export const PLAN_CHANGE_ACTIONS = ['upgrade', 'downgrade'] as const;
export type PlanChangeAction = (typeof PLAN_CHANGE_ACTIONS)[number];

export const PLAN_CHANGE_MESSAGES = {
  upgradeFrom: 'Can only upgrade from Basic plan',
  downgradeFrom: 'Can only downgrade from Pro plan',
  invalidAction: 'Invalid action',
  upgraded: 'Successfully upgraded to Pro plan',
  downgraded: 'Successfully downgraded to Basic plan',
  upgradeFailed: 'Failed to upgrade subscription',
  downgradeFailed: 'Failed to downgrade subscription',
  invalidProrationDate: 'Invalid proration date',
  previewExpired: 'The price shown has changed. Review the change again.',
} as const;

export const CANCEL_MESSAGES = {
  scheduled: 'Subscription will be canceled at the end of the billing period',
  nothingToCancel: 'No active subscription to cancel',
  failed: 'Failed to cancel subscription',
} as const;

export const RESUME_MESSAGES = {
  resumed: 'Your subscription will continue',
  notCanceling: 'Your subscription is not set to cancel',
  periodEnded: 'Your subscription has already ended. Subscribe again from the pricing page.',
  failed: 'Failed to resume subscription',
} as const;

type PlanChangeText = (typeof PLAN_CHANGE_MESSAGES)[keyof typeof PLAN_CHANGE_MESSAGES];

export type PlanChange =
  | { ok: true; action: PlanChangeAction; from: 'basic' | 'pro'; to: 'basic' | 'pro'; successMessage: PlanChangeText; failureMessage: PlanChangeText }
  | { ok: false; message: PlanChangeText };

export function planChange(currentTier: SubscriptionTier, action: string): PlanChange {
  if (action === 'upgrade') {
    if (currentTier !== 'basic') return { ok: false, message: PLAN_CHANGE_MESSAGES.upgradeFrom };
    return { ok: true, action, from: 'basic', to: 'pro', successMessage: PLAN_CHANGE_MESSAGES.upgraded, failureMessage: PLAN_CHANGE_MESSAGES.upgradeFailed };
  }
  if (action === 'downgrade') {
    if (currentTier !== 'pro') return { ok: false, message: PLAN_CHANGE_MESSAGES.downgradeFrom };
    return { ok: true, action, from: 'pro', to: 'basic', successMessage: PLAN_CHANGE_MESSAGES.downgraded, failureMessage: PLAN_CHANGE_MESSAGES.downgradeFailed };
  }
  return { ok: false, message: PLAN_CHANGE_MESSAGES.invalidAction };
}
