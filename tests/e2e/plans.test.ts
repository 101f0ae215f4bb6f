import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { planTitle } from '#core/plans/text';
import { DESKTOP, PHONE, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { becomePaid, eventually, expectPath, expectText, newAccount, signUp } from './support/flows';
import { browserSuite } from './support/suite';

/** The narrowest phone the plan pages are built for. */
const PHONE_360 = { width: 360, height: 760 };

/** Desktop and phone shots of what the page shows now; the phone must not scroll sideways. */
async function shots(page: Page, name: string, options?: { fullPage?: boolean }) {
  await screenshot(page, `plans-${name}-desktop`, options);
  await page.setViewportSize(PHONE_360);
  await page.waitForTimeout(150);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${name} scrolls sideways at 360 px (${overflow.scrollWidth})`).toBe(false);
  await screenshot(page, `plans-${name}-phone`, options);
  await page.setViewportSize(DESKTOP);
}

/** Generates a plan from the signed-in page through the API, as the generator's form sends it. */
const generate = (page: Page, input: Record<string, unknown>) =>
  page.evaluate(async (body) => {
    const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
    const res = await fetch('/api/fitness-plans', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { id: string };
  }, input);

const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main|主导航)$/ }).first();

browserSuite('plans (browser)', (suite) => {
  it('a free user generates a plan, reads week 1, meets the locks, saves a library plan and deletes a plan', async () => {
    const ada = await openPage(suite.browser);
    const { page } = ada;
    await signUp(page, suite.server.url, newAccount('Ada Lovelace'));

    // ── No plans yet.
    await mainNav(page).getByRole('link', { name: 'Plans' }).click();
    await expectPath(page, '/en/app/plans');
    await page.getByRole('heading', { level: 1, name: 'My plans' }).waitFor();
    await page.getByText('No plans yet').waitFor();
    await expectText(page.getByText(/free AI plans left this month/), '3 of 3 free AI plans left this month');
    await shots(page, 'empty');

    // ── The wizard: one step per answer; locked choices are shown, explained and not choosable.
    await page.getByRole('link', { name: 'Create your first plan' }).click();
    await expectPath(page, '/en/app/plans/new');
    await page.getByRole('heading', { name: 'What kind of plan?' }).waitFor();
    await expectText(page.getByText('Step 1 of 6'), 'Step 1 of 6');
    const strength = page.getByRole('radio', { name: /^Strength/ });
    expect(await strength.isDisabled()).toBe(true);
    await page.getByText('Locked plan types come with Basic and Pro.').waitFor();
    const upgrade = page.getByRole('link', { name: /Get Basic/ }).first();
    expect(await upgrade.getAttribute('href')).toBe('/en/app/settings?tab=billing&plan=basic');
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByText('General fitness', { exact: true }).click();
    await shots(page, 'wizard-type');
    await next.click();

    await page.getByRole('heading', { name: 'What are your goals?' }).waitFor();
    // The profile's goal is already chosen; a locked goal cannot be.
    expect(await page.getByRole('checkbox', { name: /^General health/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^Build muscle/ }).isDisabled()).toBe(true);
    await page.getByText('Improve endurance', { exact: true }).click();
    await expectText(page.getByText(/of 3 chosen/), '2 of 3 chosen');
    await next.click();

    await page.getByRole('heading', { name: 'Where are you starting?' }).waitFor();
    await page.getByText('Beginner', { exact: true }).click();
    await next.click();

    await page.getByRole('heading', { name: 'What can you train with?' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Barbell/ }).isDisabled()).toBe(true);
    await page.getByText('Dumbbells', { exact: true }).click();
    // "No equipment" (the profile's) gives way to what was ticked, as in Settings.
    expect(await page.getByRole('checkbox', { name: /^No equipment/ }).isChecked()).toBe(false);
    await shots(page, 'wizard-equipment');
    await next.click();

    await page.getByRole('heading', { name: 'How long?' }).waitFor();
    await page.getByText('8 weeks', { exact: true }).click();
    await next.click();

    await page.getByRole('heading', { name: 'Ready to build your plan' }).waitFor();
    await page.getByText('Free plans show week 1 in full and a summary of the weeks after it.').waitFor();
    await shots(page, 'wizard-review');
    await page.getByRole('button', { name: 'Generate my plan' }).click();

    // ── The stages are shown as they arrive, then the plan opens.
    await page.getByRole('heading', { name: 'Building your plan' }).waitFor();
    await page.getByText(/Building week \d of 8/).waitFor();
    await screenshot(page, 'plans-progress-desktop', { fullPage: false });
    await expectPath(page, /^\/en\/app\/plans\/[0-9a-f-]{36}$/);
    await page.getByText('Your plan is ready').waitFor();
    await page.getByText('You have 2 free AI plans left this month.').waitFor();
    const planPath = new URL(page.url()).pathname;

    // ── Week 1 in full: days, exercises with sets × reps, rest and instructions.
    expect(await page.getByRole('tab', { name: 'Week 1' }).getAttribute('aria-selected')).toBe('true');
    const firstTraining = page
      .locator('details')
      .filter({ has: page.locator('summary', { hasText: 'Strength' }) })
      .first();
    await firstTraining.locator(':scope > summary').click();
    await firstTraining.getByText('Main work').waitFor();
    await expectText(firstTraining, /\d+ × \d+/);
    await expectText(firstTraining, /Rest \d+/);
    await firstTraining.getByText('How to do it').first().click();
    await firstTraining
      .getByText(/^Works: /)
      .first()
      .waitFor();
    expect(await firstTraining.getByRole('link', { name: 'Log this day' }).getAttribute('href')).toMatch(/^\/en\/app\/workouts\/new\?planId=[0-9a-f-]{36}&week=1&day=\d$/);
    await shots(page, 'view-week1');

    // ── Later weeks are a summary, locked, with the way to unlock them.
    await page.getByRole('tab', { name: /Week 2/ }).click();
    await page.getByText(/Week 2 shows what each day is for/).waitFor();
    await page.getByText('Full 7-day schedules for every week').waitFor();
    expect(await page.getByRole('tabpanel').locator('details').count()).toBe(0);
    await shots(page, 'view-week2-locked');

    // ── On paper: every week one after the other, no navigation, light whatever the theme.
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.getByRole('heading', { level: 2, name: 'Week 8' }).waitFor();
    expect(await page.getByRole('banner').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await screenshot(page, 'plans-print-desktop');
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('tab', { name: /Week 2/ }).waitFor();

    // ── Renaming is locked on free: the prompt says why and where to upgrade.
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renaming is part of Basic' });
    await dialog.waitFor();
    await dialog.getByText('Rename your plans').waitFor();
    expect(await dialog.getByRole('link', { name: /Get Basic/ }).getAttribute('href')).toBe('/en/app/settings?tab=billing&plan=basic');
    await shots(page, 'rename-locked', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // ── The library: filter, save a plan, open the copy — every week in full.
    await page.goto(`${suite.server.url}/en/app/plans/library`);
    await page.getByRole('heading', { level: 1, name: 'Plan library' }).waitFor();
    await page.getByLabel('Plan type').selectOption('cardio');
    await expectPath(page, '/en/app/plans/library');
    await page.getByRole('heading', { name: 'Couch to Active' }).waitFor();
    await expectText(page.getByRole('list').first(), 'Cardio');
    await shots(page, 'library');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Couch to Active' }) });
    await card.getByRole('button', { name: 'Save to my plans' }).click();
    await card.getByRole('link', { name: 'Saved — open it' }).click();
    await expectPath(page, /^\/en\/app\/plans\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Couch to Active' }).waitFor();
    await page.getByText('From the library').waitFor();
    await page.getByRole('tab', { name: 'Week 2' }).click();
    expect(await page.getByRole('tabpanel').locator('details').count()).toBeGreaterThan(0);

    // ── My plans: both, newest first; delete one with a confirmation.
    await page.getByRole('link', { name: 'My plans' }).first().click();
    await expectPath(page, '/en/app/plans');
    const rows = page.getByRole('main').getByRole('listitem');
    await expectText(rows.first(), 'Couch to Active');
    expect(await rows.count()).toBe(2);
    await shots(page, 'mine');
    await rows
      .nth(1)
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this plan?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Delete plan' }).click();
    await page.getByText('Plan deleted').waitFor();
    await expectText(page.getByRole('main'), '1 plan');
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(1);
    // The deleted plan is gone for good.
    await page.goto(`${suite.server.url}${planPath}`);
    await page.getByText("We couldn't find this plan").waitFor();

    // ── Two more plans use up the month; the generator then says so and offers the upgrade.
    const statuses = await page.evaluate(async () => {
      const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
      const body = JSON.stringify({ planType: 'cardio', goals: ['improve_endurance'], fitnessLevel: 'beginner', equipment: ['none'], duration: 4 });
      const send = () => fetch('/api/fitness-plans', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body });
      return [(await send()).status, (await send()).status];
    });
    expect(statuses).toEqual([201, 201]);
    await page.goto(`${suite.server.url}/en/app/plans/new`);
    await page.getByText("You've used this month's free AI plans").waitFor();
    await page.getByText("You've used your 3 AI plans this month").waitFor();
    expect(await page.getByRole('link', { name: /Get Basic/ }).getAttribute('href')).toBe('/en/app/settings?tab=billing&plan=basic');
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    await shots(page, 'limit-reached');

    // ── Paying for Basic unlocks every week of the plans made on free, without asking again.
    await becomePaid(page, suite.server.url, 'basic');
    await page.goto(`${suite.server.url}/en/app/plans`);
    await expectText(page.getByRole('main'), '3 plans');
    const madeOnFree = page.getByRole('main').getByRole('listitem').filter({ hasNotText: 'Couch to Active' });
    expect(await madeOnFree.count()).toBe(2);
    expect(await page.getByText('Week 1 in full').count()).toBe(0);
    await madeOnFree.first().getByRole('link').first().click();
    await expectPath(page, /^\/en\/app\/plans\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: 'Week 2' }).click();
    expect(await page.getByRole('tabpanel').locator('details').count()).toBeGreaterThan(0);
    expect(await page.getByText(/Week 2 shows what each day is for/).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Get Basic/ }).count()).toBe(0);
    await shots(page, 'view-week2-unlocked');

    ada.expectNoConsoleErrors([404]);
    await ada.close();
  });

  it('reads a plan by its outline and the weeks opened, never whole (ADR 038)', async () => {
    const grace = await openPage(suite.browser);
    const { page } = grace;
    const base = suite.server.url;
    await signUp(page, base, newAccount('Grace Hopper'));
    await becomePaid(page, base, 'pro');
    const made = await generate(page, {
      planType: 'muscle_gain',
      goals: ['build_muscle', 'increase_strength'],
      fitnessLevel: 'advanced',
      equipment: ['gym_access'],
      duration: 12,
      locale: 'en',
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith(`/api/fitness-plans/${made.id}`)) asked.push(pathname.slice(`/api/fitness-plans/${made.id}`.length));
    });

    await page.goto(`${base}/en/app/plans/${made.id}`);
    expect(await page.getByRole('tab', { name: 'Week 1', exact: true }).getAttribute('aria-selected')).toBe('true');
    const days = page.getByRole('tabpanel').locator('section > ol > li > details');
    await days.first().waitFor();
    expect(await days.count()).toBe(6);
    await shots(page, 'view-read-by-week');
    // The outline, week 1 and the next one ahead; never the plan whole, nor a week not opened.
    expect(asked).toContain('/outline');
    expect(asked).toContain('/weeks/1');
    expect(asked).not.toContain('');
    expect(asked.filter((p) => !['/outline', '/weeks/1', '/weeks/2'].includes(p))).toEqual([]);

    await page.getByRole('tab', { name: 'Week 3', exact: true }).click();
    await page.getByRole('tabpanel').and(page.locator('#plan-week-panel-3')).waitFor();
    await days.first().waitFor();
    expect(asked).toContain('/weeks/3');
    const lift = days.filter({ has: page.locator('summary', { hasText: 'Strength' }) }).first();
    await lift.locator(':scope > summary').click();
    await expectText(lift, /\d+ × \d+/);
    // Print reads every week first, one at a time still.
    await page.getByRole('button', { name: 'Print' }).click();
    await eventually(async () => expect(asked).toContain('/weeks/12'));
    expect(asked).not.toContain('');
    grace.expectNoConsoleErrors();
    await grace.close();
  });

  it('reads well on a phone in Chinese and the dark theme', async () => {
    const mei = await openPage(suite.browser, { viewport: PHONE, colorScheme: 'dark', locale: 'zh-CN' });
    const { page } = mei;
    await signUp(page, suite.server.url, newAccount('Mei Chen'), 'zh');
    const made = await generate(page, { planType: 'weight_loss', goals: ['lose_weight'], fitnessLevel: 'intermediate', equipment: ['dumbbells'], duration: 4, locale: 'zh' });
    await page.goto(`${suite.server.url}/zh/app/plans/${made.id}`);
    await page.getByRole('tab', { name: '第 1 周' }).waitFor();
    const day = page
      .locator('details')
      .filter({ has: page.locator('summary', { hasText: '力量' }) })
      .first();
    await day.locator(':scope > summary').click();
    await day.getByText('正式训练').waitFor();
    await expectText(day, /\d+ 组 × \d+/);
    await expectText(day, '自觉用力程度（RPE）');
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'plans-view-zh-dark-phone');
    // The built-in planner's plan follows the app's language: its name and exercises, read in English.
    await page.goto(`${suite.server.url}/en/app/plans/${made.id}`);
    await page.getByRole('heading', { level: 1, name: planTitle('weight_loss', 'intermediate', 4).en }).waitFor();
    await page.getByRole('tab', { name: 'Week 1' }).waitFor();

    await page.goto(`${suite.server.url}/zh/app/plans/new`);
    await page.getByRole('heading', { name: '想要什么样的计划？' }).waitFor();
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'plans-wizard-zh-dark-phone');

    await page.goto(`${suite.server.url}/zh/app/plans/library`);
    await page.getByRole('heading', { level: 1, name: '计划库' }).waitFor();
    await page.getByRole('heading', { name: '杠铃入门' }).waitFor();
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'plans-library-zh-dark-phone');
    mei.expectNoConsoleErrors();
    await mei.close();
  });
});
