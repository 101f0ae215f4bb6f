import { LandingPage } from '../../features/landing/components/landing-page';
import { useSession } from '../../features/auth/api/session';

export function LandingRoute() {
  const session = useSession();
  return <LandingPage signedIn={Boolean(session.data)} />;
}
