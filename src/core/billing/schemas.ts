import { z } from 'zod';
import { exactTextSchema, multilineTextSchema } from '#core/common/text';
import { LOCALES, type Locale, messageParamsSchema } from '#core/common/schemas';
import { COMMON_MESSAGES } from '#core/common/messages';
import { entitlementsSchema, INTERVALS, PAID_TIERS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from '#core/profile/schemas';
import { INVOICE_STATUSES } from './invoices';
import { PLAN_CHANGE_ACTIONS, PLAN_CHANGE_MESSAGES } from './transitions';
import { BILLING_MESSAGES } from './messages';

/** Request and response shapes of the billing API, shared by server and web app. */

const M = BILLING_MESSAGES;

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
    plan: z.enum(PAID_TIERS, { message: M.plan }),
    interval: z.enum(INTERVALS, { message: M.interval }),
    /** The language of the checkout page and of the pages it returns to; default: the user's preference. */
    locale: z.enum(LOCALES, { message: COMMON_MESSAGES.locale }).optional(),
    /** A promotion code to apply at once (TRIAL50); without it the checkout page still accepts one. */
    promotionCode: exactTextSchema().trim().min(1, M.promotionCodeRequired).max(64, M.promotionCodeTooLong).optional(),
  })
  .strict();
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const urlResultSchema = z.object({ url: z.string() });

export const planChangeInputSchema = z
  .object({
    action: z.enum(PLAN_CHANGE_ACTIONS, { message: PLAN_CHANGE_MESSAGES.invalidAction }),
    /**
     * The preview's `prorationDate`: the change is then charged exactly as previewed (Stripe's proration_date). Without
     * it the change is prorated to the moment it is made.
     */
    prorationDate: z.iso.datetime({ message: PLAN_CHANGE_MESSAGES.invalidProrationDate }).optional(),
  })
  .strict();
export const planChangePreviewQuerySchema = z.object({ action: z.enum(PLAN_CHANGE_ACTIONS, { message: PLAN_CHANGE_MESSAGES.invalidAction }) });
/** A sentence for the user, in English, with its key in the message catalogue (ADR 022). */
export const messageResultSchema = z.object({ message: z.string(), messageKey: z.string() });
export const planChangePreviewSchema = z.object({
  /** Charged at once when positive; negative: a credit taken off the next invoice. */
  amountDueCents: z.number().int(),
  /** What a past-due subscription owes on its open invoices: paid first by the same change, so also due today. */
  overdueCents: z.number().int().min(0),
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
  reasonKey: z.string(),
  reasonParams: messageParamsSchema.optional(),
});
export type RefundEligibility = z.infer<typeof refundCheckSchema>;

export const refundInputSchema = z.object({ reason: multilineTextSchema().max(500, M.reasonMax).optional() }).strict();
export const refundResultSchema = z.object({
  success: z.literal(true),
  refund: z.object({ amount: z.number(), currency: z.string(), status: z.string() }),
});

export const invoicesQuerySchema = z.object({ locale: z.enum(LOCALES, { message: COMMON_MESSAGES.locale }).optional() });
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
export const sandboxRenewInputSchema = z.object({ outcome: z.enum(['paid', 'failed'], { message: M.outcome }).default('paid') }).strict();
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
