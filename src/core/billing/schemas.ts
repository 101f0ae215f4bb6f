import { z } from 'zod';
import { exactTextSchema, multilineTextSchema } from '../common/text';
import { LOCALES, type Locale } from '../common/schemas';
import { INTERVALS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from '../profile/schemas';
import { PLAN_CHANGE_ACTIONS } from './transitions';

/** Request and response shapes of the billing API, shared by server and web app. */

export const checkoutInputSchema = z
  .object({
    plan: z.enum(['basic', 'pro'], { message: 'Plan must be basic or pro' }),
    interval: z.enum(INTERVALS, { message: 'Interval must be month or year' }),
    /** The language of the checkout page and of the pages it returns to; default: the user's preference. */
    locale: z.enum(LOCALES, { message: 'Locale must be en or zh' }).optional(),
    /** A promotion code to apply at once (TRIAL50); without it the checkout page still accepts one. */
    promotionCode: exactTextSchema().trim().min(1, 'Enter a promotion code').max(64, 'Promotion code is too long').optional(),
  })
  .strict();
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const urlResultSchema = z.object({ url: z.string() });

export const planChangeInputSchema = z.object({ action: z.enum(PLAN_CHANGE_ACTIONS, { message: 'Invalid action' }) }).strict();
export const planChangePreviewQuerySchema = z.object({ action: z.enum(PLAN_CHANGE_ACTIONS, { message: 'Invalid action' }) });
export const messageResultSchema = z.object({ message: z.string() });
export const planChangePreviewSchema = z.object({ amountDueCents: z.number().int(), currency: z.string() });

export const refundCheckSchema = z.object({
  eligible: z.boolean(),
  daysSinceStart: z.number().int().nullable(),
  daysRemaining: z.number().int().nullable(),
  subscriptionStartDate: z.string().nullable(),
  reason: z.string(),
});

export const refundInputSchema = z.object({ reason: multilineTextSchema().max(500, 'Reason must be at most 500 characters').optional() }).strict();
export const refundResultSchema = z.object({
  success: z.literal(true),
  refund: z.object({ amount: z.number(), currency: z.string(), status: z.string() }),
});

/** The sandbox's renewal hook: move the signed-in user's subscription to its next period, paid or failed. */
export const sandboxRenewInputSchema = z.object({ outcome: z.enum(['paid', 'failed'], { message: 'Outcome must be paid or failed' }).default('paid') }).strict();
export const sandboxRenewResultSchema = z.object({
  subscription: z.object({
    id: z.string(),
    status: z.string(),
    tier: z.enum(SUBSCRIPTION_TIERS).nullable(),
    currentPeriodEnd: z.string().nullable(),
  }),
  invoice: z.object({ id: z.string(), status: z.string(), amountDueCents: z.number().int() }).nullable(),
  events: z.array(z.string()),
  profile: z.object({ tier: z.enum(SUBSCRIPTION_TIERS), status: z.enum(SUBSCRIPTION_STATUSES) }),
});

/** Where the provider sends the browser back to (the web app's pages). */
export const billingReturnPaths = (locale: Locale) => ({
  success: `/${locale}/app/billing?checkout=success`,
  cancel: `/${locale}/pricing?checkout=canceled`,
  portalReturn: `/${locale}/app/billing`,
});
