import { entitlementsFor } from '#core/billing/catalogue';
import { AppError } from '#server/lib/app-error';
import type { UserRow } from '#server/lib/context';

/** Stats and streaks are the progress-tracking entitlement (every tier has it today; the check keeps that honest). */
export function assertProgressTracking(user: UserRow): void {
  if (!entitlementsFor(user.subscriptionTier, user.subscriptionStatus).hasProgressTracking) throw new AppError('SUBSCRIPTION_REQUIRED');
}
