// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAccess } from '#core/billing/entitlements';
import { initI18n } from '#web/i18n';
import { queryKeys } from '#web/lib/query-keys';
import type { SubscriptionView } from '#web/features/billing/components/subscription-view';
import { UpgradePrompt, type UpgradePromptProps } from './upgrade-prompt';

const i18n = await initI18n('en');

const subscription = (tier: SubscriptionView['tier']): SubscriptionView => ({
  tier,
  status: 'active',
  interval: tier === 'free' ? null : 'month',
  startedAt: null,
  cancelAt: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  trialAvailable: tier === 'free',
});

/** The prompt for a signed-in user whose profile (with this tier) the app has loaded. */
async function show(props: UpgradePromptProps, locale: 'en' | 'zh' = 'en', tier: SubscriptionView['tier'] = 'free') {
  await i18n.changeLanguage(locale);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(queryKeys.me, { subscription: subscription(tier) });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <UpgradePrompt {...props} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('UpgradePrompt', () => {
  afterEach(cleanup);

  it('names the feature and keeps a free user in the app: to the plan chooser, with the plan that unlocks it picked', async () => {
    await show({ feature: 'nutrition_plan' });
    expect(screen.getByText('Personalized AI nutrition plans')).toBeTruthy();
    expect(screen.getByText('Part of Pro.')).toBeTruthy();
    expect(href('Get Pro')).toBe('/en/app/settings?tab=billing&plan=pro');
  });

  it('asks the shared rules which plan a feature needs: Basic for renaming plans', async () => {
    await show({ feature: 'plan_rename', compact: true });
    expect(href('Get Basic')).toBe('/en/app/settings?tab=billing&plan=basic');
  });

  it('speaks of a used-up allowance, and sends a Basic user out of photo scans to the upgrade in billing', async () => {
    const access = checkAccess({ tier: 'basic', status: 'active' }, { feature: 'photo_scan', scansThisMonth: 5 });
    await show({ feature: 'photo_scan', access }, 'en', 'basic');
    expect(screen.getByText("You've used your 5 photo scans this month")).toBeTruthy();
    expect(href('Get Pro')).toBe('/en/app/settings?tab=billing&change=upgrade');
  });

  it('shows nothing when the feature is allowed', async () => {
    const access = checkAccess({ tier: 'pro', status: 'active' }, { feature: 'webcam_scan' });
    const { container } = await show({ feature: 'webcam_scan', access });
    expect(container.innerHTML).toBe('');
  });

  it('speaks Chinese on a Chinese page', async () => {
    await show({ feature: 'webcam_scan' }, 'zh');
    expect(screen.getByText('卡路里识别支持摄像头扫描')).toBeTruthy();
    expect(href('获取专业版')).toBe('/zh/app/settings?tab=billing&plan=pro');
  });
});
