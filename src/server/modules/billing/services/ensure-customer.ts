import type { UserRow } from '#server/lib/context';
import type { BillingDeps } from '../billing.deps';
import { linkCustomer } from '../billing.repo';

/** The user's customer at the provider, made on first need (checkout) and kept for the life of the account. */
export async function ensureCustomer(deps: BillingDeps, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const created = await deps.payments.createCustomer({ email: user.email, userId: user.id, name: user.name });
  return linkCustomer(deps.db, user.id, created);
}
