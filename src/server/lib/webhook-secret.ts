import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Signs and verifies payment webhooks. With Stripe it is the endpoint's signing secret (STRIPE_WEBHOOK_SECRET,
 * required there); with the sandbox provider a random one is made once and kept in the data folder, so events
 * signed before a restart still verify after it.
 */
export function resolveWebhookSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'stripe-webhook-secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  } catch {
    /* not made yet */
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = `whsec_${randomBytes(32).toString('hex')}`;
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
