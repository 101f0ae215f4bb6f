import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { amountOf } from '#core/nutrition/amounts';
import { FOODS, searchFoods } from '#core/nutrition/foods';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { eventually, expectPath, expectText, newAccount, signUp } from './support/flows';
import { browserSuite } from './support/suite';

const CHICKEN = searchFoods('chicken breast', 'en')[0];
const RICE = searchFoods('米饭', 'zh')[0];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fmt = (n: number) => n.toLocaleString('en-US');

/** The food with the longest portion label in a language, and that portion's index. */
function longestPortion(locale: 'en' | 'zh') {
  const all = FOODS.flatMap((food) => food.portions.map((p, index) => ({ food, index, length: p.unit[locale].length })));
  return all.reduce((a, b) => (b.length > a.length ? b : a));
}

/** The chosen option's text against the room the select gives it (a native select cannot wrap; it cuts). */
const optionFit = (select: Locator) =>
  select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.options[el.selectedIndex]!.text;
    return { text, width: Math.ceil(context.measureText(text).width), room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) };
  });

/** Desktop and 390 px phone shots of the page as it is; the phone must not scroll sideways. */
async function shots(page: Page, name: string, options?: { fullPage?: boolean }) {
  await screenshot(page, `nutrition-${name}-desktop`, options);
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${name} scrolls sideways at 390 px (${overflow.scrollWidth})`).toBe(false);
  await screenshot(page, `nutrition-${name}-phone`, options);
  await page.setViewportSize(before);
}

const openNav = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: /^(Main|主导航)$/ })
    .first()
    .getByRole('link', { name })
    .click();

/** Logs through the API from the signed-in page, as the app itself would (anti-forgery header included). */
async function seedEntry(page: Page, body: Record<string, unknown>) {
  await page.evaluate(async (json) => {
    const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
    const res = await fetch('/api/nutrition/entries', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(json),
    });
    if (res.status !== 201) throw new Error(`seed failed: ${res.status} ${await res.text()}`);
  }, body);
}

browserSuite('nutrition (browser)', (suite) => {
  it('logs a day in English: search, portion, quick add, copy, edit, delete; history and goals', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Ada Lovelace'));
    await openNav(page, 'Nutrition');
    await expectPath(page, '/en/app/nutrition');
    await page.getByRole('heading', { level: 1, name: 'Nutrition' }).waitFor();
    const eaten = page.getByTestId('calories-eaten');
    await expectText(eaten, /^0 \/ [\d,]+ kcal eaten$/);
    const goal = Number((await eaten.innerText()).match(/\/ ([\d,]+)/)![1].replace(/,/g, ''));
    await shots(page, 'empty');

    // ── Search in English, pick a portion; the numbers follow every change.
    const breakfast = page.getByRole('region', { name: 'Breakfast' });
    await breakfast.getByRole('button', { name: 'Add food to Breakfast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add food' });
    await dialog.getByRole('searchbox', { name: 'Search foods' }).fill('chicken breast');
    await dialog
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(CHICKEN.name.en)}`) })
      .first()
      .click();
    const portion = CHICKEN.portions[0];
    await dialog.getByRole('combobox', { name: 'Portion' }).selectOption({ index: 0 });
    await dialog.getByRole('spinbutton', { name: 'How many' }).fill('2');
    const preview = dialog.getByTestId('nutrient-preview');
    await expectText(preview, fmt(amountOf(CHICKEN.per100g, portion.grams * 2).calories));
    expect(await dialog.getByRole('spinbutton', { name: 'Grams' }).inputValue()).toBe(String(Math.round(portion.grams * 2 * 10) / 10));
    await dialog.getByRole('spinbutton', { name: 'Grams' }).fill('150');
    const chicken = amountOf(CHICKEN.per100g, 150);
    await expectText(preview, fmt(chicken.calories));
    expect(await dialog.getByRole('combobox', { name: 'Portion' }).inputValue()).toBe('grams');
    await shots(page, 'add-food-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add to Breakfast' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${CHICKEN.name.en} added.` })
      .waitFor();
    await breakfast.getByRole('listitem', { name: CHICKEN.name.en }).waitFor();
    await expectText(breakfast.getByRole('listitem', { name: CHICKEN.name.en }), '150 g');
    await expectText(eaten, `${fmt(chicken.calories)} / ${fmt(goal)} kcal eaten`);

    // ── Quick add to lunch, with a mistake first.
    await page.getByRole('region', { name: 'Lunch' }).getByRole('button', { name: 'Add food to Lunch' }).click();
    await dialog.getByText('Quick add').click();
    await dialog.getByRole('textbox', { name: 'Food' }).fill('Protein bar');
    await dialog.getByRole('spinbutton', { name: 'Calories (kcal)' }).fill('20000');
    await dialog.getByRole('button', { name: 'Add to Lunch' }).click();
    await expectText(dialog.getByRole('alert').first(), 'Calories must be between 0 and 10000');
    await dialog.getByRole('spinbutton', { name: 'Calories (kcal)' }).fill('210');
    await dialog.getByRole('spinbutton', { name: /^Protein \(g\)/ }).fill('20');
    await dialog.getByRole('button', { name: 'Add to Lunch' }).click();
    await page.getByRole('region', { name: 'Lunch' }).getByRole('listitem', { name: 'Protein bar' }).waitFor();
    await expectText(eaten, `${fmt(chicken.calories + 210)} / `);

    // ── Yesterday's dinner, copied to today.
    const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
    const yesterdayEvening = new Date(Date.parse(`${today}T00:00:00Z`) - 5 * 3_600_000).toISOString();
    await seedEntry(page, { foodName: 'Tomato soup', calories: 180, mealType: 'dinner', eatenAt: yesterdayEvening });
    const dinner = page.getByRole('region', { name: 'Dinner' });
    await dinner.getByRole('button', { name: 'Copy previous day (Dinner)' }).click();
    await dinner.getByRole('listitem', { name: 'Tomato soup' }).waitFor();
    await expectText(eaten, `${fmt(chicken.calories + 210 + 180)} / `);
    await shots(page, 'day');

    // ── Edit the chicken's weight: recomputed from the table.
    await breakfast.getByRole('button', { name: `Edit ${CHICKEN.name.en}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit entry' });
    await edit.getByRole('spinbutton', { name: 'Grams' }).fill('200');
    const heavier = amountOf(CHICKEN.per100g, 200);
    await expectText(edit.getByTestId('nutrient-preview'), fmt(heavier.calories));
    await screenshot(page, 'nutrition-edit-dialog-desktop', { fullPage: false });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectText(breakfast.getByRole('listitem', { name: CHICKEN.name.en }), '200 g');
    await expectText(eaten, `${fmt(heavier.calories + 390)} / `);

    // ── Delete it, after confirming.
    await breakfast.getByRole('button', { name: `Delete ${CHICKEN.name.en}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this entry?' });
    await expectText(confirm, `${CHICKEN.name.en} will be removed from your log.`);
    await confirm.getByRole('button', { name: 'Delete entry' }).click();
    await eventually(async () => expect(await breakfast.getByRole('listitem').count()).toBe(0));
    await expectText(eaten, `390 / ${fmt(goal)} kcal eaten`);

    // ── The day before, through the date switcher.
    await page.getByRole('button', { name: 'Previous day', exact: true }).click();
    await expectText(page.getByRole('main'), 'Yesterday');
    await page.getByRole('region', { name: 'Dinner' }).getByRole('listitem', { name: 'Tomato soup' }).waitFor();
    await page.getByRole('button', { name: 'Back to today' }).click();
    await expectText(eaten, '390 / ');

    // ── History: the week as a chart.
    await page.getByRole('navigation', { name: 'Nutrition sections' }).getByRole('link', { name: 'History' }).click();
    await expectPath(page, '/en/app/nutrition/history');
    await page.locator('.recharts-surface').first().waitFor();
    await eventually(async () => expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0));
    await shots(page, 'history');

    // ── Goals: computed from reference values, locked on the free tier with the way to upgrade.
    await page.getByRole('navigation', { name: 'Nutrition sections' }).getByRole('link', { name: 'Goals' }).click();
    await expectPath(page, '/en/app/nutrition/goals');
    await expectText(page.getByTestId('goal-calories'), `${fmt(goal)}`);
    await page.getByText('These targets use reference values').waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Calories (kcal)' }).isDisabled()).toBe(true);
    const upgrade = page.getByRole('complementary').first().getByRole('link');
    expect(await upgrade.getAttribute('href')).toBe('/en/app/settings?tab=billing&plan=basic');
    await shots(page, 'goals-free');

    // Someone who weighs themselves in pounds reads the protein basis per pound.
    const { token } = (await (await page.request.get(`${suite.server.url}/api/csrf-token`)).json()) as { token: string };
    const imperial = await page.request.put(`${suite.server.url}/api/me/preferences`, { data: { units: 'imperial', weightKg: 70 }, headers: { 'x-csrf-token': token } });
    expect(imperial.status()).toBe(200);
    await page.reload();
    await page.getByText(/^\d\.\d+ g per lb of 154 lb$/).waitFor();

    expectNoConsoleErrors();
    await close();
  });

  it('shows the whole portion text, on desktop and at 390 px, in English and Chinese', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Grace Hopper'));
    for (const locale of ['en', 'zh'] as const) {
      const { food, index } = longestPortion(locale);
      await page.goto(`${suite.server.url}/${locale}/app/nutrition`);
      const add = locale === 'en' ? 'Add food to Lunch' : '为午餐添加食物';
      await page.getByRole('button', { name: add }).click();
      const dialog = page.getByRole('dialog', { name: locale === 'en' ? 'Add food' : '添加食物' });
      await dialog.getByRole('searchbox').fill(food.name[locale]);
      await dialog
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(food.name[locale])}`) })
        .first()
        .click();
      const select = dialog.getByRole('combobox', { name: locale === 'en' ? 'Portion' : '份量单位' });
      await select.selectOption({ index });
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        const fit = await optionFit(select);
        expect(fit.width, `"${fit.text}" at ${viewport.width} px`).toBeLessThanOrEqual(fit.room);
      }
      await screenshot(page, `nutrition-long-portion-${locale}-phone`, { fullPage: false });
      await page.setViewportSize(DESKTOP);
      await page.keyboard.press('Escape');
    }
    expectNoConsoleErrors();
    await close();
  });

  it('logs a meal in Chinese on a dark phone, searching in Chinese', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { locale: 'zh-CN', colorScheme: 'dark', viewport: PHONE });
    await signUp(page, suite.server.url, newAccount('Bo Zhang'), 'zh');
    await openNav(page, '营养');
    await expectPath(page, '/zh/app/nutrition');
    const eaten = page.getByTestId('calories-eaten');
    await expectText(eaten, /^已摄入 0 \//);

    const lunch = page.getByRole('region', { name: '午餐' });
    await lunch.getByRole('button', { name: '为午餐添加食物' }).click();
    const dialog = page.getByRole('dialog', { name: '添加食物' });
    await dialog.getByRole('searchbox', { name: '搜索食物' }).fill('米饭');
    await dialog
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(RICE.name.zh)}`) })
      .first()
      .click();
    await dialog.getByRole('combobox', { name: '份量单位' }).selectOption({ index: 0 });
    await dialog.getByRole('spinbutton', { name: '数量' }).fill('1.5');
    const grams = Math.round(RICE.portions[0].grams * 1.5 * 10) / 10;
    const rice = amountOf(RICE.per100g, grams);
    await expectText(dialog.getByTestId('nutrient-preview'), rice.calories.toLocaleString('zh-CN'));
    await screenshot(page, 'nutrition-add-food-zh-dark-phone', { fullPage: false });
    await dialog.getByRole('button', { name: '添加到午餐' }).click();
    await lunch.getByRole('listitem', { name: RICE.name.zh }).waitFor();
    await expectText(lunch.getByRole('listitem', { name: RICE.name.zh }), RICE.portions[0].unit.zh);
    await expectText(eaten, `已摄入 ${rice.calories.toLocaleString('zh-CN')} /`);
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'nutrition-day-zh-dark-phone');

    // A validation message from the server's rules, in Chinese.
    await lunch.getByRole('button', { name: `编辑${RICE.name.zh}` }).click();
    const edit = page.getByRole('dialog', { name: '编辑记录' });
    await edit.getByRole('spinbutton', { name: '克数' }).fill('6000');
    await edit.getByRole('button', { name: '保存' }).click();
    await expectText(edit.getByRole('alert').first(), '克数必须在 0.1 到 5000 之间');
    await edit.getByRole('button', { name: '取消' }).click();

    // A food of the table follows the app's language: the same entry, read in English.
    await page.goto(`${suite.server.url}/en/app/nutrition`);
    await page.getByRole('region', { name: 'Lunch' }).getByRole('listitem', { name: RICE.name.en }).waitFor();
    await page.goto(`${suite.server.url}/zh/app/nutrition`);

    await page.getByRole('navigation', { name: '营养栏目' }).getByRole('link', { name: '历史' }).click();
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'nutrition-history-zh-dark-phone');
    expectNoConsoleErrors();
    await close();
  });
});
