import { z } from 'zod';
import { exactTextSchema, multilineTextSchema } from '#core/common/text';
import { LOCALES, type Locale } from '#core/common/schemas';
import { entitlementsSchema, INTERVALS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from '#core/profile/schemas';
import { INVOICE_STATUSES } from './invoices';
import { PLAN_CHANGE_ACTIONS, PLAN_CHANGE_MESSAGES } from './transitions';

/** Request and response shapes of the billing API, shared by server and web app. */

/** One tier of the plan catalogue, in the language asked for. */
export const subscriptionPlanSchema = z.object({
  id: z.enum(['free', 'basic', 'pro']),
  name: z.string(),
  price: z.number(),
  priceMonthlyCents: z.number().int(),
  priceYearlyCents: z.number().int(),
  features: z.array(z.string()),
  limitations: z.array(z.string()),
  entitlements: entitlementsSchema,
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

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

export const planChangeInputSchema = z
  .object({
    action: z.enum(PLAN_CHANGE_ACTIONS, { message: 'Invalid action' }),
    /**
     * The preview's `prorationDate`: the change is then charged exactly as previewed (Stripe's proration_date). Without
     * it the change is prorated to the moment it is made.
     */
    prorationDate: z.iso.datetime({ message: PLAN_CHANGE_MESSAGES.invalidProrationDate }).optional(),
  })
  .strict();
export const planChangePreviewQuerySchema = z.object({ action: z.enum(PLAN_CHANGE_ACTIONS, { message: 'Invalid action' }) });
export const messageResultSchema = z.object({ message: z.string() });
export const planChangePreviewSchema = z.object({
  /** Charged at once when positive; negative: a credit taken off the next invoice. */
  amountDueCents: z.number().int(),
  currency: z.string(),
  /** The moment the amount is prorated to; send it with the change to be charged this amount. */
  prorationDate: z.string(),
});

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

export const invoicesQuerySchema = z.object({ locale: z.enum(LOCALES, { message: 'Locale must be en or zh' }).optional() });
export const invoiceSchema = z.object({
  id: z.string(),
  /** What was paid (for an unpaid invoice: what is owed), in cents. */
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  description: z.string(),
  createdAt: z.string(),
  /** The provider's receipt (or, unpaid, its page to pay the invoice); null when it has none. */
  receiptUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.object({
  /** Newest first. */
  items: z.array(invoiceSchema),
  /** The next payment as the provider has it now (discounts and credits applied); null when none is due. */
  upcoming: z.object({ amountCents: z.number().int(), currency: z.string(), date: z.string() }).nullable(),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

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
  cancel: `/${locale}/app/billing?checkout=canceled`,
  portalReturn: `/${locale}/app/billing`,
});
