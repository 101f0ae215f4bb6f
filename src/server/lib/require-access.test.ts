import { describe, expect, it } from 'vitest';
import { checkAccess } from '#core/billing/entitlements';
import { requireAccess } from './require-access';

describe('requireAccess', () => {
  it('passes an allowed access through and throws the 403 of a refused one', () => {
    expect(requireAccess(checkAccess({ tier: 'free', status: 'active' }, { feature: 'plan_generation', plansThisMonth: 1 })).remaining).toBe(2);
    expect(() => requireAccess(checkAccess({ tier: 'free', status: 'active' }, { feature: 'webcam_scan' }))).toThrow(
      expect.objectContaining({ code: 'SUBSCRIPTION_REQUIRED', statusCode: 403, message: 'This feature requires a subscription' }),
    );
    expect(() => requireAccess(checkAccess({ tier: 'basic', status: 'active' }, { feature: 'photo_scan', scansThisMonth: 5 }))).toThrow(
      expect.objectContaining({ code: 'LIMIT_EXCEEDED', statusCode: 403, message: "You've reached your usage limit" }),
    );
  });
});
