import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeViolations, isSevere, runAxe } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { expectText, newAccount, signUp, type Lang } from './support/flows';
import { ROOT } from './support/server';
import { browserSuite } from './support/suite';

const T = {
  en: {
    history: 'History',
    section: 'Your exercises',
    emptyTitle: 'No exercises of your own yet',
    addExercise: 'Add exercise',
    search: 'Search exercises',
    addOwn: (name: string) => `Add “${name}” as your own exercise`,
    used: (n: number) => `${n} of 100 used`,
    rename: (name: string) => `Rename ${name}`,
    renameTitle: 'Rename exercise',
    name: 'Name',
    save: 'Save',
    taken: (name: string) => `You already have an exercise named "${name}"`,
    renamed: 'Exercise renamed',
    delete: (name: string) => `Delete ${name}`,
    deleteTitle: (name: string) => `Delete “${name}”?`,
    deleteBody: 'Workouts you logged with it keep their sets under this name',
    deleteConfirm: 'Delete exercise',
    deleted: 'Exercise deleted',
    full: 'You have 100, the most you can keep.',
    dataTab: 'Your data',
    file: 'File',
    check: 'Check file',
    importMax: 'Too many exercises of your own: the file would add 1 new to the 100 you have, and at most 100 are kept.',
    manage: 'Manage your exercises',
    first: 'Sled push',
    second: 'Prowler sprint',
    newName: 'Heavy sled push',
  },
  zh: {
    history: '历史',
    section: '你的动作',
    emptyTitle: '还没有你自己的动作',
    addExercise: '添加动作',
    search: '搜索动作',
    addOwn: (name: string) => `把“${name}”添加为你自己的动作`,
    used: (n: number) => `已用 ${n} / 100 个`,
    rename: (name: string) => `重命名${name}`,
    renameTitle: '重命名动作',
    name: '名称',
    save: '保存',
    taken: (name: string) => `你已经有名为 "${name}" 的动作`,
    renamed: '动作已重命名',
    delete: (name: string) => `删除${name}`,
    deleteTitle: (name: string) => `删除“${name}”？`,
    deleteBody: '用它记录过的训练仍以这个名称保留各组',
    deleteConfirm: '删除动作',
    deleted: '动作已删除',
    full: '你已有 100 个，达到上限。',
    dataTab: '我的数据',
    file: '文件',
    check: '检查文件',
    importMax: '你自己的动作太多了：文件会在你已有的 100 个之外再添加 1 个新动作，而最多只能保存 100 个。',
    manage: '管理你的动作',
    first: '推雪橇',
    second: '拖轮胎冲刺',
    newName: '重型推雪橇',
  },
} as const;

async function post(page: Page, base: string, url: string, data: unknown) {
  const token = (await (await page.request.get(`${base}/api/csrf-token`)).json()).token as string;
  const res = await page.request.post(`${base}${url}`, { data, headers: { 'x-csrf-token': token } });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
}

/** No serious or critical axe finding on the page as it is now, and no sideways scrolling. */
async function check(page: Page, where: string) {
  await page.waitForTimeout(400); // a dialog's entrance animation: colours are read once it has settled
  const severe = (await runAxe(page)).filter(isSevere);
  expect(describeViolations(where, severe)).toEqual([]);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${where} scrolls sideways (${overflow.scrollWidth})`).toBe(false);
}

async function flow(page: Page, base: string, lang: Lang, size: 'phone' | 'desktop') {
  const t = T[lang];
  const shot = (name: string, fullPage = true) => screenshot(page, `own-exercises-${name}-${lang}-${size}`, { fullPage });

  // ── Reached from the workouts' sections, empty at first.
  await page.goto(`${base}/${lang}/app/workouts`);
  await page.getByRole('navigation').getByRole('link', { name: t.section, exact: true }).click();
  await page.getByText(t.emptyTitle).waitFor();
  await check(page, `empty ${lang} ${size}`);
  await shot('empty');

  // ── Two of them added from the logger's exercise picker, and a workout that logged the first.
  await page.goto(`${base}/${lang}/app/workouts/new`);
  for (const name of [t.first, t.second]) {
    await page.getByRole('button', { name: t.addExercise }).click();
    const picker = page.getByRole('dialog', { name: t.addExercise });
    await picker.getByRole('searchbox', { name: t.search }).fill(name);
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/custom-exercises');
    await picker.getByRole('button', { name: t.addOwn(name) }).click();
    expect((await created).status()).toBe(201);
    await picker.waitFor({ state: 'hidden' });
  }
  await post(page, base, '/api/workouts', {
    performedAt: new Date(Date.now() - 3_600_000).toISOString(),
    durationMinutes: 30,
    name: 'Conditioning',
    exercises: [{ customName: t.first, sets: [{ reps: 8, weightKg: 60 }] }],
  });

  await page.goto(`${base}/${lang}/app/workouts/exercises`);
  const list = page.getByTestId('own-exercises');
  await expectText(list, t.second);
  await expectText(page.getByTestId('own-usage'), t.used(2));
  await check(page, `list ${lang} ${size}`);
  await shot('list');

  // ── Rename: a name already taken is refused on the field, then the new name is saved.
  await page.getByRole('button', { name: t.rename(t.first) }).click();
  const renameDialog = page.getByRole('dialog', { name: t.renameTitle });
  const field = renameDialog.getByRole('textbox', { name: t.name });
  await field.fill(t.second.toUpperCase());
  await renameDialog.getByRole('button', { name: t.save }).click();
  await expectText(renameDialog, t.taken(t.second.toUpperCase()));
  await check(page, `rename clash ${lang} ${size}`);
  await shot('rename-clash', false);
  await field.fill(`  ${t.newName} `);
  await renameDialog.getByRole('button', { name: t.save }).click();
  await renameDialog.waitFor({ state: 'hidden' });
  await page.getByText(t.renamed).waitFor();
  await expectText(list, t.newName);
  expect(await list.getByText(t.first, { exact: true }).count()).toBe(0);

  // The workout that logged it shows the new name.
  await page.getByRole('navigation').getByRole('link', { name: t.history, exact: true }).click();
  await expectText(page.getByRole('main'), t.newName);

  // ── Delete: the confirmation says what happens to that workout; it keeps the name.
  await page.getByRole('navigation').getByRole('link', { name: t.section, exact: true }).click();
  await page.getByRole('button', { name: t.delete(t.newName) }).click();
  const deleteDialog = page.getByRole('dialog', { name: t.deleteTitle(t.newName) });
  await expectText(deleteDialog, t.deleteBody);
  await check(page, `delete ${lang} ${size}`);
  await shot('delete', false);
  await deleteDialog.getByRole('button', { name: t.deleteConfirm }).click();
  await deleteDialog.waitFor({ state: 'hidden' });
  await page.getByText(t.deleted).waitFor();
  await expectText(page.getByTestId('own-usage'), t.used(1));
  expect(await list.getByText(t.newName, { exact: true }).count()).toBe(0);
  await expectText(list, t.second);
  await page.getByRole('navigation').getByRole('link', { name: t.history, exact: true }).click();
  await expectText(page.getByRole('main'), t.newName);

  // ── At the limit: the page says so, and an import that brings a new name is refused by its dry run.
  const token = (await (await page.request.get(`${base}/api/csrf-token`)).json()).token as string;
  const doc = { format: 'fitforge-export', version: 1, customExercises: Array.from({ length: 99 }, (_, i) => ({ name: `Drill ${i + 1}` })) };
  const imported = await page.request.post(`${base}/api/import`, {
    multipart: { source: 'fitforge', dryRun: 'false', file: { name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) } },
    headers: { 'x-csrf-token': token },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await page.goto(`${base}/${lang}/app/workouts/exercises`);
  await expectText(page.getByTestId('own-usage'), t.used(100));
  await page.getByText(t.full).waitFor();
  await check(page, `full ${lang} ${size}`);
  await shot('full', false);
  await page.goto(`${base}/${lang}/app/settings?tab=data`);
  await page.getByRole('tab', { name: t.dataTab }).waitFor();
  await page.getByLabel(t.file, { exact: true }).setInputFiles(path.join(ROOT, 'tests', 'fixtures', 'import', 'strong.csv'));
  await page.getByRole('button', { name: t.check }).click();
  await expectText(page.getByTestId('import-errors'), t.importMax);
  await page.getByTestId('import-errors').scrollIntoViewIfNeeded();
  await shot('import-limit');
  await page.getByRole('link', { name: t.manage }).click();
  await expectText(page.getByTestId('own-usage'), t.used(100));
}

browserSuite('your own exercises: list, rename, delete (browser)', (suite) => {
  for (const [lang, size, colorScheme] of [
    ['zh', 'phone', 'dark'],
    ['en', 'desktop', 'light'],
  ] as const) {
    it(`lists, renames and deletes them, in ${lang === 'en' ? 'English on a desktop' : 'Chinese on a 390 px phone'} (${colorScheme} theme)`, async () => {
      const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { bypassCSP: true, colorScheme, viewport: size === 'phone' ? PHONE : DESKTOP });
      await signUp(page, suite.server.url, newAccount(lang === 'en' ? 'Ada Lovelace' : '李华'), lang);
      await flow(page, suite.server.url, lang, size);
      // The clash answers 409, which the browser logs as a failed resource.
      expectNoConsoleErrors([409]);
      await close();
    });
  }
});
