import { describe, expect, it } from 'vitest';
import { planChange } from './transitions';

describe('plan changes', () => {
  it('upgrades only from basic to pro', () => {
    expect(planChange('basic', 'upgrade')).toMatchObject({
      ok: true,
      from: 'basic',
      to: 'pro',
      successMessage: 'Successfully upgraded to Pro plan',
      failureMessage: 'Failed to upgrade subscription',
    });
    expect(planChange('pro', 'upgrade')).toEqual({ ok: false, message: 'Can only upgrade from Basic plan' });
    expect(planChange('free', 'upgrade')).toEqual({ ok: false, message: 'Can only upgrade from Basic plan' });
  });

  it('downgrades only from pro to basic', () => {
    expect(planChange('pro', 'downgrade')).toMatchObject({
      ok: true,
      from: 'pro',
      to: 'basic',
      successMessage: 'Successfully downgraded to Basic plan',
      failureMessage: 'Failed to downgrade subscription',
    });
    expect(planChange('basic', 'downgrade')).toEqual({ ok: false, message: 'Can only downgrade from Pro plan' });
    expect(planChange('free', 'downgrade')).toEqual({ ok: false, message: 'Can only downgrade from Pro plan' });
  });

  it('refuses any other action', () => {
    for (const action of ['cancel', '', 'UPGRADE', 'sidegrade']) expect(planChange('basic', action)).toEqual({ ok: false, message: 'Invalid action' });
  });
});
