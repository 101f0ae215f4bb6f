export function TermsRoute() { return null; }
export function PrivacyRoute() { return null; }
export function RefundPolicyRoute() { return null; }
export function HelpRoute() { return null; }
