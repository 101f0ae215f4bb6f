// Apart from the schemas so the web app can read a chosen plan from a link without loading the validation library.
export const SUBSCRIPTION_TIERS = ['free', 'basic', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
/** The tiers a checkout sells. */
export const PAID_TIERS = ['basic', 'pro'] as const satisfies readonly SubscriptionTier[];
export type PaidTier = (typeof PAID_TIERS)[number];
export const INTERVALS = ['month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];
