import { HelpPage } from '#web/features/legal/components/help-page';
import { LegalPage } from '#web/features/legal/components/legal-page';

export function TermsRoute() {
  return <LegalPage doc="terms" />;
}

export function PrivacyRoute() {
  return <LegalPage doc="privacy" />;
}

export function RefundPolicyRoute() {
  return <LegalPage doc="refund" />;
}

export function HelpRoute() {
  return <HelpPage />;
}
