import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { expectPath, expectText, newAccount, openNav, signUp } from './support/flows';
import { ROOT } from './support/server';
import { browserSuite } from './support/suite';

/** Any photo does: the fake model answers what the test tells it to. */
const PHOTO = path.join(ROOT, 'tests', 'fixtures', 'images', 'fruit-mix.jpg');
const col = (kcal: number | null, protein: number, carbs: number, fat: number) => ({ kcal, kj: null, protein, carbs, fat });
const label = (a: Record<string, unknown>) => ({ content: JSON.stringify({ readable: true, name: null, servingGrams: null, perServing: null, per100g: null, ...a }) });

let model: OpenAiCompatibleServer | undefined;
afterAll(async () => {
  await model?.close();
});

/** Taps "Read the label from a photo" and picks the photo, as from the camera or the file picker. */
async function readPhoto(page: Page, button: Locator) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  expect(chooser.isMultiple()).toBe(false);
  await chooser.setFiles(PHOTO);
}

browserSuite(
  'a nutrition label read from a photo (browser)',
  {
    env: async () => {
      model = await startOpenAiCompatibleServer();
      return { OPENAI_BASE_URL: model.baseURL, OPENAI_API_KEY: 'sk-test', AI_VISION_MODEL: 'test-vision', AI_VISION_TIMEOUT_MS: '5000' };
    },
  },
  (suite) => {
    it('in English on a 390 px phone: a failed reading leaves the form as typed; a per-100 g label fills it for the serving; saved, then found by its code', async () => {
      const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE });
      await signUp(page, suite.server.url, newAccount('Ada Label'));
      await openNav(page, 'Nutrition');
      await expectPath(page, '/en/app/nutrition');
      const breakfast = page.getByRole('region', { name: 'Breakfast' });
      const dialog = page.getByRole('dialog', { name: 'Add food' });
      await breakfast.getByRole('button', { name: 'Add food to Breakfast' }).click();
      await dialog.getByRole('button', { name: 'Barcode' }).click();
      await dialog.getByRole('textbox', { name: 'Barcode number' }).fill('4006381333931');
      await dialog.getByRole('button', { name: 'Find product' }).click();
      const form = dialog.getByRole('form', { name: 'Nutrition label' });
      const button = form.getByRole('button', { name: 'Read the label from a photo' });
      await form.getByRole('textbox', { name: 'Food' }).fill('Oat bar');

      // The model fails: said in place, the typed name kept, the form still there.
      model!.reply({ status: 500, error: 'overloaded' });
      await readPhoto(page, button);
      await expectText(form.getByRole('alert'), 'The label reader is not answering right now: type the values, or try again later');
      expect(await form.getByRole('textbox', { name: 'Food' }).inputValue()).toBe('Oat bar');
      await screenshot(page, 'label-photo-failed-phone', { fullPage: false });

      // A label per 100 g with its serving size: the form gets the serving's values; the name shown on the box too.
      model!.reply({ ...label({ name: 'Crunchy Oat Granola', servingGrams: 30, per100g: col(389, 13.5, 58.7, 7) }), delayMs: 600 });
      await readPhoto(page, button);
      await expectText(form.getByRole('button', { name: 'Reading the label…' }), 'Reading the label…');
      await screenshot(page, 'label-photo-reading-phone', { fullPage: false });
      await expectText(form.getByTestId('label-photo-status'), 'Worked out from the per 100 g column for this serving: check the serving size, then save.');
      expect(await form.getByRole('alert').count()).toBe(0);
      expect(await form.getByRole('textbox', { name: 'Food' }).inputValue()).toBe('Crunchy Oat Granola');
      expect(await form.getByRole('spinbutton', { name: 'Serving size (g)' }).inputValue()).toBe('30');
      expect(await form.getByRole('spinbutton', { name: 'Calories per serving' }).inputValue()).toBe('117');
      expect(await form.getByRole('spinbutton', { name: /^Protein/ }).inputValue()).toBe('4.1');
      expect(await form.getByRole('spinbutton', { name: /^Carbs/ }).inputValue()).toBe('17.6');
      expect(await form.getByRole('spinbutton', { name: /^Fat/ }).inputValue()).toBe('2.1');
      expect((await scrollsHorizontally(page)).overflows).toBe(false);
      await screenshot(page, 'label-photo-filled-phone', { fullPage: false });

      await form.getByRole('button', { name: 'Save and add to Breakfast' }).click();
      await expectText(breakfast.getByRole('listitem', { name: 'Crunchy Oat Granola' }), '30 g');
      await dialog.waitFor({ state: 'hidden' });
      await breakfast.getByRole('button', { name: 'Add food to Breakfast' }).click();
      await dialog.getByRole('button', { name: 'Barcode' }).click();
      await dialog.getByRole('textbox', { name: 'Barcode number' }).fill('4006381333931');
      await dialog.getByRole('button', { name: 'Find product' }).click();
      const product = dialog.getByTestId('barcode-product');
      await expectText(product, 'Crunchy Oat Granola');
      await expectText(product, 'From the label you entered.');
      await expectText(product, '30 g serving · 117 kcal');

      // The unknown code's lookup answers 404 and the failed reading 502: the browser logs both.
      expectNoConsoleErrors([404, 502]);
      await close();
    });

    it('in Chinese on a desktop: a per-serving label fills the form, the typed name kept; saved, then found by its code', async () => {
      const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { locale: 'zh-CN', viewport: DESKTOP });
      await signUp(page, suite.server.url, newAccount('Label Li'), 'zh');
      await openNav(page, '营养');
      await expectPath(page, '/zh/app/nutrition');
      const lunch = page.getByRole('region', { name: '午餐' });
      const dialog = page.getByRole('dialog', { name: '添加食物' });
      await lunch.getByRole('button', { name: '为午餐添加食物' }).click();
      await dialog.getByRole('button', { name: '条形码' }).click();
      await dialog.getByRole('textbox', { name: '条形码数字' }).fill('96385074');
      await dialog.getByRole('button', { name: '查找商品' }).click();
      const form = dialog.getByRole('form', { name: '营养标签' });
      await form.getByRole('textbox', { name: '食物', exact: true }).fill('燕麦棒');

      model!.reply(label({ servingGrams: 40, perServing: col(172, 4.2, 25.6, 5.8), per100g: col(430, 10.5, 64, 14.5) }));
      await readPhoto(page, form.getByRole('button', { name: '拍照读取营养标签' }));
      await expectText(form.getByTestId('label-photo-status'), '已根据照片填写：请核对数值后保存。');
      expect(await form.getByRole('textbox', { name: '食物', exact: true }).inputValue()).toBe('燕麦棒');
      expect(await form.getByRole('spinbutton', { name: '每份重量（克）' }).inputValue()).toBe('40');
      expect(await form.getByRole('spinbutton', { name: '每份热量（千卡）' }).inputValue()).toBe('172');
      expect(await form.getByRole('spinbutton', { name: /^脂肪/ }).inputValue()).toBe('5.8');
      await screenshot(page, 'label-photo-filled-zh-desktop', { fullPage: false });

      // A photo with no label on it: said in place, in Chinese; the values read before stay.
      model!.reply(label({ readable: false }));
      await readPhoto(page, form.getByRole('button', { name: '拍照读取营养标签' }));
      await expectText(form.getByRole('alert'), '我们没能读出这张标签：请手动输入数值');
      expect(await form.getByRole('spinbutton', { name: '每份热量（千卡）' }).inputValue()).toBe('172');
      await screenshot(page, 'label-photo-unreadable-zh-desktop', { fullPage: false });

      await form.getByRole('button', { name: '保存并添加到午餐' }).click();
      await expectText(lunch.getByRole('listitem', { name: '燕麦棒' }), '40');
      // Opened again only once the dialog has gone: a tap while it is closing reaches its overlay, not the button.
      await dialog.waitFor({ state: 'hidden' });
      await lunch.getByRole('button', { name: '为午餐添加食物' }).click();
      await dialog.getByRole('button', { name: '条形码' }).click();
      await dialog.getByRole('textbox', { name: '条形码数字' }).fill('96385074');
      await dialog.getByRole('button', { name: '查找商品' }).click();
      await expectText(dialog.getByTestId('barcode-product'), '燕麦棒');
      await expectText(dialog.getByTestId('barcode-product'), '来自你输入的营养标签。');

      expectNoConsoleErrors([404, 422]);
      await close();
    });
  },
);
