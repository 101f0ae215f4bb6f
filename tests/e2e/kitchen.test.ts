import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { amountOf } from '#core/nutrition/amounts';
import { searchFoods } from '#core/nutrition/foods';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { becomePaid, expectPath, expectText, newAccount, openNav, signUp } from './support/flows';
import { browserSuite } from './support/suite';

const CHICKEN = searchFoods('chicken breast', 'en')[0];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fmt = (n: number) => n.toLocaleString('en-US');

/** Desktop and 390 px phone shots of the page as it is; the phone must not scroll sideways. */
async function shots(page: Page, name: string) {
  await screenshot(page, `kitchen-${name}-desktop`, { fullPage: false });
  const before = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${name} scrolls sideways at 390 px (${overflow.scrollWidth})`).toBe(false);
  await screenshot(page, `kitchen-${name}-phone`, { fullPage: false });
  await page.setViewportSize(before);
}

browserSuite('the kitchen in seconds (browser)', (suite) => {
  it('in English: a recent food in one tap, a saved meal in one tap, a barcode entered once and found again', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Julia Child'));
    await openNav(page, 'Nutrition');
    await expectPath(page, '/en/app/nutrition');
    const eaten = page.getByTestId('calories-eaten');
    const dialog = page.getByRole('dialog', { name: 'Add food' });

    // ── A new user: the dialog opens on a guide to the search.
    const breakfast = page.getByRole('region', { name: 'Breakfast' });
    await breakfast.getByRole('button', { name: 'Add food to Breakfast' }).click();
    await expectText(dialog.getByTestId('quick-picks-empty'), 'Your foods will show up here');
    await shots(page, 'empty');

    // Log chicken and a quick add to breakfast the long way.
    await dialog.getByRole('searchbox', { name: 'Search foods' }).fill('chicken breast');
    await dialog
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(CHICKEN.name.en)}`) })
      .first()
      .click();
    await dialog.getByRole('spinbutton', { name: 'Grams' }).fill('150');
    await dialog.getByRole('button', { name: 'Add to Breakfast' }).click();
    await breakfast.getByRole('listitem', { name: CHICKEN.name.en }).waitFor();
    await breakfast.getByRole('button', { name: 'Add food to Breakfast' }).click();
    await dialog.getByRole('radiogroup').getByText('Quick add').click();
    await dialog.getByRole('textbox', { name: 'Food' }).fill('Oat latte');
    await dialog.getByRole('spinbutton', { name: 'Calories (kcal)' }).fill('130');
    await dialog.getByRole('button', { name: 'Add to Breakfast' }).click();
    await breakfast.getByRole('listitem', { name: 'Oat latte' }).waitFor();
    const chicken = amountOf(CHICKEN.per100g, 150).calories;
    await expectText(eaten, `${fmt(chicken + 130)} / `);

    // ── One tap: the chicken again, same 150 g, into lunch.
    const lunch = page.getByRole('region', { name: 'Lunch' });
    await lunch.getByRole('button', { name: 'Add food to Lunch' }).click();
    const recent = dialog.getByRole('region', { name: 'Recent' });
    await expectText(recent, 'Oat latte');
    await shots(page, 'recent');
    await recent.getByRole('button', { name: new RegExp(`^${escapeRegExp(CHICKEN.name.en)}.*Add to Lunch$`) }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${CHICKEN.name.en} added.` })
      .last()
      .waitFor();
    await expectText(lunch.getByRole('listitem', { name: CHICKEN.name.en }), '150 g');
    await expectText(eaten, `${fmt(2 * chicken + 130)} / `);

    // ── Save breakfast as a meal, then log it into dinner in one tap.
    await breakfast.getByRole('button', { name: 'Save as meal (Breakfast)' }).click();
    const save = page.getByRole('dialog', { name: 'Save as meal' });
    await save.getByRole('textbox', { name: 'Meal name' }).fill('');
    await save.getByRole('button', { name: 'Save meal' }).click();
    await expectText(save.getByRole('alert').first(), 'Meal name must be 1 to 60 characters');
    await save.getByRole('textbox', { name: 'Meal name' }).fill('Usual breakfast');
    await screenshot(page, 'kitchen-save-meal-desktop', { fullPage: false });
    await save.getByRole('button', { name: 'Save meal' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved “Usual breakfast”.' }).waitFor();

    const dinner = page.getByRole('region', { name: 'Dinner' });
    await dinner.getByRole('button', { name: 'Add food to Dinner' }).click();
    await dialog.getByRole('button', { name: /^Usual breakfast.*Add to Dinner$/ }).waitFor();
    await shots(page, 'saved-meals');
    await dialog.getByRole('button', { name: /^Usual breakfast.*Add to Dinner$/ }).click();
    await dinner.getByRole('listitem', { name: 'Oat latte' }).waitFor();
    await dinner.getByRole('listitem', { name: CHICKEN.name.en }).waitFor();
    await expectText(eaten, `${fmt(3 * chicken + 260)} / `);

    // Rename and delete it from the dialog.
    await page.getByRole('region', { name: 'Snacks' }).getByRole('button', { name: 'Add food to Snacks' }).click();
    await dialog.getByRole('button', { name: 'Rename Usual breakfast' }).click();
    await dialog.getByRole('textbox', { name: 'Meal name' }).fill('Big breakfast');
    await dialog.getByRole('button', { name: 'Save the name' }).click();
    await dialog.getByRole('button', { name: 'Delete Big breakfast' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '“Big breakfast” deleted.' }).waitFor();
    await expectText(dialog.getByRole('region', { name: 'Recent' }), 'Oat latte');
    expect(await dialog.getByRole('region', { name: 'Saved meals' }).count()).toBe(0);

    // ── A barcode nobody knows: the label, entered once, logged; then found again by its code.
    await dialog.getByRole('button', { name: 'Barcode' }).click();
    await dialog.getByRole('textbox', { name: 'Barcode number' }).fill('4006381333932');
    await dialog.getByRole('button', { name: 'Find product' }).click();
    await expectText(dialog.getByRole('alert').first(), 'This barcode is not valid: check the digits');
    await dialog.getByRole('textbox', { name: 'Barcode number' }).fill('4006381333931');
    await dialog.getByRole('button', { name: 'Find product' }).click();
    const label = dialog.getByRole('form', { name: 'Nutrition label' });
    await expectText(label, 'New product: enter its label');
    await expectText(label, '4006381333931');
    await label.getByRole('textbox', { name: 'Food' }).fill('Granola bar');
    await label.getByRole('spinbutton', { name: 'Serving size (g)' }).fill('40');
    await label.getByRole('spinbutton', { name: 'Calories per serving' }).fill('180');
    await label.getByRole('spinbutton', { name: /^Protein/ }).fill('4');
    await label.getByRole('spinbutton', { name: /^Carbs/ }).fill('24');
    await label.getByRole('spinbutton', { name: /^Fat/ }).fill('7.5');
    await shots(page, 'barcode-label');
    await label.getByRole('button', { name: 'Save and add to Snacks' }).click();
    const snacks = page.getByRole('region', { name: 'Snacks' });
    await expectText(snacks.getByRole('listitem', { name: 'Granola bar' }), '40 g');

    await snacks.getByRole('button', { name: 'Add food to Snacks' }).click();
    await dialog.getByRole('button', { name: 'Barcode' }).click();
    await dialog.getByRole('textbox', { name: 'Barcode number' }).fill('4006381333931');
    await dialog.getByRole('button', { name: 'Find product' }).click();
    await expectText(dialog.getByTestId('barcode-product'), 'From the label you entered.');
    await dialog.getByRole('spinbutton', { name: 'Servings' }).fill('2');
    await shots(page, 'barcode-found');
    await dialog.getByRole('button', { name: 'Add to Snacks' }).click();
    await expectText(snacks, '2 × 40 g');
    await expectText(eaten, `${fmt(3 * chicken + 260 + 540)} / `);

    // ── The goals form (basic): a bad value is refused on its field, a good one saved.
    await becomePaid(page, suite.server.url, 'basic');
    await page.goto(`${suite.server.url}/en/app/nutrition/goals`);
    const calories = page.getByRole('spinbutton', { name: 'Calories (kcal)' });
    await calories.fill('500');
    await page.getByRole('button', { name: 'Save targets' }).click();
    await expectText(page.getByRole('alert').first(), 'Calorie goal must be between 800 and 10000');
    await calories.fill('2345');
    await page.getByRole('button', { name: 'Save targets' }).click();
    await page.getByRole('status').filter({ hasText: 'Targets saved.' }).waitFor();
    await expectText(page.getByTestId('goal-calories'), '2,345');

    // The unknown code's lookup answers 404 (the contract's "not found"), which the browser logs.
    expectNoConsoleErrors([404]);
    await close();
  });

  it('in Chinese on a 390 px phone: one tap for a recent food and for a saved meal; a barcode found again', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { locale: 'zh-CN', viewport: PHONE });
    await signUp(page, suite.server.url, newAccount('Yuan Longping'), 'zh');
    await openNav(page, '营养');
    await expectPath(page, '/zh/app/nutrition');
    const dialog = page.getByRole('dialog', { name: '添加食物' });
    const lunch = page.getByRole('region', { name: '午餐' });

    // An empty day takes the whole day before in one tap.
    await page.evaluate(async () => {
      const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
      const eatenAt = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) - 14 * 3_600_000).toISOString();
      const res = await fetch('/api/nutrition/entries', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ foodName: '包子', calories: 220, mealType: 'breakfast', eatenAt }),
      });
      if (res.status !== 201) throw new Error(`seed failed: ${res.status}`);
    });
    await page.getByRole('button', { name: '复制前一天全部' }).click();
    await page.getByRole('region', { name: '早餐' }).getByRole('listitem', { name: '包子' }).waitFor();
    await page.getByRole('status').filter({ hasText: '已从前一天复制 1 种食物。' }).waitFor();
    await lunch.getByRole('button', { name: '为午餐添加食物' }).click();
    await expectText(dialog.getByRole('region', { name: '最近' }), '包子');
    await dialog.getByRole('radiogroup').getByText('快速添加').click();
    await dialog.getByRole('textbox', { name: '食物', exact: true }).fill('豆浆');
    await dialog.getByRole('spinbutton', { name: '热量（千卡）' }).fill('90');
    await dialog.getByRole('button', { name: '添加到午餐' }).click();
    await lunch.getByRole('listitem', { name: '豆浆' }).waitFor();

    // One tap: again, into dinner.
    const dinner = page.getByRole('region', { name: '晚餐' });
    await dinner.getByRole('button', { name: '为晚餐添加食物' }).click();
    await dialog.getByRole('button', { name: /^豆浆.*添加到晚餐$/ }).click();
    await dinner.getByRole('listitem', { name: '豆浆' }).waitFor();

    // Saved meal: from lunch, logged into breakfast in one tap.
    await lunch.getByRole('button', { name: '存为常用餐（午餐）' }).click();
    const save = page.getByRole('dialog', { name: '存为常用餐' });
    await save.getByRole('textbox', { name: '餐名' }).fill('早点');
    await save.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '已保存“早点”。' }).waitFor();
    const breakfast = page.getByRole('region', { name: '早餐' });
    await breakfast.getByRole('button', { name: '为早餐添加食物' }).click();
    await screenshot(page, 'kitchen-saved-meals-zh-phone', { fullPage: false });
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await dialog.getByRole('button', { name: /^早点.*添加到早餐$/ }).click();
    await breakfast.getByRole('listitem', { name: '豆浆' }).waitFor();

    // Barcode: unknown → the label → found again.
    await breakfast.getByRole('button', { name: '为早餐添加食物' }).click();
    await dialog.getByRole('button', { name: '条形码' }).click();
    await dialog.getByRole('textbox', { name: '条形码数字' }).fill('96385074');
    await dialog.getByRole('button', { name: '查找商品' }).click();
    const label = dialog.getByRole('form', { name: '营养标签' });
    await expectText(label, '新商品：请输入营养标签');
    await label.getByRole('textbox', { name: '食物', exact: true }).fill('酸奶');
    await label.getByRole('spinbutton', { name: '每份重量（克）' }).fill('100');
    await label.getByRole('spinbutton', { name: '每份热量（千卡）' }).fill('95');
    await label.getByRole('spinbutton', { name: /^蛋白质/ }).fill('3.2');
    await label.getByRole('spinbutton', { name: /^碳水/ }).fill('12');
    await label.getByRole('spinbutton', { name: /^脂肪/ }).fill('3');
    await screenshot(page, 'kitchen-barcode-label-zh-phone', { fullPage: false });
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await label.getByRole('button', { name: '保存并添加到早餐' }).click();
    await breakfast.getByRole('listitem', { name: '酸奶' }).waitFor();
    await breakfast.getByRole('button', { name: '为早餐添加食物' }).click();
    await dialog.getByRole('button', { name: '条形码' }).click();
    await dialog.getByRole('textbox', { name: '条形码数字' }).fill('96385074');
    await dialog.getByRole('button', { name: '查找商品' }).click();
    await expectText(dialog.getByTestId('barcode-product'), '来自你输入的营养标签。');
    await screenshot(page, 'kitchen-barcode-found-zh-phone', { fullPage: false });

    // The unknown code's lookup answers 404 (the contract's "not found"), which the browser logs.
    expectNoConsoleErrors([404]);
    await close();
  });
});
