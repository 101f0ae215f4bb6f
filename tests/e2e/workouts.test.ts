import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { eventually, expectPath, expectText, newAccount, signUp } from './support/flows';
import { browserSuite } from './support/suite';

/** Picks an exercise from the library by searching for it in the picker. */
async function addExercise(page: Page, search: string, name: string) {
  await page.getByRole('button', { name: 'Add exercise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add exercise' });
  await dialog.getByRole('searchbox', { name: 'Search exercises' }).fill(search);
  await dialog
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

function exerciseCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

browserSuite('workouts (browser)', (suite) => {
  it('logs a free-form workout on a phone, edits it, and the streak and stats follow', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    await signUp(page, suite.server.url, newAccount('Grace Hopper'));

    // The dashboard leads with the streak, at zero for a new account.
    await expectText(page.getByTestId('current-streak'), '0 days');
    await screenshot(page, 'workouts-dashboard-empty-phone');

    // From the phone's tab bar to the history, empty so far.
    await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Workouts' }).click();
    await expectPath(page, '/en/app/workouts');
    await page.getByText('No workouts yet').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log workout' }).first().click();
    await expectPath(page, '/en/app/workouts/new');
    await page.getByRole('timer', { name: 'Session' }).waitFor();

    // Two exercises: squats with reps and weight, and a plank held for a time.
    await addExercise(page, 'goblet squat', 'Goblet Squat');
    const squat = exerciseCard(page, 'Goblet Squat');
    await squat.getByRole('button', { name: 'More Set 1 Reps' }).click();
    await squat.getByRole('textbox', { name: 'Set 1 Reps' }).fill('10');
    await squat.getByRole('textbox', { name: 'Set 1 kg' }).fill('20');
    await squat.getByRole('button', { name: 'More Set 1 kg' }).click();
    expect(await squat.getByRole('textbox', { name: 'Set 1 kg' }).inputValue()).toBe('22.5');
    await squat.getByRole('button', { name: 'Set 1 of Goblet Squat done' }).click();
    expect(await squat.getByRole('button', { name: 'Set 1 of Goblet Squat done' }).getAttribute('aria-pressed')).toBe('true');
    // Marking a set done starts the rest timer at the default 1:30.
    const rest = page.getByRole('group', { name: 'Rest' });
    await rest.waitFor();
    await expectText(rest.getByRole('timer'), /1:(2\d|30)/);
    await squat.getByRole('button', { name: 'Add set' }).click();
    // A new set repeats the last one.
    expect(await squat.getByRole('textbox', { name: 'Set 2 Reps' }).inputValue()).toBe('10');
    expect(await squat.getByRole('textbox', { name: 'Set 2 kg' }).inputValue()).toBe('22.5');
    await squat.getByRole('button', { name: 'Set 2 of Goblet Squat done' }).click();

    await addExercise(page, 'plank', 'Plank');
    const plank = exerciseCard(page, 'Plank');
    await plank.getByRole('textbox', { name: 'Set 1 Seconds' }).fill('45');
    await plank.getByRole('button', { name: 'Set 1 of Plank done' }).click();
    await rest.getByRole('button', { name: 'Skip' }).click();
    await rest.waitFor({ state: 'hidden' });

    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'workouts-logger-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'workouts-logger-desktop');
    await page.setViewportSize(PHONE);

    await page.getByRole('textbox', { name: /^Name/ }).fill('Leg day');
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/workouts');
    await page.getByRole('button', { name: 'Finish and save' }).click();
    const created = await saved;
    expect(created.status()).toBe(201);
    const body = (await created.json()) as { id: string; exercises: { exerciseId: string; sets: { reps: number | null; weightKg: number | null; durationSeconds: number | null }[] }[] };
    expect(body.exercises).toMatchObject([
      {
        exerciseId: 'goblet-squat',
        sets: [
          { reps: 10, weightKg: 22.5 },
          { reps: 10, weightKg: 22.5 },
        ],
      },
      { exerciseId: 'plank', sets: [{ durationSeconds: 45 }] },
    ]);

    // Back on the history, with a toast.
    await expectPath(page, '/en/app/workouts');
    await page.getByRole('status').filter({ hasText: 'Workout saved' }).waitFor();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Leg day' }) });
    await expectText(row, '3 sets');
    await expectText(row, 'Goblet Squat');
    await screenshot(page, 'workouts-history-phone');

    // Edit: a third squat set, and the new name shows in the history.
    await row.getByRole('link', { name: 'Edit Leg day' }).click();
    await expectPath(page, `/en/app/workouts/${body.id}/edit`);
    const squatAgain = exerciseCard(page, 'Goblet Squat');
    expect(await squatAgain.getByRole('textbox', { name: 'Set 2 kg' }).inputValue()).toBe('22.5');
    await squatAgain.getByRole('button', { name: 'Add set' }).click();
    await squatAgain.getByRole('textbox', { name: 'Set 3 Reps' }).fill('8');
    await squatAgain.getByRole('button', { name: 'Set 3 of Goblet Squat done' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Leg day, heavier');
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/api/workouts/${body.id}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patched).status()).toBe(200);
    await expectPath(page, '/en/app/workouts');
    await page.getByRole('status').filter({ hasText: 'Workout updated' }).waitFor();
    await expectText(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Leg day, heavier' }) }), '4 sets');

    // The streak on the dashboard.
    await page.getByRole('navigation', { name: 'Main' }).last().getByRole('link', { name: 'Dashboard' }).click();
    await expectText(page.getByTestId('current-streak'), '1 day');
    await expectText(page.getByRole('region', { name: 'Current streak' }), 'You trained today');
    await screenshot(page, 'workouts-dashboard-phone');

    // The stats page: streak, totals, charts, records; advanced stats locked for a free account.
    await page.goto(`${suite.server.url}/en/app/workouts/stats`);
    await expectText(page.getByTestId('current-streak'), '1 day');
    await expectText(page.getByRole('main'), 'Personal records');
    await expectText(page.getByRole('main'), 'Goblet Squat');
    await page.getByRole('complementary', { name: 'Upgrade' }).getByRole('link', { name: 'Get Pro' }).waitFor();
    await eventually(async () => expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0));
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'workouts-stats-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'workouts-stats-desktop');
    await page.goto(`${suite.server.url}/en/app/workouts`);
    await page.getByRole('heading', { name: 'Leg day, heavier' }).waitFor();
    await screenshot(page, 'workouts-history-desktop');

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete Leg day, heavier' }).click();
    await page.getByRole('dialog', { name: 'Delete this workout?' }).getByRole('button', { name: 'Delete workout' }).click();
    await page.getByText('No workouts yet').waitFor();

    expectNoConsoleErrors();
    await close();
  });

  it('shows the logger and stats in Chinese, dark', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
    await signUp(page, suite.server.url, newAccount('Lin Hui'), 'zh');
    await page.goto(`${suite.server.url}/zh/app/workouts/new`);
    await page.getByRole('heading', { level: 1, name: '记录训练' }).waitFor();
    await page.getByRole('button', { name: '添加动作' }).click();
    const dialog = page.getByRole('dialog', { name: '添加动作' });
    await dialog.getByRole('searchbox').fill('深蹲');
    await screenshot(page, 'workouts-picker-zh-dark-phone', { fullPage: false });
    await dialog.getByRole('button').filter({ hasText: '徒手深蹲' }).first().click();
    await page.getByRole('textbox', { name: '第 1 组次数' }).fill('12');
    await page.getByRole('button', { name: /第 1 组完成$/ }).click();
    await page.getByRole('group', { name: '休息' }).waitFor();
    await screenshot(page, 'workouts-logger-zh-dark-phone');
    await page.getByRole('button', { name: '完成并保存' }).click();
    await expectPath(page, '/zh/app/workouts');
    await page.getByRole('status').filter({ hasText: '训练已保存' }).waitFor();
    await page.goto(`${suite.server.url}/zh/app/workouts/stats`);
    await expectText(page.getByTestId('current-streak'), '1 天');
    await eventually(async () => expect(await page.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0));
    await screenshot(page, 'workouts-stats-zh-dark-phone');
    expectNoConsoleErrors();
    await close();
  });
});
