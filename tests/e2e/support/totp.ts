import { totpFromUri } from '../../support/totp';

/**
 * The code an authenticator app shows now for a key typed in by hand ("ABCD EFGH …"). Near the end of a 30-second
 * step it waits for the next one, so the code cannot expire between reading and submitting it.
 */
export async function currentTotp(manualKey: string): Promise<string> {
  const secret = manualKey.replace(/\s+/g, '');
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 26) await new Promise((r) => setTimeout(r, (30 - intoStep) * 1000 + 200));
  return totpFromUri(`otpauth://totp/FitForge:e2e?secret=${secret}&issuer=FitForge`);
}

/** A six-digit code that is certainly not the current one. */
export function wrongTotp(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
}
