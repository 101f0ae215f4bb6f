// The texts of the billing rules and the entitlements, without zod: the message catalogue imports them (ADR 022, ADR 037).
export const BILLING_MESSAGES = {
  plan: 'Plan must be basic or pro',
  interval: 'Interval must be month or year',
  promotionCodeRequired: 'Enter a promotion code',
  promotionCodeTooLong: 'Promotion code is too long',
  promotionCodeInvalid: 'This promotion code is not valid',
  reasonMax: 'Reason must be at most 500 characters',
  outcome: 'Outcome must be paid or failed',
  priceNotConfigured: 'Price not configured for the plan and interval',
  alreadySubscribed: 'You already have a subscription. Change or cancel it from the billing page.',
  webhookSignature: 'Missing or invalid webhook signature',
} as const;

/** On each goal, piece of equipment or plan type the user's tier may not choose (403 SUBSCRIPTION_REQUIRED details). */
export const LOCKED_CHOICE_MESSAGE = 'Available with a Basic or Pro subscription';
