import type { Access } from '#core/billing/entitlements';
import { AppError } from './app-error';

/**
 * Turns a refused entitlement check (src/core/billing/entitlements.ts) into the contract's error: 403
 * SUBSCRIPTION_REQUIRED 'This feature requires a subscription' or 403 LIMIT_EXCEEDED "You've reached your usage
 * limit" (DESIGN decision 8). Returns the access when allowed, for its `remaining`.
 */
export function requireAccess(access: Access): Extract<Access, { allowed: true }> {
  if (!access.allowed) throw new AppError(access.code);
  return access;
}
