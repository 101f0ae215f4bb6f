import { PricingPage } from '#web/features/billing/components/pricing-page';
import { useSession } from '#web/features/auth/api/session';
import { useMe } from '../me';

export function PricingRoute() {
  const session = useSession();
  const signedIn = Boolean(session.data);
  const me = useMe({ enabled: signedIn });
  return (
    <PricingPage
      signedIn={signedIn}
      subscription={signedIn ? me.data?.subscription : undefined}
      subscriptionError={signedIn && me.isError ? { error: me.error, retry: () => void me.refetch(), retrying: me.isFetching } : undefined}
    />
  );
}
