import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { expectPath, expectText, newAccount, signUp } from './support/flows';
import { browserSuite } from './support/suite';

type Lang = 'en' | 'zh';
const TEXT = {
  en: {
    addExercise: 'Add exercise',
    search: 'Search exercises',
    finish: 'Finish and save',
    addSet: 'Add set',
    set: (n: number, what: string) => `Set ${n} ${what}`,
    done: (n: number, name: string) => `Set ${n} of ${name} done`,
  },
  zh: {
    addExercise: '添加动作',
    search: '搜索动作',
    finish: '完成并保存',
    addSet: '添加一组',
    set: (n: number, what: string) => `第 ${n} 组${what}`,
    done: (n: number, name: string) => `${name}第 ${n} 组完成`,
  },
} as const;

async function addExercise(page: Page, lang: Lang, search: string, name: string) {
  await page.getByRole('button', { name: TEXT[lang].addExercise }).click();
  const dialog = page.getByRole('dialog', { name: TEXT[lang].addExercise });
  await dialog.getByRole('searchbox', { name: TEXT[lang].search }).fill(search);
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

/** Waits for the workout the logger posts and answers its body. */
async function finish(page: Page, lang: Lang, confirm?: string) {
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/workouts');
  await page.getByRole('button', { name: TEXT[lang].finish }).click();
  if (confirm) await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
  const res = await posted;
  expect(res.status()).toBe(201);
  return (await res.json()) as { exercises: { exerciseId: string; sets: Record<string, number | null>[] }[] };
}

async function apiCall(page: Page, base: string, method: 'POST' | 'PUT', path: string, data: unknown) {
  const token = (await (await page.request.get(`${base}/api/csrf-token`)).json()).token as string;
  const res = await page.request.fetch(`${base}${path}`, { method, data, headers: { 'x-csrf-token': token } });
  expect(res.status(), `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

/** A zone where today is not a Sunday: the advanced plans of the built-in engine rest on Sundays only. */
function zoneWithTrainingDay(): string {
  const weekday = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(new Date());
  return ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => weekday(z) !== 'Sun')!;
}

browserSuite('workout logger and dashboard (browser)', (suite) => {
  it('carries a set to the next, shows last time, logs bodyweight and cardio, and asks before leaving undone sets out', async () => {
    const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    await signUp(page, suite.server.url, newAccount('Eliud Kipchoge'));

    // First session: the second squat set is filled from the first.
    await page.goto(`${suite.server.url}/en/app/workouts/new`);
    await addExercise(page, 'en', 'goblet squat', 'Goblet Squat');
    const squat = exerciseCard(page, 'Goblet Squat');
    await squat.getByRole('textbox', { name: 'Set 1 Reps' }).fill('8');
    await squat.getByRole('textbox', { name: 'Set 1 kg' }).fill('60');
    await squat.getByRole('button', { name: 'Set 1 of Goblet Squat done' }).click();
    await squat.getByRole('button', { name: 'Add set' }).click();
    expect(await squat.getByRole('textbox', { name: 'Set 2 Reps' }).inputValue()).toBe('8');
    expect(await squat.getByRole('textbox', { name: 'Set 2 kg' }).inputValue()).toBe('60');
    await squat.getByRole('button', { name: 'Set 2 of Goblet Squat done' }).click();
    // Finish is the primary action; adding a set is not.
    const finishBox = (await page.getByRole('button', { name: 'Finish and save' }).boundingBox())!;
    const addSetBox = (await squat.getByRole('button', { name: 'Add set' }).boundingBox())!;
    expect(finishBox.height).toBeGreaterThan(addSetBox.height);
    expect(await squat.getByRole('button', { name: 'Add set' }).evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    const first = await finish(page, 'en');
    expect(first.exercises[0]!.sets).toMatchObject([
      { reps: 8, weightKg: 60 },
      { reps: 8, weightKg: 60 },
    ]);
    await expectPath(page, '/en/app/workouts');

    // Second session: last time's sets beside these; a bodyweight exercise counts reps alone, a run distance and time.
    await page.goto(`${suite.server.url}/en/app/workouts/new`);
    await addExercise(page, 'en', 'goblet squat', 'Goblet Squat');
    const again = exerciseCard(page, 'Goblet Squat');
    await expectText(again.getByTestId('set-note').first(), 'Last: 60 kg × 8');
    await again.getByRole('textbox', { name: 'Set 1 Reps' }).fill('10');
    await again.getByRole('textbox', { name: 'Set 1 kg' }).fill('62.5');
    await again.getByRole('button', { name: 'Set 1 of Goblet Squat done' }).click();
    await again.getByRole('button', { name: 'Add set' }).click();
    await expectText(again.getByTestId('set-note').nth(1), 'Last: 60 kg × 8');

    await addExercise(page, 'en', 'push-up', 'Push-Up');
    const pushUp = exerciseCard(page, 'Push-Up');
    await expectText(pushUp, '+kg');
    await pushUp.getByRole('textbox', { name: 'Set 1 Reps' }).fill('15');
    await pushUp.getByRole('button', { name: 'Set 1 of Push-Up done' }).click();

    await addExercise(page, 'en', 'steady run', 'Steady Run');
    const run = exerciseCard(page, 'Steady Run');
    await run.getByRole('textbox', { name: 'Set 1 km' }).fill('5');
    await run.getByRole('textbox', { name: 'Set 1 Time' }).fill('25:30');
    await expectText(run.getByTestId('set-note'), 'Pace 5:06 /km');
    await run.getByRole('button', { name: 'Set 1 of Steady Run done' }).click();
    await page.getByRole('group', { name: 'Rest' }).getByRole('button', { name: 'Skip' }).click();
    expect((await scrollsHorizontally(page)).overflows).toBe(false);
    await screenshot(page, 'logger-last-cardio-phone');

    // The second squat set is not ticked: finishing asks; keep going, then finish anyway without it.
    await page.getByRole('button', { name: 'Finish and save' }).click();
    const ask = page.getByRole('dialog', { name: 'You have 1 set not done' });
    await ask.waitFor();
    await screenshot(page, 'logger-undone-dialog-phone', { fullPage: false });
    await ask.getByRole('button', { name: 'Keep going' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'logger-last-cardio-desktop');
    await page.setViewportSize(PHONE);
    const second = await finish(page, 'en', 'Finish anyway');
    expect(second.exercises).toMatchObject([
      { exerciseId: 'goblet-squat', sets: [{ reps: 10, weightKg: 62.5, completed: true }] },
      { exerciseId: 'push-up', sets: [{ reps: 15, weightKg: null }] },
      { exerciseId: 'steady-run', sets: [{ distanceMeters: 5000, durationSeconds: 1530, reps: null }] },
    ]);
    expect(second.exercises[0]!.sets).toHaveLength(1);
    // The history counts the done sets: one squat, one push-up, one run.
    await expectPath(page, '/en/app/workouts');
    await expectText(page.getByRole('main').getByRole('listitem').filter({ hasText: 'Steady Run' }), '3 sets');

    expectNoConsoleErrors();
    await close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`the dashboard says what now, ${lang}: from empty states to today's workout and calories left`, async () => {
      const { page, expectNoConsoleErrors, close } = await openPage(suite.browser, { viewport: PHONE, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await signUp(page, suite.server.url, newAccount(lang === 'zh' ? 'Li Na' : 'Serena Williams'), lang);
      const words =
        lang === 'en'
          ? {
              noPlan: 'No plan yet',
              makePlan: 'Make a plan',
              setGoals: 'Set your goals',
              follow: 'Start this plan',
              start: 'Start',
              left: 'kcal left',
              logMeal: 'Log a meal',
              eaten: '600 eaten of',
            }
          : {
              noPlan: '还没有训练计划',
              makePlan: '制定计划',
              setGoals: '设定目标',
              follow: '开始这个计划',
              start: '开始',
              left: '千卡剩余',
              logMeal: '记录一餐',
              eaten: '已摄入 600 / 目标',
            };
      const today = page.getByTestId('today-workout');
      const calories = page.getByTestId('calories-left');

      // A new user is guided: no plan yet, no goals yet.
      await expectText(today, words.noPlan);
      await today.getByRole('link', { name: words.makePlan }).waitFor();
      await calories.getByRole('link', { name: words.setGoals }).waitFor();
      expect((await scrollsHorizontally(page)).overflows).toBe(false);
      await screenshot(page, `dashboard-empty-${lang}-phone`);

      // A plan, body details and a meal.
      const timezone = zoneWithTrainingDay();
      await apiCall(page, suite.server.url, 'PUT', '/api/me/preferences', { timezone, sex: 'female', birthYear: 1990, heightCm: 170, weightKg: 65, activityLevel: 'moderate' });
      const made = await apiCall(page, suite.server.url, 'POST', '/api/fitness-plans', {
        planName: lang === 'zh' ? '全身训练' : 'Full body',
        planType: 'general_fitness',
        goals: ['general_health'],
        fitnessLevel: 'advanced',
        equipment: ['none'],
        duration: 4,
        locale: lang,
      });
      const plan = await (await page.request.get(`${suite.server.url}/api/fitness-plans/${made.id}`)).json();
      await apiCall(page, suite.server.url, 'POST', '/api/nutrition/entries', { foodName: 'Oats', calories: 600, mealType: 'breakfast' });
      await page.reload();

      // One tap follows the plan, and today's day of it shows with a Start into the logger.
      await today.getByRole('button', { name: words.follow }).click();
      const dayNumber = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' }).format(new Date())) + 1;
      const day = plan.plan.weeks[0].days[dayNumber - 1] as { title: string };
      await expectText(today, day.title);
      const goal = (await (await page.request.get(`${suite.server.url}/api/nutrition/summary`)).json()).goals.calories as number;
      await expectText(page.getByTestId('calories-left-value'), new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US').format(goal - 600));
      await expectText(calories, words.eaten);
      await calories.getByRole('link', { name: words.logMeal }).waitFor();
      expect((await scrollsHorizontally(page)).overflows).toBe(false);
      await screenshot(page, `dashboard-today-${lang}-phone`);
      await page.setViewportSize(DESKTOP);
      await screenshot(page, `dashboard-today-${lang}-desktop`);

      await today.getByRole('link', { name: words.start, exact: true }).click();
      await expectPath(page, `/${lang}/app/workouts/new`);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ planId: plan.id, week: '1', day: String(dayNumber) });
      // The logger opens with that day's exercises.
      await page.getByRole('heading', { level: 2, name: plan.exercises[plan.plan.weeks[0].days[dayNumber - 1].exercises[0].exerciseId].name }).waitFor();

      expectNoConsoleErrors();
      await close();
    });
  }
});
