import { billingReturnPaths } from '#core/billing/schemas';
import { REFUND_MESSAGES } from '#core/billing/refund';
import type { Locale } from '#core/common/schemas';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';

/** The provider's page for the payment method and invoices; it sends the browser back to the billing page. */
export async function openBillingPortal(deps: BillingDeps, user: UserRow, locale: Locale): Promise<{ url: string }> {
  if (!user.stripeCustomerId) throw new AppError('OPERATION_NOT_ALLOWED', REFUND_MESSAGES.noCustomer);
  return deps.payments.createPortalSession({
    customerId: user.stripeCustomerId,
    returnUrl: `${deps.appUrl}${billingReturnPaths(locale).portalReturn}`,
    locale,
  });
}
