import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, screenshot } from './support/browser';
import { TEXT, type Lang, eventually, expectPath, expectText, fillSignUp, newAccount, passwordField, signOut, submitSignIn } from './support/flows';
import { browserSuite } from './support/suite';

/** The greeting depends on the hour; any of them, addressed to the first name, will do. */
const GREETING_EN = (first: string) => new RegExp(`^(Good (morning|afternoon|evening), ${first}|Burning the midnight oil, ${first}\\?)$`);
const GREETING_ZH = (first: string) => new RegExp(`^(早上好|下午好|晚上好|夜深了)，${first}`);

/** The same page at desktop and phone width, as test-results/screenshots/auth-<name>-{desktop,phone}.png. */
async function bothSizes(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `auth-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `auth-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

const REFUSED = {
  en: { banner: 'Invalid email or password', invalidEmail: 'Invalid email format', email: 'Email' },
  zh: { banner: '邮箱或密码错误', invalidEmail: '邮箱格式不正确', email: '邮箱' },
} as const;

/**
 * A wrong password: the server's refusal shows above the form. It speaks of what was sent, so it goes at the next
 * edit of either field (the browser's own check then shows on its field alone). Shot at both sizes.
 */
async function refusedThenEdited(page: Page, email: string, lang: Lang) {
  const t = REFUSED[lang];
  await submitSignIn(page, email, 'Not-the-password-1', lang);
  const banner = page.getByRole('alert').filter({ hasText: t.banner });
  await banner.waitFor();
  await bothSizes(page, `sign-in-refused-${lang}`);
  const emailBox = page.getByRole('textbox', { name: t.email, exact: true });
  await emailBox.fill('not-an-email');
  await emailBox.blur();
  await expectText(page.getByRole('alert').first(), t.invalidEmail);
  expect(await banner.count()).toBe(0);
  await bothSizes(page, `sign-in-refused-edited-${lang}`);

  // Refused again: an edit of the other field clears it as well (a submit with no edit: form-errors.test.tsx).
  await emailBox.fill(email);
  await page.getByRole('button', { name: TEXT[lang].signIn, exact: true }).click();
  await banner.waitFor();
  await passwordField(page, lang === 'zh' ? '密码' : 'Password').fill('');
  expect(await banner.count()).toBe(0);
}

browserSuite('sign-up, language and sign-in (browser)', (suite) => {
  it('signs up, switches to 中文, keeps it across a reload and a new sign-in', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    const account = newAccount('Grace Hopper');

    // The landing page, reached from the site root by an English browser.
    await page.goto(`${suite.server.url}/`);
    await expectPath(page, '/en');
    await expectText(page.getByRole('heading', { level: 1 }), 'Train smarter. Eat better.');
    await bothSizes(page, 'landing');

    // Sign-up from the landing page's call to action; a weak password is refused on the spot.
    await page.getByRole('main').getByRole('link', { name: 'Start free' }).first().click();
    await expectPath(page, '/en/sign-up');
    await fillSignUp(page, { ...account, password: 'short' });
    await page.getByRole('button', { name: 'Create account' }).click();
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expectText(rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' }), '(not met yet)');
    // Unmet rules turn red once a submit has failed on them.
    const unmetClass = await rules.getByRole('listitem').filter({ hasText: 'One uppercase letter' }).getAttribute('class');
    expect(unmetClass).toMatch(/text-red-600/);
    await expectText(rules.getByRole('listitem').filter({ hasText: 'One lowercase letter' }), '(met)');
    await expectPath(page, '/en/sign-up');
    await bothSizes(page, 'sign-up-password-error');

    // A good password: the account is created and the dashboard greets the new member by first name.
    await passwordField(page).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectPath(page, '/en/app');
    const heading = page.getByRole('heading', { level: 1 });
    await expectText(heading, GREETING_EN('Grace'));
    await page.getByRole('heading', { name: 'Your plan' }).waitFor();
    await bothSizes(page, 'dashboard-en');

    // The language switch in the top bar: the whole UI and the URL change to Chinese.
    await page.getByRole('button', { name: TEXT.en.language }).click();
    await page.getByRole('menuitemradio', { name: '中文' }).click();
    await expectPath(page, '/zh/app');
    await expectText(heading, GREETING_ZH('Grace'));
    await page.getByRole('heading', { name: '你的套餐' }).waitFor();
    await eventually(async () => expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN'));
    await expectText(page.getByRole('navigation', { name: '主导航' }).first(), '概览');
    await bothSizes(page, 'dashboard-zh');

    // A reload keeps the language.
    await page.reload();
    await expectPath(page, '/zh/app');
    await expectText(heading, GREETING_ZH('Grace'));

    // Settings, in Chinese, shows the language saved to the account.
    await page.getByRole('button', { name: TEXT.zh.accountMenu }).click();
    await page.getByRole('menuitem', { name: TEXT.zh.settings }).click();
    await expectPath(page, '/zh/app/settings');
    await page.getByRole('heading', { level: 1, name: '设置' }).waitFor();
    await page.getByRole('tab', { name: '偏好设置' }).click();
    await eventually(async () => expect(await page.getByRole('combobox', { name: '语言' }).inputValue()).toBe('zh'));
    await page.getByRole('tab', { name: '个人资料' }).click();
    await page.getByRole('tabpanel').getByRole('textbox').first().waitFor();
    await bothSizes(page, 'settings');

    // Sign out, then back in with the same credentials: straight into the app, still in Chinese.
    await signOut(page, 'zh');
    await page.getByRole('banner').getByRole('link', { name: TEXT.zh.signIn, exact: true }).click();
    await expectPath(page, '/zh/sign-in');
    await refusedThenEdited(page, account.email, 'zh');
    await submitSignIn(page, account.email, account.password, 'zh');
    await expectPath(page, '/zh/app');
    await expectText(heading, GREETING_ZH('Grace'));
    // Deliberately provoked: the wrong password.
    expectNoConsoleErrors([401]);
    await close();

    // Another browser, in English: signing in there brings the account's saved language along.
    const other = await openPage(suite.browser);
    await other.page.goto(`${suite.server.url}/en/sign-in`);
    await refusedThenEdited(other.page, account.email, 'en');
    await submitSignIn(other.page, account.email, account.password, 'en');
    await expectPath(other.page, '/zh/app');
    await expectText(other.page.getByRole('heading', { level: 1 }), GREETING_ZH('Grace'));
    other.expectNoConsoleErrors([401]);
    await other.close();
  });
});
