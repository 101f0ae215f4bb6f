import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { expectText, newAccount, signUp, type Lang } from './support/flows';
import { ROOT } from './support/server';
import { browserSuite } from './support/suite';

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'import');

/** Desktop and 390 px phone shots of the page as it is; the phone must not scroll sideways. */
async function shots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    const overflow = await scrollsHorizontally(page);
    expect(overflow.overflows, `${name} scrolls sideways at ${viewport.width} px (${overflow.scrollWidth})`).toBe(false);
    await screenshot(page, `data-${name}-${size}`);
  }
}

const T = {
  en: {
    tab: 'Your data',
    everything: 'Everything (JSON)',
    workoutsCsv: 'Workouts (CSV)',
    file: 'File',
    check: 'Check file',
    import: 'Import',
    wouldAdd: 'Would add — workouts: 3, sets: 8, meals: 0, body entries: 0.',
    own: 'Cable Fly Crossover Thing',
    problems: '4 problems: nothing can be imported until they are fixed.',
    badDate: 'Unreadable date and time: "yesterday"',
    added: 'Added — workouts: 3, sets: 8,',
    history: 'See your workouts',
    again: '3 items are already in your account and are left out.',
  },
  zh: {
    tab: '我的数据',
    everything: '全部数据（JSON）',
    workoutsCsv: '训练（CSV）',
    file: '文件',
    check: '检查文件',
    import: '导入',
    wouldAdd: '将添加 3 次训练（8 组）、0 条饮食记录和 0 条身体数据。',
    own: 'Cable Fly Crossover Thing',
    problems: '发现 4 个问题：修正之前无法导入。',
    badDate: '无法识别的日期时间："yesterday"',
    added: '已添加 3 次训练（8 组）',
    history: '查看训练记录',
    again: '有 3 项已在你的账户中，不再重复导入。',
  },
} as const;

async function importFlow(page: Page, base: string, lang: Lang) {
  const t = T[lang];
  await page.goto(`${base}/${lang}/app/settings?tab=data`);
  await page.getByRole('tab', { name: t.tab }).waitFor();
  await page.getByRole('link', { name: t.everything }).waitFor();
  await shots(page, `empty-${lang}`);

  // ── Export: the whole account as JSON, and a spreadsheet.
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.everything }).click()]);
  expect(json.suggestedFilename()).toMatch(/^fitforge-export-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'));
  expect(doc).toMatchObject({ format: 'fitforge-export', version: 1, workouts: [] });
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t.workoutsCsv }).click()]);
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toMatch(/^\ufeffdate,started_at_utc,workout_name/);

  // ── A broken file first: the dry run lists each problem by its line, and offers no import.
  await page.getByLabel(t.file, { exact: true }).setInputFiles(path.join(FIXTURES, 'strong-broken.csv'));
  await page.getByRole('button', { name: t.check }).click();
  await expectText(page.getByTestId('import-preview'), t.problems);
  await expectText(page.getByTestId('import-errors'), t.badDate);
  expect(await page.getByRole('button', { name: t.import, exact: true }).count()).toBe(0);
  await shots(page, `problems-${lang}`);

  // ── The real export: checked, then imported with its progress.
  await page.getByLabel(t.file, { exact: true }).setInputFiles(path.join(FIXTURES, 'strong.csv'));
  await page.getByRole('button', { name: t.check }).click();
  await expectText(page.getByTestId('import-preview'), t.wouldAdd);
  await expectText(page.getByTestId('import-preview'), t.own);
  await shots(page, `preview-${lang}`);
  await page.getByRole('button', { name: t.import, exact: true }).click();
  await expectText(page.getByTestId('import-done'), t.added);
  await shots(page, `done-${lang}`);

  // ── A second check of the same file: everything is already there.
  await page.getByRole('button', { name: t.check }).click();
  await expectText(page.getByTestId('import-preview'), t.again);

  // ── The workouts are in the history.
  await page.goto(`${base}/${lang}/app/workouts`);
  await page.getByText('Push Day').first().waitFor();
  await page.getByText('Legs').first().waitFor();
  await screenshot(page, `data-history-${lang}`);
}

browserSuite('import and export (browser)', (suite) => {
  for (const lang of ['en', 'zh'] as const) {
    it(`exports, then imports a Strong file with a dry run first, in ${lang === 'en' ? 'English' : 'Chinese'}`, async () => {
      const { page, expectNoConsoleErrors, close } = await openPage(suite.browser);
      await signUp(page, suite.server.url, newAccount(lang === 'en' ? 'Ada Lovelace' : '李华'), lang);
      await importFlow(page, suite.server.url, lang);
      expectNoConsoleErrors();
      await close();
    });
  }
});
