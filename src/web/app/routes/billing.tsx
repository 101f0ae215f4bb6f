import { Navigate, useSearchParams } from 'react-router';
import { CheckoutStartPage } from '#web/features/billing/components/checkout-start-page';
import { CheckoutSuccessPage } from '#web/features/billing/components/checkout-success-page';
import { chosenPlanFrom, planChooserPath } from '#web/features/billing/components/chosen-plan';
import { useMe } from '../me';
import { useLocalePath } from '#web/lib/use-locale';

/** /app/checkout?plan=pro&interval=year: straight on to the provider's checkout page. */
export function CheckoutRoute() {
  const [params] = useSearchParams();
  const to = useLocalePath();
  const me = useMe();
  const chosen = chosenPlanFrom(params);
  if (!chosen) return <Navigate to={planChooserPath(to)} replace />;
  return <CheckoutStartPage chosen={chosen} subscription={me.data?.subscription} subscriptionError={me.isError ? me.error : null} onRetrySubscription={() => void me.refetch()} />;
}

/**
 * /app/billing is where the provider sends the browser back: after a checkout (`?checkout=success`) the welcome
 * page; from a checkout left unpaid (`?checkout=canceled`) the plan chooser, saying nothing was charged; from the
 * billing portal the billing settings.
 */
export function BillingReturnRoute() {
  const [params] = useSearchParams();
  const to = useLocalePath();
  if (params.get('checkout') === 'success') return <CheckoutSuccessPage />;
  return <Navigate to={`${planChooserPath(to)}${params.get('checkout') === 'canceled' ? '&checkout=canceled' : ''}`} replace />;
}
