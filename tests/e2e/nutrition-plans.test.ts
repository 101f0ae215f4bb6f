import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { foodById } from '#core/nutrition/foods';
import { DESKTOP, PHONE, SCREENSHOT_DIR, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { becomePaid, expectPath, expectText, newAccount, signUp, TEXT, type Lang } from './support/flows';
import { browserSuite } from './support/suite';

/** Desktop and 390 px phone shots of the page as it is; the phone must not scroll sideways. */
async function shots(page: Page, name: string, options?: { fullPage?: boolean }) {
  await screenshot(page, `nutrition-plans-${name}-desktop`, options);
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${name} scrolls sideways at 390 px (${overflow.scrollWidth})`).toBe(false);
  await screenshot(page, `nutrition-plans-${name}-phone`, options);
  await page.setViewportSize(before);
}

/** What the window shows right now, without waiting: the generation's steps pass in about a second. */
const quickShot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/nutrition-plans-${name}.png` });

const PLAN_PATH = /^\/(en|zh)\/app\/nutrition\/plans\/[0-9a-f-]{36}$/;

browserSuite('nutrition plans (browser)', { env: { RATE_LIMIT_API: '10000/1m' } }, (suite) => {
  it('a pro user makes a vegetarian, nut-free plan, reads it day by day, logs a meal, ticks the shopping list and deletes it', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Grace Hopper'));
    await becomePaid(page, suite.server.url);

    // ── The generator, reached from the nutrition section's own navigation.
    await page.goto(`${suite.server.url}/en/app/nutrition`);
    await page.getByRole('navigation', { name: 'Nutrition sections' }).getByRole('link', { name: 'Plans' }).click();
    await expectPath(page, '/en/app/nutrition/plans');
    await page.getByRole('heading', { name: 'Make a plan' }).waitFor();
    // The targets it will use are the user's goals, with the way to change them.
    const goals = await (await page.request.get(`${suite.server.url}/api/nutrition/goals`)).json();
    await expectText(page.getByTestId('target-calories'), goals.calories.toLocaleString('en-US'));
    expect(await page.getByRole('link', { name: 'Change targets' }).getAttribute('href')).toBe('/en/app/nutrition/goals');
    await page.getByText('No nutrition plans yet').waitFor();
    await shots(page, 'form');

    await page.getByText('Vegetarian', { exact: true }).click();
    await page.getByText('Nut-free', { exact: true }).click();
    expect(await page.getByRole('checkbox', { name: /^Vegetarian/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Nut-free/ }).isChecked()).toBe(true);
    await page.getByLabel(/^Allergies and foods to avoid/).fill('shrimp, mango');
    await expectText(page.getByText('Breakfast, lunch, an afternoon snack and dinner.'), 'afternoon snack');
    await shots(page, 'form-filled');

    // ── Generating: the streamed steps, then the new plan.
    await page.getByRole('button', { name: 'Generate plan' }).click();
    await page.getByRole('heading', { name: 'Building your nutrition plan' }).waitFor();
    await page.getByText('Choosing foods that fit your diet').waitFor();
    await quickShot(page, 'progress-desktop');
    await page.getByText(/^Balancing day \d of 7$/).waitFor();
    await expectPath(page, PLAN_PATH);
    await page.getByText('Your plan is ready').waitFor();

    const planId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await (await page.request.get(`${suite.server.url}/api/nutrition/plans/${planId}`)).json();
    await page.getByRole('heading', { level: 1, name: saved.planName }).waitFor();
    await expectText(page.getByTestId('plan-restrictions'), 'Vegetarian');
    await expectText(page.getByTestId('plan-restrictions'), 'Nut-free');
    const shrimp = saved.plan.allergies.find((a: { text: string }) => a.text === 'shrimp');
    await expectText(page.getByTestId('plan-allergies'), `shrimp (shellfish) — ${shrimp.excludedFoods} foods excluded`);

    // Seven days and the shopping list, as tabs.
    const tabs = page.getByRole('tablist', { name: 'The week' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6', 'Day 7', 'Shopping list']);
    await page.getByRole('region', { name: 'Day 1 totals' }).getByText('Within 5% of every target').waitFor();
    await shots(page, 'plan-day1');

    // ── Log day 1's breakfast to today: one entry per food, and a toast.
    const breakfast = saved.plan.days[0].meals.find((m: { type: string }) => m.type === 'breakfast');
    const foods = breakfast.items.length as number;
    await page.getByRole('region', { name: 'Breakfast' }).getByRole('button', { name: 'Log this meal today' }).click();
    await page.getByText(`Breakfast logged: ${foods} ${foods === 1 ? 'food' : 'foods'} added to today.`).waitFor();
    await page.getByRole('region', { name: 'Breakfast' }).getByText('Logged today').waitFor();
    await quickShot(page, 'logged-desktop');

    await page.getByRole('tab', { name: 'Day 3' }).click();
    await page.getByRole('heading', { name: 'Day 3 totals' }).waitFor();

    // ── The shopping list, by aisle; the ticks stay in this browser.
    await page.getByRole('tab', { name: 'Shopping list' }).click();
    await page.getByRole('heading', { name: 'Shopping list for the week' }).waitFor();
    const items = saved.plan.shoppingList.length as number;
    await expectText(page.getByText(/ticked$/), `0 of ${items} ticked`);
    await page.getByRole('checkbox').first().check();
    await expectText(page.getByText(/ticked$/), `1 of ${items} ticked`);
    await shots(page, 'shopping');
    await page.reload();
    await page.getByRole('tab', { name: 'Shopping list' }).click();
    await expectText(page.getByText(/ticked$/), `1 of ${items} ticked`);

    // ── Switching the interface to 中文: the same plan (the same foods and grams) reads in Chinese, its name too; and
    // back in English.
    await page.getByRole('tab', { name: 'Day 1', exact: true }).click();
    await page.getByRole('button', { name: TEXT.en.language }).click();
    await page.getByRole('menuitemradio', { name: '中文' }).click();
    await expectPath(page, `/zh/app/nutrition/plans/${planId}`);
    const zhName = `7 天营养计划 · 每天 ${saved.calories.toLocaleString('zh-CN')} 千卡 · 素食、无坚果`;
    await page.getByRole('heading', { level: 1, name: zhName }).waitFor();
    const zhBreakfast = page.getByRole('region', { name: '早餐' });
    for (const item of breakfast.items as { foodId: string; name: string }[]) {
      await expectText(zhBreakfast, foodById(item.foodId)!.name.zh);
      expect(await zhBreakfast.innerText()).not.toContain(item.name);
    }
    await shots(page, 'plan-day1-switched-zh');
    await page.getByRole('button', { name: TEXT.zh.language }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expectPath(page, `/en/app/nutrition/plans/${planId}`);
    await page.getByRole('heading', { level: 1, name: saved.planName }).waitFor();
    for (const item of breakfast.items as { name: string }[]) await expectText(page.getByRole('region', { name: 'Breakfast' }), item.name);

    // The logged foods are in today's log, under breakfast.
    await page.goto(`${suite.server.url}/en/app/nutrition`);
    const logged = page.getByRole('region', { name: 'Breakfast' });
    for (const item of breakfast.items as { name: string }[]) await logged.getByRole('listitem', { name: item.name }).first().waitFor();

    // ── The saved plans, then delete with a confirmation.
    await page.goto(`${suite.server.url}/en/app/nutrition/plans`);
    const row = page.getByRole('link', { name: saved.planName });
    await row.waitFor();
    await shots(page, 'list');
    await row.click();
    await expectPath(page, `/en/app/nutrition/plans/${planId}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this plan?' });
    await dialog.waitFor();
    await screenshot(page, 'nutrition-plans-delete-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete plan' }).click();
    await expectPath(page, '/en/app/nutrition/plans');
    await page.getByText('Plan deleted.').waitFor();
    await page.getByText('No nutrition plans yet').waitFor();
    expect((await page.request.get(`${suite.server.url}/api/nutrition/plans/${planId}`)).status()).toBe(404);

    expectNoConsoleErrors();
    await close();
  });

  it('in Chinese, dark and on a phone: low-carb adjusts the targets, five meals name their snacks', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, locale: 'zh-CN', colorScheme: 'dark' });
    await signUp(page, suite.server.url, newAccount('Lin Wei'), 'zh');
    await becomePaid(page, suite.server.url, 'pro', 'zh');
    await page.goto(`${suite.server.url}/zh/app/nutrition/plans`);
    await page.getByRole('heading', { name: '生成计划' }).waitFor();

    await page.getByText('素食', { exact: true }).click();
    await page.getByText('低碳水', { exact: true }).click();
    // The targets it will use move at once, with the reason.
    await expectText(page.getByTestId('target-adjustments'), '碳水下调');
    await page.getByText('5 餐', { exact: true }).click();
    await page.getByLabel(/^过敏和忌口食物/).fill('花生、芒果');
    await screenshot(page, 'nutrition-plans-form-zh-dark-phone');
    expect((await scrollsHorizontally(page)).overflows).toBe(false);

    await page.getByRole('button', { name: '生成计划' }).click();
    await page.getByRole('heading', { name: '正在生成你的营养计划' }).waitFor();
    await quickShot(page, 'progress-zh-dark-phone');
    await expectPath(page, PLAN_PATH);
    await page.getByText('你的计划已生成').waitFor();
    await page.getByRole('region', { name: '上午加餐' }).waitFor();
    await page.getByRole('region', { name: '下午加餐' }).waitFor();
    await expectText(page.getByTestId('plan-allergies'), '花生');
    await page.getByText('本计划对你的目标做了哪些调整').waitFor();
    await screenshot(page, 'nutrition-plans-plan-zh-dark-phone');
    expect((await scrollsHorizontally(page)).overflows).toBe(false);

    await page.getByRole('region', { name: '午餐' }).getByRole('button', { name: '把这一餐记到今天' }).click();
    await page.getByText(/^午餐已记录：今天添加了 \d+ 种食物。$/).waitFor();
    await page.getByRole('tab', { name: '采购清单' }).click();
    await page.getByRole('heading', { name: '一周采购清单' }).waitFor();
    await screenshot(page, 'nutrition-plans-shopping-zh-dark-phone');
    expectNoConsoleErrors();
    await close();
  });

  it('free users see what nutrition plans are and the way to Pro, in both languages', async () => {
    for (const lang of ['en', 'zh'] as Lang[]) {
      const free = await openPage(suite.browser, { locale: lang === 'zh' ? 'zh-CN' : 'en-US', colorScheme: lang === 'zh' ? 'dark' : 'light' });
      await signUp(free.page, suite.server.url, newAccount(), lang);
      await free.page.goto(`${suite.server.url}/${lang}/app/nutrition/plans`);
      await free.page.getByText(lang === 'zh' ? '个性化 AI 营养计划' : 'Personalized AI nutrition plans').waitFor();
      const upgrade = free.page.getByRole('link', { name: lang === 'zh' ? /获取专业版/ : /Get Pro/ });
      expect(await upgrade.getAttribute('href')).toBe(`/${lang}/app/settings?tab=billing&plan=pro`);
      expect(await free.page.getByRole('button', { name: lang === 'zh' ? '生成计划' : 'Generate plan' }).count()).toBe(0);
      await shots(free.page, `locked-${lang}`);
      free.expectNoConsoleErrors();
      await free.close();
    }
  });
});
