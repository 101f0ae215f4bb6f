import { LandingPage } from '#web/features/landing/components/landing-page';
import { useSession } from '#web/features/auth/api/session';

export function LandingRoute() {
  const session = useSession();
  return <LandingPage signedIn={Boolean(session.data)} />;
}
