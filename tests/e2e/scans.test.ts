import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { PHONE, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { becomePaid, expectPath, newAccount, signUp, type Lang } from './support/flows';
import { ROOT } from './support/server';
import { browserSuite, type BrowserSuiteOptions } from './support/suite';

const FIXTURES = path.join(ROOT, 'tests/fixtures/images');

/**
 * A Y4M clip of one still photo: Chromium's fake camera (--use-file-for-fake-video-capture) then films our bananas
 * instead of its test pattern, so the webcam path runs through the real detector.
 */
async function stillClip(image: string, file: string): Promise<void> {
  const width = 640;
  const height = 480;
  const { data } = await sharp(path.join(FIXTURES, image)).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      y[row * width + col] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[c] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

/** The fake camera's clip, written before the browser starts. */
let clipDir: string | undefined;

/** Chromium's fake camera films a still of our bananas, so the webcam path runs through the real detector. */
const withCamera: BrowserSuiteOptions = {
  env: { RATE_LIMIT_API: '10000/1m' },
  browserArgs: async () => {
    clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-camera-'));
    const clip = path.join(clipDir, 'bananas.y4m');
    await stillClip('bananas.jpg', clip);
    return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${clip}`];
  },
};

const totalCalories = (page: Page) => page.locator('[data-total="calories"]').innerText();

browserSuite('photo calorie tracker (browser)', withCamera, (suite) => {
  afterAll(() => {
    if (clipDir) fs.rmSync(clipDir, { recursive: true, force: true });
  });

  it('a pro user uploads a photo, corrects the draft and logs it; the photo shows in the log (phone, light)', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE });
    await signUp(page, suite.server.url, newAccount('Grace Hopper'));
    await becomePaid(page, suite.server.url);

    await page.goto(`${suite.server.url}/en/app/nutrition/scan`);
    await page.getByText('Unlimited scans · photos are kept with your meals').waitFor();
    await screenshot(page, 'scan-choose-pro-phone');
    await page.getByTestId('scan-file').setInputFiles(path.join(FIXTURES, 'fruit-mix.jpg'));
    await page.getByRole('heading', { name: 'Check what we found' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'scan-draft-phone');

    const items = page.getByRole('list', { name: 'Items in this meal' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    const before = Number((await totalCalories(page)).replace(/\D/g, ''));
    // The detector calls the apple a second orange: one orange (131 g), renamed to what it is.
    const orange = items.filter({ has: page.locator('input[value="Orange"]') });
    await orange.getByLabel('Grams').fill('131');
    await orange.getByLabel('Name').fill('Navel orange');
    // The banana goes; rice comes from the food search.
    await page.getByRole('button', { name: 'Remove Banana' }).click();
    await page.getByLabel('Add a food').fill('white rice');
    await page.getByRole('list', { name: 'Foods to add' }).getByRole('button').first().click();
    await expect.poll(() => items.count()).toBe(2);
    const after = Number((await totalCalories(page)).replace(/\D/g, ''));
    expect(after).not.toBe(before);
    await screenshot(page, 'scan-draft-corrected-phone');
    expect((await scrollsHorizontally(page)).overflows).toBe(false);

    await page.getByRole('button', { name: 'Log 2 items' }).click();
    await expectPath(page, '/en/app/nutrition');
    const logged = page.getByRole('listitem', { name: 'Navel orange' });
    await logged.waitFor();
    const thumb = logged.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'scan-logged-phone');
    expectNoConsoleErrors();
    await close();
  });

  it('a pro user scans by webcam, in Chinese and dark mode; the detector sees the bananas', async () => {
    const { page, context, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, locale: 'zh-CN', colorScheme: 'dark' });
    await context.grantPermissions(['camera']);
    await signUp(page, suite.server.url, newAccount('Lin Wei'), 'zh');
    await becomePaid(page, suite.server.url, 'pro', 'zh');
    await page.goto(`${suite.server.url}/zh/app/nutrition/scan`);
    await page.getByRole('button', { name: '使用摄像头' }).click();
    const video = page.getByLabel('摄像头实时预览');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(page, 'scan-webcam-zh-dark-phone');
    await page.getByRole('button', { name: '拍照' }).click();
    await page.getByRole('heading', { name: '核对识别结果' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('input[value="香蕉"]').count()).toBe(1);
    await screenshot(page, 'scan-webcam-draft-zh-dark-phone');
    await page.getByRole('button', { name: /^记录 1 项$/ }).click();
    await expectPath(page, '/zh/app/nutrition');
    await page.getByRole('listitem', { name: '香蕉' }).waitFor();
    expectNoConsoleErrors();
    await close();
  });

  it('says clearly when the camera is denied or absent', async () => {
    for (const [name, title] of [
      ['NotAllowedError', 'Camera access was denied'],
      ['NotFoundError', 'No camera found'],
    ] as const) {
      const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE });
      // The browser's own refusal, as getUserMedia reports it.
      await page.addInitScript((errorName: string) => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('refused', errorName));
      }, name);
      await signUp(page, suite.server.url, newAccount());
      await becomePaid(page, suite.server.url);
      await page.goto(`${suite.server.url}/en/app/nutrition/scan`);
      await page.getByRole('button', { name: 'Use the webcam' }).click();
      await page.getByText(title).waitFor();
      await screenshot(page, `scan-camera-${name}-phone`);
      await page.getByRole('button', { name: 'Upload a photo instead' }).click();
      await page.getByText('Take or upload a photo').waitFor();
      expectNoConsoleErrors();
      await close();
    }
  });

  it('basic sees the webcam locked with an upgrade link; free sees the tracker locked', async () => {
    const basic = await openPage(suite.browser, { viewport: PHONE });
    await signUp(basic.page, suite.server.url, newAccount());
    await becomePaid(basic.page, suite.server.url, 'basic');
    await basic.page.goto(`${suite.server.url}/en/app/nutrition/scan`);
    await basic.page.getByText('5 of 5 scans left this month').waitFor();
    await expect.poll(() => basic.page.getByRole('button', { name: 'Use the webcam' }).count()).toBe(0);
    // A Basic subscriber upgrades in the billing settings, with the proration shown first.
    expect(await basic.page.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/en/app/settings?tab=billing&change=upgrade');
    await screenshot(basic.page, 'scan-choose-basic-phone');

    // A photo with nothing on it: the page says so, offers the food search, and the scan is not used up.
    const wall = path.join(clipDir!, 'wall.jpg');
    await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a9bb0' } })
      .jpeg()
      .toFile(wall);
    await basic.page.getByTestId('scan-file').setInputFiles(wall);
    await basic.page.getByText('Nothing recognised').waitFor({ timeout: 30_000 });
    await basic.page.getByText('This photo did not use up a scan: you still have 5 this month.').waitFor();
    await screenshot(basic.page, 'scan-nothing-basic-phone');
    await basic.page.goto(`${suite.server.url}/zh/app/nutrition/scan`);
    await basic.page.getByTestId('scan-file').setInputFiles(wall);
    await basic.page.getByText('这张照片没有占用扫描次数，本月你还剩 5 次。').waitFor({ timeout: 30_000 });
    basic.expectNoConsoleErrors();
    await basic.close();

    for (const lang of ['en', 'zh'] as Lang[]) {
      const free = await openPage(suite.browser, { viewport: PHONE, locale: lang === 'zh' ? 'zh-CN' : 'en-US', colorScheme: lang === 'zh' ? 'dark' : 'light' });
      await signUp(free.page, suite.server.url, newAccount(), lang);
      await free.page.goto(`${suite.server.url}/${lang}/app/nutrition/scan`);
      await free.page.getByText(lang === 'zh' ? 'AI 卡路里识别属于基础版和专业版' : 'The AI calorie tracker comes with Basic and Pro').waitFor();
      await screenshot(free.page, `scan-locked-free-${lang}-phone`);
      free.expectNoConsoleErrors();
      await free.close();
    }
  });
});
