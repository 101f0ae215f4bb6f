import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import type { RunningServer } from './server';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A person nobody has signed up as yet. */
export function newAccount(name = 'Ada Lovelace'): Account {
  return { name, email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: 'Str0ngPassw0rd' };
}

/** Text in the page's language (the tests read the UI as a person would). */
export const TEXT = {
  en: {
    createAccount: 'Create account',
    signIn: 'Sign in',
    signOut: 'Sign out',
    accountMenu: 'Account menu',
    language: 'Language',
    settings: 'Settings',
  },
  zh: {
    createAccount: '创建账户',
    signIn: '登录',
    signOut: '退出登录',
    accountMenu: '账户菜单',
    language: '语言',
    settings: '设置',
  },
} as const;

export type Lang = keyof typeof TEXT;

/** Polls until `fn` stops throwing (Playwright locators wait on their own; plain values such as the URL do not). */
export async function eventually<T>(fn: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** A moment up to `ms` ago that is still today in the browser's time zone (UTC), so a test run just after midnight stays on one day. */
export function earlierToday(ms: number): string {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return new Date(Math.max(Date.now() - ms, midnight.getTime())).toISOString();
}

/** Waits until the locator's text matches (the text may still be changing, e.g. right after a language switch). */
export async function expectText(locator: Locator, expected: string | RegExp): Promise<void> {
  await eventually(async () => {
    const text = await locator.innerText({ timeout: 5_000 });
    if (typeof expected === 'string') expect(text).toContain(expected);
    else expect(text).toMatch(expected);
  });
}

export async function expectPath(page: Page, path: string | RegExp): Promise<void> {
  await eventually(() => {
    const actual = new URL(page.url()).pathname;
    if (typeof path === 'string') expect(actual).toBe(path);
    else expect(actual).toMatch(path);
  });
}

export function passwordField(page: Page, label = 'Password') {
  // Exact: the show/hide button beside it is labelled "Show password".
  return page.getByLabel(label, { exact: true });
}

/** Fills the sign-up form at /{lang}/sign-up and creates the account. Ends on the dashboard. */
export async function signUp(page: Page, base: string, account: Account, lang: Lang = 'en'): Promise<void> {
  await page.goto(`${base}/${lang}/sign-up`);
  await fillSignUp(page, account);
  await page.getByRole('button', { name: TEXT[lang].createAccount }).click();
  await expectPath(page, `/${lang}/app`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

export async function fillSignUp(page: Page, account: Account): Promise<void> {
  // The name's label also reads "Optional".
  await page.getByRole('textbox', { name: /^(Name|姓名)/ }).fill(account.name);
  await page.getByRole('textbox', { name: /^(Email|邮箱)$/ }).fill(account.email);
  await passwordField(page, page.url().includes('/zh/') ? '密码' : 'Password').fill(account.password);
}

/** Fills and sends the sign-in form on the page (already at /{lang}/sign-in); the caller checks where it leads. */
export async function submitSignIn(page: Page, email: string, password: string, lang: Lang = 'en'): Promise<void> {
  await expectPath(page, `/${lang}/sign-in`);
  await page.getByRole('textbox', { name: lang === 'zh' ? '邮箱' : 'Email', exact: true }).fill(email);
  await passwordField(page, lang === 'zh' ? '密码' : 'Password').fill(password);
  await page.getByRole('button', { name: TEXT[lang].signIn, exact: true }).click();
}

/** Signs out through the account menu in the app's top bar; ends on the public home page. */
export async function signOut(page: Page, lang: Lang = 'en'): Promise<void> {
  await page.getByRole('button', { name: TEXT[lang].accountMenu }).click();
  await page.getByRole('menuitem', { name: TEXT[lang].signOut }).click();
  await expectPath(page, `/${lang}`);
  // Signed out: the public header offers sign-in again.
  await page.getByRole('banner').getByRole('link', { name: TEXT[lang].signIn, exact: true }).waitFor();
}

/** Card form labels of the sandbox checkout page. */
const CARD_FORM = {
  en: { card: 'Card number', expiry: 'Expiry (MM / YY)', cvc: 'CVC', name: 'Name on card' },
  zh: { card: '卡号', expiry: '有效期（月 / 年）', cvc: '安全码', name: '持卡人姓名' },
} as const;

/** A paid tier through the sandbox billing flow: checkout, the test card, back in the app (pro starts the trial). */
export async function becomePaid(page: Page, base: string, plan: 'pro' | 'basic' = 'pro', lang: Lang = 'en'): Promise<void> {
  const form = CARD_FORM[lang];
  const token = (await (await page.request.get(`${base}/api/csrf-token`)).json()).token as string;
  const res = await page.request.post(`${base}/api/billing/checkout`, { data: { plan, interval: 'month' }, headers: { 'x-csrf-token': token } });
  expect(res.status()).toBe(200);
  await page.goto((await res.json()).url);
  await page.getByLabel(form.card).fill('4242 4242 4242 4242');
  await page.getByLabel(form.expiry).fill('12 / 34');
  await page.getByLabel(form.cvc).fill('123');
  await page.getByLabel(form.name).fill('Ada Lovelace');
  await page.locator('button.primary').click();
  await expectPath(page, /\/app\/billing/);
  await eventually(async () => {
    const me = await (await page.request.get(`${base}/api/me`)).json();
    expect(me.subscription.tier).toBe(plan);
  }, 20_000);
}

/**
 * Opens the link the server emailed at sign-up to an address in MODERATOR_EMAILS, as its owner would, in `page`, and
 * chooses the account's password there (`account.password`, so later sign-ins keep working): the account is taken
 * over, the moderator role starts and the page ends signed in on the dashboard. `shot`: the name of a screenshot of the
 * form.
 */
export async function claimListedAddress(page: Page, server: RunningServer, account: Account, shot?: string): Promise<void> {
  const mail = await server.waitForLog((l) => l.msg?.startsWith('email kept in outbox') === true && l.to === account.email && /reset-password\?token=\S+&claim=1/.test(String(l.text)));
  const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(String(mail.text))![0];
  const zh = new URL(link).pathname.startsWith('/zh/');
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: zh ? '设置你的密码' : 'Choose your password' }).waitFor();
  if (shot) await screenshot(page, shot);
  await passwordField(page, zh ? '新密码' : 'New password').fill(account.password);
  await passwordField(page, zh ? '确认新密码' : 'Confirm new password').fill(account.password);
  await page.getByRole('button', { name: zh ? '设置新密码' : 'Set new password' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/app'));
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** Follows a main-navigation entry: in the bar when it is shown there, else under "More" (the phone's tab bar). */
export async function openNav(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: /^(Main|主导航)$/ });
  const direct = nav.getByRole('link', { name }).filter({ visible: true });
  const more = nav.getByRole('button', { name: /^(More|更多)$/ }).filter({ visible: true });
  // The entries follow the profile (a moderator's extra entry): wait until one way to the page is there.
  await direct.or(more).first().waitFor();
  if ((await direct.count()) > 0) return direct.first().click();
  await more.first().click();
  await page.getByRole('menuitem', { name }).click();
}
