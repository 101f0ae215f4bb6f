import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, describeBrowser, launchBrowser, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { eventually, expectPath, expectText, fillSignUp, newAccount, signUp, type Lang } from './support/flows';
import { startServer, type RunningServer } from './support/server';

/** The sandbox provider's test cards (Stripe's numbers). */
const CARD = { good: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

const SANDBOX_TEXT = {
  en: { card: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC', name: 'Name on card', cancel: 'Cancel and go back' },
  zh: { card: '卡号', expiry: '有效期（月 / 年）', cvc: '安全码', name: '持卡人姓名', cancel: '取消并返回' },
} as const;

interface MeSubscription {
  tier: string;
  status: string;
  interval: string | null;
  cancelAt: string | null;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  trialAvailable: boolean;
}

/** The subscription as the server has it now, read with the page's own session. */
async function subscriptionOf(page: Page): Promise<MeSubscription> {
  const res = await page.request.get(new URL('/api/me', page.url()).href);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { subscription: MeSubscription }).subscription;
}

/** A date as the billing pages write it (long style, in the browser's UTC). */
const longDate = (iso: string | null, lang: Lang = 'en') =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso!));

function tierCard(page: Page, name: string) {
  return page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** Fills the sandbox checkout's card form and submits it with its main button. */
async function payOnSandbox(page: Page, card: string, lang: Lang = 'en') {
  const t = SANDBOX_TEXT[lang];
  await expectPath(page, /^\/sandbox\/checkout\/cs_/);
  await page.getByLabel(t.card).fill(card);
  await page.getByLabel(t.expiry).fill('12 / 34');
  await page.getByLabel(t.cvc).fill('123');
  await page.getByLabel(t.name).fill('Ada Lovelace');
  await page.locator('button.primary').click();
}

async function openBillingTab(page: Page, base: string, lang: Lang = 'en') {
  await page.goto(`${base}/${lang}/app/settings?tab=billing`);
  await page.getByTestId('billing-plan-name').waitFor();
}

async function bothSizes(page: Page, name: string, options?: { fullPage?: boolean }) {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `billing-${name}-desktop`, options);
  await page.setViewportSize(PHONE);
  await screenshot(page, `billing-${name}-phone`, options);
  expect((await scrollsHorizontally(page)).overflows, `${name} scrolls sideways on a phone`).toBe(false);
  await page.setViewportSize(DESKTOP);
}

describeBrowser('subscriptions and billing (browser)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up from the pricing page with Pro yearly, pays on the sandbox checkout and lands on the Pro trial', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser);
    const account = newAccount('Katherine Johnson');

    // Signed out: the Pro card offers the trial, yearly.
    await page.goto(`${server.url}/en/pricing`);
    await tierCard(page, 'Pro').waitFor();
    await page.getByRole('radiogroup').locator('label').filter({ hasText: 'Yearly' }).click();
    await expectText(tierCard(page, 'Pro'), '7-day free trial, then $199.90 / year');
    await bothSizes(page, 'pricing-signed-out');
    await tierCard(page, 'Pro').getByRole('link', { name: 'Start 7-day free trial' }).click();

    // Sign-up keeps the choice and says what comes next.
    await expectPath(page, '/en/sign-up');
    expect(new URL(page.url()).searchParams.get('plan')).toBe('pro');
    expect(new URL(page.url()).searchParams.get('interval')).toBe('year');
    const chosen = page.getByRole('region', { name: 'Your chosen plan' });
    await expectText(chosen, 'Pro · Yearly');
    await expectText(chosen, 'Includes a 7-day free trial');
    await bothSizes(page, 'sign-up-with-plan');
    await fillSignUp(page, account);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Straight on to the sandbox checkout, for Pro yearly with the trial.
    await expectPath(page, /^\/sandbox\/checkout\/cs_/);
    await expectText(page.locator('body'), 'Subscribe to FitForge Pro');
    await expectText(page.locator('body'), '7-day free trial');
    await expectText(page.locator('body'), '$199.90');
    await payOnSandbox(page, CARD.good);

    // Back in the app: the welcome page once the webhook has switched the plan on.
    await expectPath(page, '/en/app/billing');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Pro!' }).waitFor();
    const sub = await subscriptionOf(page);
    expect(sub).toMatchObject({ tier: 'pro', status: 'active', interval: 'year', trialAvailable: false });
    await expectText(page.getByRole('main'), `Your free trial runs until ${longDate(sub.trialEndsAt)}`);
    await bothSizes(page, 'checkout-success');

    // The billing settings show the trial, and the refund guarantee explains why it does not apply yet.
    await page.getByRole('link', { name: 'Billing settings' }).click();
    await expectPath(page, '/en/app/settings');
    const panel = page.getByRole('tabpanel');
    await expectText(panel, 'Free trial');
    await expectText(panel, `Free trial until ${longDate(sub.trialEndsAt)}`);
    await expectText(page.getByTestId('refund-status'), 'Refunds are not available during the free trial period.');
    await bothSizes(page, 'settings-trial');

    // The pricing page marks the plan and no longer offers a trial.
    await page.goto(`${server.url}/en/pricing`);
    await tierCard(page, 'Pro').getByRole('button', { name: 'Current plan' }).waitFor();
    expect(await tierCard(page, 'Pro').innerText()).not.toContain('free trial');
    await expectText(tierCard(page, 'Basic'), 'Switch to Basic');

    // A second subscription is not for sale: a checkout link leads to the billing settings instead.
    await page.goto(`${server.url}/en/app/checkout?plan=basic&interval=month`);
    await expectText(page.getByRole('main').getByRole('status').first(), 'You already have Pro');
    await page.getByRole('link', { name: 'Go to billing' }).click();
    await expectPath(page, '/en/app/settings');

    expectNoConsoleErrors();
    await close();
  });

  it('a Basic subscriber sees the proration preview and upgrades to Pro, cancels at period end, then gets a refund', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser);
    await signUp(page, server.url, newAccount('Dorothy Vaughan'));

    // The dashboard's locked calorie tracker points at the plan that unlocks it, picked on the pricing page.
    await expectText(page.getByRole('main'), 'AI calorie tracker from photos');
    await bothSizes(page, 'dashboard-upsell');
    await page.getByRole('main').getByRole('link', { name: 'Get Basic' }).click();
    await expectPath(page, '/en/pricing');
    expect(new URL(page.url()).searchParams.get('plan')).toBe('basic');

    // Free and signed in: the pricing page goes straight to checkout, monthly Basic (no trial on Basic).
    await tierCard(page, 'Free').getByRole('button', { name: 'Current plan' }).waitFor();
    await bothSizes(page, 'pricing-free-basic-picked');
    await expectText(tierCard(page, 'Pro'), '7-day free trial');
    await tierCard(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
    await expectPath(page, /^\/sandbox\/checkout\/cs_/);
    await expectText(page.locator('button.primary'), 'Pay $9.99');
    await payOnSandbox(page, CARD.good);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Basic!' }).waitFor();
    let sub = await subscriptionOf(page);
    await expectText(page.getByRole('main'), `Your plan is active and renews on ${longDate(sub.currentPeriodEnd)}.`);

    await openBillingTab(page, server.url);
    const panel = page.getByRole('tabpanel');
    await expectText(page.getByTestId('billing-plan-name'), 'Basic');
    await expectText(panel, 'Active');
    await expectText(panel, longDate(sub.currentPeriodEnd));
    await expectText(page.getByTestId('refund-status'), 'You have 14 days remaining to request a refund');
    await bothSizes(page, 'settings-basic');

    // "Upgrade to Pro" on the pricing page opens the change, with what it costs now.
    await page.goto(`${server.url}/en/pricing`);
    await tierCard(page, 'Pro').getByRole('link', { name: 'Upgrade to Pro' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await upgrade.waitFor();
    const amount = upgrade.getByTestId('proration-amount');
    // (19.99 − 9.99) for nearly all of the month.
    await expectText(amount, /^\$(10\.00|9\.\d\d)$/);
    await expectText(upgrade, 'Due today');
    await expectText(upgrade, `From ${longDate(sub.currentPeriodEnd)}: $19.99 / month.`);
    await bothSizes(page, 'upgrade-preview', { fullPage: false });
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('status').filter({ hasText: 'Successfully upgraded to Pro plan' }).waitFor();
    await expectText(page.getByTestId('billing-plan-name'), 'Pro');
    expect(await upgrade.isVisible()).toBe(false);
    expect((await subscriptionOf(page)).tier).toBe('pro');

    // Cancel at period end: confirmed first, then the end date is shown.
    await panel.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await expectText(cancel, `You keep Pro until ${longDate(sub.currentPeriodEnd)}`);
    await bothSizes(page, 'cancel-confirm', { fullPage: false });
    await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('status').filter({ hasText: 'Subscription will be canceled at the end of the billing period' }).waitFor();
    sub = await subscriptionOf(page);
    expect(sub.status).toBe('canceling');
    await expectText(panel, `Your plan ends on ${longDate(sub.cancelAt)}`);
    await expectText(panel, 'Canceling');
    expect(await panel.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await bothSizes(page, 'settings-canceling');

    // The refund: eligible, confirmed with an optional reason; the account is back on Free.
    await panel.getByRole('button', { name: 'Request a refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Request a refund?' });
    await refund.getByRole('textbox', { name: /^Why are you leaving\?/ }).fill('Trying it out was enough for now.');
    await bothSizes(page, 'refund-confirm', { fullPage: false });
    await refund.getByRole('button', { name: 'Refund and cancel' }).click();
    await page.getByRole('status').filter({ hasText: /Refunded \$9\.99\. You're now on the Free plan\./ }).waitFor();
    await expectText(page.getByTestId('billing-plan-name'), 'Free');
    await expectText(panel, 'Your subscription has ended');
    expect(await subscriptionOf(page)).toMatchObject({ tier: 'free', status: 'inactive', trialAvailable: true });
    await bothSizes(page, 'settings-refunded');

    // Payment method: the provider's portal, and back to the billing settings.
    await panel.getByRole('button', { name: 'Manage payment method' }).click();
    await expectPath(page, /^\/sandbox\/portal\//);
    await expectText(page.locator('body'), 'Your FitForge billing');
    await page.getByRole('link', { name: 'Back to FitForge' }).click();
    await expectPath(page, '/en/app/settings');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('billing');
    await page.getByTestId('billing-plan-name').waitFor();

    expectNoConsoleErrors();
    await close();
  });

  it('a failed renewal shows the subscription past due, with a way to fix the payment', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser);
    await signUp(page, server.url, newAccount('Annie Easley'));

    // The checkout return page waits for the provider's word, showing where it is.
    await page.goto(`${server.url}/en/app/billing?checkout=success`);
    await page.getByRole('heading', { level: 1, name: 'Thanks! Finishing up…' }).waitFor();
    await expectText(page.getByRole('list', { name: 'Progress' }), 'Activating your plan…');
    await bothSizes(page, 'checkout-waiting');
    await page.goto(`${server.url}/en/pricing`);
    await tierCard(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
    await payOnSandbox(page, CARD.good);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Basic!' }).waitFor();

    // The sandbox moves the subscription to its next period with a card that fails, as a renewal would.
    const csrf = await page.request.get(`${server.url}/api/csrf-token`);
    const { token } = (await csrf.json()) as { token: string };
    const renewed = await page.request.post(`${server.url}/api/billing/sandbox/renew`, { data: { outcome: 'failed' }, headers: { 'x-csrf-token': token } });
    expect(renewed.status()).toBe(200);
    expect((await subscriptionOf(page)).status).toBe('past_due');

    await openBillingTab(page, server.url);
    const panel = page.getByRole('tabpanel');
    await expectText(panel, 'Payment due');
    await expectText(panel.getByRole('alert'), "Your last payment didn't go through");
    await expectText(page.getByTestId('refund-status'), 'Not eligible for refund');
    await bothSizes(page, 'settings-past-due');
    await panel.getByRole('button', { name: 'Fix payment' }).click();
    await expectPath(page, /^\/sandbox\/portal\//);
    await expectText(page.locator('body'), 'Past due');

    expectNoConsoleErrors();
    await close();
  });

  it('in Chinese on a phone, in dark mode: no customer yet for the portal, a declined card, and a canceled checkout', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(browser, { viewport: PHONE, locale: 'zh-CN', colorScheme: 'dark' });
    await signUp(page, server.url, newAccount('Mae Jemison'), 'zh');

    // Before any checkout there is no customer at the provider: the server's message, in Chinese.
    await openBillingTab(page, server.url, 'zh');
    await expectText(page.getByTestId('billing-plan-name'), '免费版');
    await page.getByRole('tabpanel').getByRole('button', { name: '管理付款方式' }).click();
    await expectText(page.getByRole('tabpanel').getByRole('alert'), '未找到支付客户信息');
    await screenshot(page, 'billing-settings-free-zh-dark-phone');

    // A declined card: the sandbox checkout says so, in Chinese, and nothing changes.
    await page.goto(`${server.url}/zh/pricing`);
    await tierCard(page, '基础版').getByRole('button', { name: '选择基础版' }).click();
    await payOnSandbox(page, CARD.declined, 'zh');
    await expectText(page.getByRole('alert'), '你的卡被拒绝');
    await screenshot(page, 'billing-declined-zh-phone');
    expect((await subscriptionOf(page)).tier).toBe('free');

    // Leaving the checkout comes back to the pricing page, which says nothing was charged.
    await page.getByRole('link', { name: SANDBOX_TEXT.zh.cancel }).click();
    await expectPath(page, '/zh/pricing');
    await expectText(page.getByRole('main').getByRole('status').first(), '已取消结账');
    await screenshot(page, 'billing-checkout-canceled-zh-dark-phone');
    expect((await scrollsHorizontally(page)).overflows).toBe(false);

    await eventually(async () => expect((await subscriptionOf(page)).tier).toBe('free'));
    // 400: the portal refused for want of a customer (shown above); 402: the declined card's page.
    expectNoConsoleErrors([400, 402]);
    await close();
  });
});
