import { SignInForm } from '#web/features/auth/components/sign-in-form';
import { GuestOnly, useAfterAuth, useEnterApp } from '../after-auth';

// Apart from the other pages for signed-out people: the sign-in page loads its own form only (ADR 037).
export function SignInRoute() {
  const enterApp = useEnterApp();
  const { next, target } = useAfterAuth();
  return (
    <GuestOnly>
      <SignInForm next={next} onSignedIn={() => enterApp(target)} />
    </GuestOnly>
  );
}
