import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays } from '#core/workouts/dates';
import { EXERCISES } from '#core/plans/exercises';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { becomePaid, earlierToday, eventually, expectPath, expectText, newAccount, signUp } from './support/flows';
import { ROOT } from './support/server';
import { browserSuite } from './support/suite';

const PHOTO = path.join(ROOT, 'tests', 'fixtures', 'images', 'fruit-mix.jpg');

/** Desktop and 390 px phone shots of the page as it is; the phone must not scroll sideways. */
async function shots(page: Page, name: string) {
  const before = page.viewportSize() ?? DESKTOP;
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    const overflow = await scrollsHorizontally(page);
    expect(overflow.overflows, `${name} scrolls sideways at ${viewport.width} px (${overflow.scrollWidth})`).toBe(false);
    await screenshot(page, `body-${name}-${size}`);
  }
  await page.setViewportSize(before);
}

/** Calls the API from the signed-in page, as the app itself does (anti-forgery header included). */
async function api(page: Page, method: string, url: string, body: unknown) {
  await page.evaluate(
    async ({ method, url, body }) => {
      const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
      const res = await fetch(url, { method, credentials: 'include', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    },
    { method, url, body },
  );
}

const today = (page: Page) => page.evaluate(() => new Date().toISOString().slice(0, 10));

browserSuite('body tracking (browser)', (suite) => {
  it('logs weight and measurements in English, shows the trend, refuses a typo, and deletes a day', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
    await signUp(page, suite.server.url, newAccount('Ada Lovelace'));
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Body' }).click();
    await expectPath(page, '/en/app/body');
    await page.getByRole('heading', { level: 1, name: 'Body' }).waitFor();
    await expectText(page.getByText('Log your weight to see your trend.'), 'Log your weight');
    await shots(page, 'empty-en');

    // ── A typo first: the form says what is wrong, and nothing is saved.
    const weight = page.getByRole('textbox', { name: 'Weight' });
    await weight.fill('824');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page.getByRole('alert').first(), 'Weight must be between 30 and 300 kg');
    await weight.fill('82.4');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expectText(page.getByTestId('trend-weight'), '82.4 kg');

    // ── Three weeks of weigh-ins behind it: the trend line, the weekly rate, a measurement.
    const end = await today(page);
    for (let i = 21; i >= 1; i--) await api(page, 'PUT', `/api/body/entries/${addDays(end, -i)}`, { weightKg: Math.round((84.5 - 0.1 * (21 - i) + (i % 3) * 0.3) * 10) / 10 });
    await page.reload();
    await page.getByTestId('weight-chart').waitFor();
    await expectText(page.getByTestId('weekly-rate'), /^−0\.\d kg$/);
    await page.getByText('Measurements and note').click();
    await page.getByRole('textbox', { name: /^Waist/ }).fill('91.5');
    await page.getByRole('textbox', { name: /^Note/ }).fill('New scale');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expectText(page.getByTestId('measure-change'), 'Waist: 91.5 cm');
    // Progress photos are pro's: a free account is shown the way to them.
    await page.getByText('Progress photos with your body log').waitFor();
    // The profile's weight follows the latest weigh-in.
    await eventually(async () => expect((await (await page.request.get(`${suite.server.url}/api/me`)).json()).preferences.weightKg).toBeCloseTo(82.4, 3));
    await shots(page, 'logged-en');

    // ── A past day from the history, deleted after confirming.
    const day = addDays(end, -3);
    const label = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
    const row = page.getByRole('button', { name: new RegExp(`^Edit ${label} `) });
    await row.click();
    await eventually(async () => expect(await page.getByRole('textbox', { name: 'Weight' }).inputValue()).not.toBe('82.4'));
    await page.getByRole('button', { name: 'Delete day' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Day deleted.' }).waitFor();
    await expect(row.count()).resolves.toBe(0);
    expectNoConsoleErrors([400]);
    await close();
  });

  it('works in Chinese on a phone in pounds, with progress photos, the energy estimate and the weekly check-in (Pro)', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { locale: 'zh-CN', viewport: PHONE, colorScheme: 'dark' });
    await signUp(page, suite.server.url, newAccount('Bo Zhang'), 'zh');
    await becomePaid(page, suite.server.url, 'pro', 'zh');
    await api(page, 'PUT', '/api/me/preferences', { units: 'imperial', sex: 'male', birthYear: 1990, heightCm: 178, activityLevel: 'moderate' });
    await page.goto(`${suite.server.url}/zh/app`);
    // On a phone, Body is behind "More" in the tab bar.
    await page.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '身体' }).click();
    await expectPath(page, '/zh/app/body');
    await page.getByRole('heading', { level: 1, name: '身体' }).waitFor();

    await page.getByRole('textbox', { name: '体重' }).fill('180');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('status').filter({ hasText: '已保存。' }).waitFor();
    await expectText(page.getByTestId('trend-weight'), '180 磅');
    await eventually(async () => {
      const me = await (await page.request.get(`${suite.server.url}/api/me`)).json();
      expect(me.preferences.weightKg).toBeCloseTo(81.65, 2);
    });

    // ── A progress photo, kept with today and shown to its owner.
    await page.getByTestId('body-photo-file').setInputFiles(PHOTO);
    await page.getByRole('status').filter({ hasText: '照片已添加。' }).waitFor();
    const photo = page.getByRole('img', { name: /第 1 张进度照片/ });
    await photo.waitFor();
    await eventually(async () => expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0));
    await shots(page, 'pro-zh');

    // ── A workout today shows beside the day's intake.
    const strength = EXERCISES.find((e) => e.kind === 'strength' && e.requires.length === 0)!;
    await api(page, 'POST', '/api/workouts', {
      performedAt: earlierToday(3_600_000),
      durationMinutes: 40,
      exercises: [{ exerciseId: strength.id, sets: [{ reps: 10 }, { reps: 8 }] }],
    });
    await page.goto(`${suite.server.url}/zh/app/nutrition`);
    await expectText(page.getByTestId('exercise-energy'), /训练：1 次，40 分钟，约消耗 [\d,]+ 千卡。/);

    // ── The estimate starts from the profile, says so, and the check-in offers targets to lose.
    await page.goto(`${suite.server.url}/zh/app/nutrition/goals`);
    await expectText(page.getByTestId('energy-basis'), '暂时根据你的资料估算');
    await page.getByText('可信度低').waitFor();
    const checkIn = page.getByRole('region', { name: '每周检查' });
    await checkIn.getByText('减重', { exact: true }).click();
    await expectText(checkIn.getByTestId('check-in-why'), '要每周减');
    const suggested = Number((await checkIn.getByTestId('suggested-calories').innerText()).replace(/[^\d]/g, ''));
    expect(suggested).toBeGreaterThanOrEqual(1500);
    await shots(page, 'check-in-zh');
    await checkIn.getByRole('button', { name: '采用这些目标' }).click();
    await page.getByRole('status').filter({ hasText: '目标已更新。' }).waitFor();
    await eventually(async () => {
      const goals = await (await page.request.get(`${suite.server.url}/api/nutrition/goals`)).json();
      expect(goals).toMatchObject({ source: 'custom', calories: suggested });
    });
    expectNoConsoleErrors();
    await close();
  });
});
