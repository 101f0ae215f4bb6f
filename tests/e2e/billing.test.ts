import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { TEXT, eventually, expectPath, expectText, fillSignUp, newAccount, signUp, type Lang } from './support/flows';
import { browserSuite } from './support/suite';

/** The sandbox provider's test cards (Stripe's numbers). */
const CARD = { good: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

const SANDBOX_TEXT = {
  en: { card: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC', name: 'Name on card', cancel: 'Cancel and go back' },
  zh: { card: '卡号', expiry: '有效期（月 / 年）', cvc: '安全码', name: '持卡人姓名', cancel: '取消并返回' },
} as const;

/** What the plan chooser and its checkout read, in each language. */
const CHOOSER_TEXT = {
  en: {
    upgrade: 'Upgrade',
    plans: 'Plans & pricing',
    getPro: 'Get Pro',
    choose: 'Choose a plan',
    basic: 'Basic',
    pro: 'Pro',
    interval: 'Billing period',
    yearly: 'Yearly',
    trialMonth: '7-day free trial, then $19.99 / month',
    trialYear: '7-day free trial, then $199.90 / year',
    startTrial: 'Start 7-day free trial',
    sandboxTrial: '7-day free trial',
    yearPrice: '$199.90',
    promo: 'Promotion code',
    apply: 'Apply',
    halfYear: '$99.95',
    welcomePro: 'Welcome to Pro!',
    trialBadge: 'Free trial',
  },
  zh: {
    upgrade: '升级',
    plans: '套餐与价格',
    getPro: '获取专业版',
    choose: '选择套餐',
    basic: '基础版',
    pro: '专业版',
    interval: '计费周期',
    yearly: '按年',
    trialMonth: '7 天免费试用，之后 US$19.99 / 月',
    trialYear: '7 天免费试用，之后 US$199.90 / 年',
    startTrial: '开始 7 天免费试用',
    sandboxTrial: '7 天免费试用',
    yearPrice: 'US$199.90',
    promo: '优惠码',
    apply: '使用',
    halfYear: 'US$99.95',
    welcomePro: '欢迎使用专业版！',
    trialBadge: '免费试用',
  },
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
const longDate = (iso: string | null, lang: Lang = 'en') => new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso!));

function tierCard(page: Page, name: string) {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
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

/** A plan of the in-app chooser (Settings → Billing), by its name. */
function chooserCard(page: Page, name: string) {
  return page
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
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

browserSuite('subscriptions and billing (browser)', (suite) => {
  it('signs up from the pricing page with Pro yearly, pays on the sandbox checkout and lands on the Pro trial', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    const account = newAccount('Katherine Johnson');

    // Signed out: the Pro card offers the trial, yearly.
    await page.goto(`${suite.server.url}/en/pricing`);
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
    // The first payment as the provider will take it, when the trial ends.
    await expectText(panel, `$199.90 on ${longDate(sub.trialEndsAt)}`);
    await expectText(page.getByTestId('refund-status'), 'Refunds are not available during the free trial period.');
    await bothSizes(page, 'settings-trial');

    // The pricing page marks the plan and no longer offers a trial.
    await page.goto(`${suite.server.url}/en/pricing`);
    await tierCard(page, 'Pro').getByRole('button', { name: 'Current plan' }).waitFor();
    expect(await tierCard(page, 'Pro').innerText()).not.toContain('free trial');
    await expectText(tierCard(page, 'Basic'), 'Switch to Basic');

    // A second subscription is not for sale: a checkout link leads to the billing settings instead.
    await page.goto(`${suite.server.url}/en/app/checkout?plan=basic&interval=month`);
    await expectText(page.getByRole('main').getByRole('status').first(), 'You already have Pro');
    await page.getByRole('link', { name: 'Go to billing' }).click();
    await expectPath(page, '/en/app/settings');

    expectNoConsoleErrors();
    await close();
  });

  it('a Basic subscriber sees the proration preview and upgrades to Pro, cancels at period end, then gets a refund', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Dorothy Vaughan'));

    // Free and signed in, the pricing page marks the plan and offers the trial on Pro.
    await page.goto(`${suite.server.url}/en/pricing`);
    await tierCard(page, 'Free').getByRole('button', { name: 'Current plan' }).waitFor();
    await expectText(tierCard(page, 'Pro'), '7-day free trial');
    await bothSizes(page, 'pricing-free');

    // The dashboard's locked calorie tracker points at the plan that unlocks it, and stays in the app: the plan
    // chooser in the billing settings, Basic picked, whose checkout hands over to the provider's page for monthly
    // Basic (no trial on Basic).
    await page.goto(`${suite.server.url}/en/app`);
    await expectText(page.getByRole('main'), 'AI calorie tracker from photos');
    await bothSizes(page, 'dashboard-upsell');
    await page.getByRole('main').getByRole('link', { name: 'Get Basic' }).click();
    await expectPath(page, '/en/app/settings');
    await chooserCard(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
    await expectPath(page, /^\/sandbox\/checkout\/cs_/);
    await expectText(page.locator('button.primary'), 'Pay $9.99');
    await payOnSandbox(page, CARD.good);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Basic!' }).waitFor();
    let sub = await subscriptionOf(page);
    await expectText(page.getByRole('main'), `Your plan is active and renews on ${longDate(sub.currentPeriodEnd)}.`);

    // A subscriber's links to the billing tab name what is there: their plan and its billing, not a comparison.
    await page.goto(`${suite.server.url}/en/app`);
    await page.getByRole('main').getByRole('link', { name: 'Plan & billing' }).waitFor();
    await page.getByRole('button', { name: TEXT.en.accountMenu }).click();
    await page.getByRole('menuitem', { name: 'Plan & billing' }).waitFor();
    await page.keyboard.press('Escape');

    await openBillingTab(page, suite.server.url);
    const panel = page.getByRole('tabpanel');
    await expectText(page.getByTestId('billing-plan-name'), 'Basic');
    await expectText(panel, 'Active');
    await expectText(panel, longDate(sub.currentPeriodEnd));
    await expectText(page.getByTestId('refund-status'), 'You have 14 days remaining to request a refund');
    await bothSizes(page, 'settings-basic');

    // "Upgrade to Pro" on the pricing page opens the change, with what it costs now.
    await page.goto(`${suite.server.url}/en/pricing`);
    await tierCard(page, 'Pro').getByRole('link', { name: 'Upgrade to Pro' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await upgrade.waitFor();
    const amount = upgrade.getByTestId('proration-amount');
    // (19.99 − 9.99) for nearly all of the month.
    await expectText(amount, /^\$(10\.00|9\.\d\d)$/);
    const dueToday = (await amount.innerText()).trim();
    await expectText(upgrade, 'Due today');
    await expectText(upgrade, `From ${longDate(sub.currentPeriodEnd)}: $19.99 / month.`);
    await bothSizes(page, 'upgrade-preview', { fullPage: false });
    // Time passes while the dialog is open: what it said is still what is charged.
    await page.waitForTimeout(1500);
    await upgrade.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('status').filter({ hasText: 'Successfully upgraded to Pro plan' }).waitFor();
    await expectText(page.getByTestId('billing-plan-name'), 'Pro');
    expect(await upgrade.isVisible()).toBe(false);
    expect((await subscriptionOf(page)).tier).toBe('pro');

    // The billing history: the upgrade charged exactly "Due today", beside the Basic month.
    const invoices = page.getByTestId('invoice');
    await eventually(async () => expect(await invoices.count()).toBe(2));
    await expectText(invoices.nth(0), 'Upgrade to Pro (rest of the period)');
    await expectText(invoices.nth(0).getByTestId('invoice-amount'), dueToday);
    await expectText(invoices.nth(0), 'Paid');
    await expectText(invoices.nth(1), 'Basic monthly subscription');
    await expectText(invoices.nth(1).getByTestId('invoice-amount'), '$9.99');
    await expectText(page.getByTestId('next-payment'), '$19.99');
    await bothSizes(page, 'settings-history');

    // Cancel at period end: confirmed first, then the end date is shown, with a way to take it back.
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

    // Resume: the cancellation is taken back, the plan renews again.
    await panel.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByRole('status').filter({ hasText: 'Your subscription will continue' }).waitFor();
    await eventually(async () => expect(await subscriptionOf(page)).toMatchObject({ status: 'active', cancelAt: null }));
    await panel.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await expectText(panel, 'Active');

    // The refund: everything paid for the subscription, confirmed with an optional reason; the account is back on Free.
    await panel.getByRole('button', { name: 'Request a refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Request a refund?' });
    await expectText(refund, "We refund everything you've paid for your Pro subscription");
    await refund.getByRole('textbox', { name: /^Why are you leaving\?/ }).fill('Trying it out was enough for now.');
    await bothSizes(page, 'refund-confirm', { fullPage: false });
    await refund.getByRole('button', { name: 'Refund and cancel' }).click();
    const paid = 999 + Math.round(Number(dueToday.replace('$', '')) * 100);
    const refunded = `$${(paid / 100).toFixed(2)}`;
    await page
      .getByRole('status')
      .filter({ hasText: `Refunded ${refunded}. You're now on the Free plan.` })
      .waitFor();
    await expectText(page.getByTestId('billing-plan-name'), 'Free');
    await expectText(panel, 'Your subscription has ended');
    expect(await subscriptionOf(page)).toMatchObject({ tier: 'free', status: 'inactive', trialAvailable: true });
    // Both invoices read refunded, and together they are what the refund said.
    await eventually(async () => expect(await invoices.filter({ hasText: 'Refunded' }).count()).toBe(2));
    const amounts = await invoices.getByTestId('invoice-amount').allInnerTexts();
    expect(amounts.reduce((sum, a) => sum + Math.round(Number(a.replace('$', '')) * 100), 0)).toBe(paid);
    await bothSizes(page, 'settings-refunded');

    // The same history in Chinese.
    await openBillingTab(page, suite.server.url, 'zh');
    await eventually(async () => expect(await page.getByTestId('invoice').filter({ hasText: '已退款' }).count()).toBe(2));
    await expectText(page.getByTestId('invoice').nth(0), '升级到专业版（本周期剩余时间）');
    await bothSizes(page, 'settings-refunded-zh');
    await openBillingTab(page, suite.server.url);

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
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Annie Easley'));

    // The checkout return page waits for the provider's word, showing where it is.
    await page.goto(`${suite.server.url}/en/app/billing?checkout=success`);
    await page.getByRole('heading', { level: 1, name: 'Thanks! Finishing up…' }).waitFor();
    await expectText(page.getByRole('list', { name: 'Progress' }), 'Activating your plan…');
    await bothSizes(page, 'checkout-waiting');
    await page.goto(`${suite.server.url}/en/pricing`);
    await tierCard(page, 'Basic').getByRole('button', { name: 'Choose Basic' }).click();
    await payOnSandbox(page, CARD.good);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Basic!' }).waitFor();

    // The sandbox moves the subscription to its next period with a card that fails, as a renewal would.
    const csrf = await page.request.get(`${suite.server.url}/api/csrf-token`);
    const { token } = (await csrf.json()) as { token: string };
    const renewed = await page.request.post(`${suite.server.url}/api/billing/sandbox/renew`, { data: { outcome: 'failed' }, headers: { 'x-csrf-token': token } });
    expect(renewed.status()).toBe(200);
    expect((await subscriptionOf(page)).status).toBe('past_due');

    await openBillingTab(page, suite.server.url);
    const panel = page.getByRole('tabpanel');
    await expectText(panel, 'Payment due');
    await expectText(panel.getByRole('alert'), "Your last payment didn't go through");
    await expectText(page.getByTestId('refund-status'), 'Not eligible for refund');
    await bothSizes(page, 'settings-past-due');

    // An upgrade now pays the unpaid renewal too: the dialog says so, and "Due today" is both together.
    await page.goto(`${suite.server.url}/en/pricing`);
    await tierCard(page, 'Pro').getByRole('link', { name: 'Upgrade to Pro' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
    await expectText(upgrade.getByTestId('overdue-amount'), '$9.99');
    await expectText(upgrade, 'Your unpaid invoice is paid with this change');
    await expectText(upgrade, 'Prorated charge');
    const charge = Number((await upgrade.getByTestId('change-amount').innerText()).replace('$', ''));
    await expectText(upgrade.getByTestId('proration-amount'), `$${(9.99 + charge).toFixed(2)}`);
    await bothSizes(page, 'upgrade-preview-past-due', { fullPage: false });
    await upgrade.getByRole('button', { name: 'Keep my plan' }).click();

    await openBillingTab(page, suite.server.url);
    await panel.getByRole('button', { name: 'Fix payment' }).click();
    await expectPath(page, /^\/sandbox\/portal\//);
    await expectText(page.locator('body'), 'Past due');

    expectNoConsoleErrors();
    await close();
  });

  it('in Chinese on a phone, in dark mode: no card to manage before paying, a declined card, and a canceled checkout', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, locale: 'zh-CN', colorScheme: 'dark' });
    await signUp(page, suite.server.url, newAccount('Mae Jemison'), 'zh');

    // Before any checkout the provider keeps no card for the account: nothing offers to manage one.
    await openBillingTab(page, suite.server.url, 'zh');
    await expectText(page.getByTestId('billing-plan-name'), '免费版');
    await page.getByRole('tabpanel').getByText('还没有付款记录').waitFor();
    expect(await page.getByRole('tabpanel').getByRole('button', { name: '管理付款方式' }).count()).toBe(0);
    await screenshot(page, 'billing-settings-free-zh-dark-phone');

    // A declined card: the sandbox checkout (started from the plan chooser below) says so, in Chinese, and nothing
    // changes.
    await chooserCard(page, '基础版').getByRole('button', { name: '选择基础版' }).click();
    await payOnSandbox(page, CARD.declined, 'zh');
    await expectText(page.getByRole('alert'), '你的卡被拒绝');
    await screenshot(page, 'billing-declined-zh-phone');
    expect((await subscriptionOf(page)).tier).toBe('free');

    // Leaving the checkout comes back to the plan chooser in the app, which says nothing was charged.
    await page.getByRole('link', { name: SANDBOX_TEXT.zh.cancel }).click();
    await expectPath(page, '/zh/app/settings');
    await expectText(page.getByRole('tabpanel').getByRole('status').first(), '已取消结账');
    await chooserCard(page, '专业版').waitFor();
    await screenshot(page, 'billing-checkout-canceled-zh-dark-phone');
    expect((await scrollsHorizontally(page)).overflows).toBe(false);

    await eventually(async () => expect((await subscriptionOf(page)).tier).toBe('free'));
    // 400: the portal refused for want of a customer (shown above); 402: the declined card's page.
    expectNoConsoleErrors([400, 402]);
    await close();
  });
  it.each([
    { lang: 'en', size: 'desktop', viewport: DESKTOP },
    { lang: 'zh', size: 'phone', viewport: PHONE },
  ] as const)('a free user’s upsells keep them in the app: the plan chooser, the trial read as on pricing, then checkout ($lang, $size)', async ({ lang, size, viewport }) => {
    const t = CHOOSER_TEXT[lang];
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    await signUp(page, suite.server.url, newAccount('Annie Easley'), lang);

    // Every upsell a signed-in user meets leads to the chooser in the billing settings, never the public pricing page.
    const chooserPath = `/${lang}/app/settings?tab=billing`;
    expect(await page.getByRole('main').getByRole('link', { name: t.upgrade, exact: true }).getAttribute('href')).toBe(`${chooserPath}&plan=pro`);
    expect(await page.getByRole('main').getByRole('link', { name: t.plans }).getAttribute('href')).toBe(chooserPath);
    await page.getByRole('button', { name: TEXT[lang].accountMenu }).click();
    expect(await page.getByRole('menuitem', { name: t.plans }).getAttribute('href')).toBe(chooserPath);
    await page.keyboard.press('Escape');
    await page.goto(`${suite.server.url}/${lang}/app/nutrition/plans`);
    expect(await page.getByRole('main').getByRole('link', { name: t.getPro }).first().getAttribute('href')).toBe(`${chooserPath}&plan=pro`);

    // The dashboard's "Upgrade": Basic and Pro side by side, Pro picked, monthly first.
    await page.goto(`${suite.server.url}/${lang}/app`);
    await page.getByRole('main').getByRole('link', { name: t.upgrade, exact: true }).click();
    await expectPath(page, `/${lang}/app/settings`);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { level: 2, name: t.choose }).waitFor();
    expect(await panel.getByRole('listitem').getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([t.basic, t.pro]);
    const chooserPro = chooserCard(page, t.pro);
    await expectText(chooserPro, t.trialMonth);
    expect(await scrollsHorizontally(page)).toMatchObject({ overflows: false });
    await screenshot(page, `billing-chooser-${lang}-${size}`);

    // Yearly, as the catalogue offers: the same words and prices as the pricing page's cards.
    await panel.getByRole('radiogroup', { name: t.interval }).locator('label').filter({ hasText: t.yearly }).click();
    await expectText(chooserPro, t.trialYear);
    const read = async (card: ReturnType<typeof chooserCard>) => (await card.innerText()).replace(/\s+/g, ' ');
    const inApp = { basic: await read(chooserCard(page, t.basic)), pro: await read(chooserPro) };
    await page.goto(`${suite.server.url}/${lang}/pricing`);
    await page.getByRole('radiogroup', { name: t.interval }).locator('label').filter({ hasText: t.yearly }).click();
    await expectText(tierCard(page, t.pro), t.trialYear);
    expect(inApp).toEqual({ basic: await read(tierCard(page, t.basic)), pro: await read(tierCard(page, t.pro)) });

    // Pro yearly from the chooser: the provider's page offers the same trial and price, and TRIAL50 halves the
    // first payment after it.
    await page.goto(`${suite.server.url}${chooserPath}`);
    await page.getByRole('tabpanel').getByRole('radiogroup', { name: t.interval }).locator('label').filter({ hasText: t.yearly }).click();
    await chooserCard(page, t.pro).getByRole('button', { name: t.startTrial }).click();
    await expectPath(page, /^\/sandbox\/checkout\/cs_/);
    await expectText(page.locator('body'), t.sandboxTrial);
    await expectText(page.locator('body'), t.yearPrice);
    await page.getByLabel(SANDBOX_TEXT[lang].card).fill(CARD.good);
    await page.getByLabel(t.promo).fill('TRIAL50');
    await page.getByRole('button', { name: t.apply }).click();
    await expectText(page.locator('body'), t.halfYear);
    await screenshot(page, `billing-chooser-checkout-${lang}-${size}`);
    await payOnSandbox(page, CARD.good, lang);
    await expectPath(page, `/${lang}/app/billing`);
    await page.getByRole('heading', { level: 1, name: t.welcomePro }).waitFor();
    await expectText(page.getByRole('main'), t.halfYear);
    await eventually(async () => expect(await subscriptionOf(page)).toMatchObject({ tier: 'pro', interval: 'year', status: 'active' }));

    // A subscriber's billing settings no longer show the chooser.
    await openBillingTab(page, suite.server.url, lang);
    await expectText(page.getByRole('tabpanel'), t.trialBadge);
    expect(await page.getByRole('tabpanel').getByRole('heading', { name: t.choose }).count()).toBe(0);

    expectNoConsoleErrors();
    await close();
  });
});
