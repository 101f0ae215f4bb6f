import { describe, expect, it } from 'vitest';
import { GATED_FEATURES } from '#core/billing/entitlements';
import en from '#web/i18n/en.json';
import zh from '#web/i18n/zh.json';

describe('billing texts', () => {
  it('name every gated feature for the upgrade prompt in both languages', () => {
    for (const dict of [en, zh]) {
      for (const feature of GATED_FEATURES) expect(dict.billing.upsell.feature[feature], feature).toBeTruthy();
    }
  });

  it('name every status the billing settings show in both languages', () => {
    for (const dict of [en, zh]) {
      for (const status of ['free', 'inactive', 'trialing', 'active', 'canceling', 'past_due'] as const) expect(dict.billing.status[status], status).toBeTruthy();
    }
  });
});
