import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { eventually, expectPath, expectText, newAccount, signUp, type Lang } from './support/flows';
import { browserSuite } from './support/suite';

const TEXT = {
  en: {
    name: 'Ada Lovelace',
    addExercise: 'Add exercise',
    search: 'Search exercises',
    exercise: 'Goblet Squat',
    reps: 'Set 1 Reps',
    weight: 'Set 1 kg',
    done: 'Set 1 of Goblet Squat done',
    finish: 'Finish and save',
    finishAnyway: 'Finish anyway',
    follow: 'Start this plan',
    start: 'Start',
    planName: 'Full body',
    seePlan: 'See plan',
    week1: 'Week 1',
    savedOnDevice: "Saved on this device. It syncs when you're back online.",
    notice: "You're offline.",
    waiting: 'Waiting to sync',
    synced: 'Synced what you logged offline.',
    addFood: 'Add food',
    quickAdd: 'Quick add',
    food: 'Food',
    calories: 'Calories (kcal)',
    addTo: /^Add to /,
    meal: 'Rice bowl',
    mealLabel: 'Rice bowl · 550 kcal',
  },
  zh: {
    name: '林 黛玉',
    addExercise: '添加动作',
    search: '搜索动作',
    exercise: '高脚杯深蹲',
    reps: '第 1 组次数',
    weight: '第 1 组公斤',
    done: '高脚杯深蹲第 1 组完成',
    finish: '完成并保存',
    finishAnyway: '仍然结束',
    follow: '开始这个计划',
    start: '开始',
    planName: '全身训练',
    seePlan: '查看计划',
    week1: '第 1 周',
    savedOnDevice: '已保存在此设备上，恢复联网后会自动同步。',
    notice: '你已离线。',
    waiting: '等待同步',
    synced: '离线时记录的 1 项内容已同步。',
    addFood: '添加食物',
    quickAdd: '快速添加',
    food: '食物',
    calories: '热量（千卡）',
    addTo: /^添加到/,
    meal: '牛肉饭',
    mealLabel: '牛肉饭 · 550 千卡',
  },
} as const;

/** The service worker the signed-in frame registers has installed (the build precached) and controls the page. */
async function offlineReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await eventually(async () => expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true), 30_000);
}

/** How many records the server has at this list (the test's own request: not the page's, so not offline). */
async function serverCount(page: Page, url: string): Promise<number> {
  const res = await page.context().request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** A write of the test's own (with the anti-forgery token), not through the page. */
async function apiCall(page: Page, base: string, method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
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

function exerciseCard(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** Only the browser's report of each request that could not leave while offline (what the device did not keep). */
const offlineOnly = (problems: { text: string }[]) => problems.filter((p) => !/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/.test(p.text));

browserSuite('offline: installable app, logging without signal (browser)', (suite) => {
  it('the manifest names the app, its icons in the sizes browsers ask for, and the worker is served from the build', async () => {
    const { page, close } = await openPage(suite.browser);
    await page.goto(`${suite.server.url}/en`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(`${suite.server.url}${href}`)).json();
    expect(manifest).toMatchObject({ name: 'FitForge', short_name: 'FitForge', start_url: '/app', display: 'standalone' });
    const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const res = await page.request.get(`${suite.server.url}/${icon.src}`);
      expect(res.headers()['content-type'], icon.src).toBe('image/png');
    }
    expect((await page.request.get(`${suite.server.url}/apple-touch-icon-180x180.png`)).status()).toBe(200);
    const sw = await page.request.get(`${suite.server.url}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    // The landing page itself registers nothing: the worker comes with the signed-in app.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    await close();
  });

  for (const lang of ['en', 'zh'] as const satisfies Lang[]) {
    it(`today's plan and the logger work with no connection; the workout waits on the phone, then syncs once (${lang})`, async () => {
      const w = TEXT[lang];
      const base = suite.server.url;
      const { context, page, problems, close } = await openPage(suite.browser, { viewport: PHONE, hasTouch: true, isMobile: true, locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await signUp(page, base, newAccount(w.name), lang);
      await offlineReady(page);
      // Online: a plan followed from the dashboard, in a zone where today is one of its training days; the history.
      const timezone = zoneWithTrainingDay();
      await apiCall(page, base, 'PUT', '/api/me/preferences', { timezone });
      const made = await apiCall(page, base, 'POST', '/api/fitness-plans', {
        planName: w.planName,
        planType: 'general_fitness',
        goals: ['general_health'],
        fitnessLevel: 'advanced',
        equipment: ['none'],
        duration: 4,
        locale: lang,
      });
      const plan = await (await page.request.get(`${base}/api/fitness-plans/${made.id}`)).json();
      await page.reload();
      const today = page.getByTestId('today-workout');
      await today.getByRole('button', { name: w.follow }).click();
      const dayNumber = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' }).format(new Date())) + 1;
      const day = plan.plan.weeks[0].days[dayNumber - 1] as { title: string; exercises: { exerciseId: string }[] };
      await expectText(today, day.title);
      await page.goto(`${base}/${lang}/app/workouts`);
      await page.getByRole('heading', { level: 1 }).waitFor();

      const online = problems.length;
      await context.setOffline(true);
      // Today's plan opens with no connection: the page and its code from the device, its answers from the last visit.
      await page.goto(`${base}/${lang}/app`);
      await expectText(page.getByRole('status').filter({ hasText: w.notice }), w.notice);
      await expectText(today, day.title);
      await screenshot(page, `offline-today-${lang}-phone`);
      // The plan's page opens at this week, from the copies of its outline and week the dashboard left (ADR 038).
      await today.getByRole('link', { name: w.seePlan }).click();
      await page.getByRole('heading', { level: 1, name: w.planName }).waitFor();
      expect(await page.getByRole('tab', { name: w.week1, exact: true }).getAttribute('aria-selected')).toBe('true');
      await expectText(page.getByRole('tabpanel').locator('section > ol > li > details').filter({ hasText: day.title }).first(), day.title);
      await page.goto(`${base}/${lang}/app`);
      await expectText(today, day.title);
      // Its Start opens the logger with the day's exercises, and the exercise library adds one more.
      await today.getByRole('link', { name: w.start, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: plan.exercises[day.exercises[0]!.exerciseId].name }).waitFor();
      await page.getByRole('button', { name: w.addExercise }).click();
      const dialog = page.getByRole('dialog', { name: w.addExercise });
      await dialog.getByRole('searchbox', { name: w.search }).fill(lang === 'zh' ? '高脚杯' : 'goblet squat');
      await dialog
        .getByRole('button', { name: new RegExp(`^${w.exercise}`) })
        .first()
        .click();
      await dialog.waitFor({ state: 'hidden' });
      const squat = exerciseCard(page, w.exercise);
      await squat.getByRole('textbox', { name: w.reps }).fill('8');
      await squat.getByRole('textbox', { name: w.weight }).fill('24');
      await squat.getByRole('button', { name: w.done }).click();
      await page.getByRole('button', { name: w.finish }).click();
      await page.getByRole('dialog').getByRole('button', { name: w.finishAnyway }).click();

      // Kept on the phone, shown as waiting; the server has nothing yet.
      await expectText(page.getByRole('status').filter({ hasText: w.savedOnDevice }), w.savedOnDevice);
      await expectPath(page, `/${lang}/app/workouts`);
      const waiting = page.getByTestId('outbox-item');
      await expectText(waiting, w.waiting);
      await expectText(waiting, day.title);
      expect(await waiting.count()).toBe(1);
      expect(await serverCount(page, `${base}/api/workouts`)).toBe(0);
      expect((await scrollsHorizontally(page)).overflows).toBe(false);
      await screenshot(page, `offline-waiting-${lang}-phone`);

      // Offline, the browser reports each request that could not leave (what the device did not keep); nothing else.
      expect(offlineOnly(problems.slice(online))).toEqual([]);
      const offline = problems.length;

      // Back online: sent by itself, shown once, stored once.
      await context.setOffline(false);
      await waiting.waitFor({ state: 'detached', timeout: 15_000 });
      await expectText(page.getByRole('status').filter({ hasText: w.synced }), w.synced);
      const logged = page.getByRole('main').getByRole('heading', { level: 2, name: day.title });
      await eventually(async () => expect(await logged.count()).toBe(1));
      await eventually(async () => expect(await serverCount(page, `${base}/api/workouts`)).toBe(1));
      await page.reload();
      await logged.waitFor();
      expect(await logged.count()).toBe(1);
      expect(await page.getByTestId('outbox-item').count()).toBe(0);
      await screenshot(page, `offline-synced-${lang}-phone`);

      expect([...problems.slice(0, online), ...problems.slice(offline)]).toEqual([]);
      await close();
    });
  }
  for (const lang of ['en', 'zh'] as const satisfies Lang[]) {
    it(`a meal logged with no connection waits on its day, then syncs once (${lang}, desktop)`, async () => {
      const w = TEXT[lang];
      const base = suite.server.url;
      const { context, page, problems, close } = await openPage(suite.browser, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
      await signUp(page, base, newAccount(w.name), lang);
      await offlineReady(page);
      await page.goto(`${base}/${lang}/app/nutrition`);
      await page.getByRole('button', { name: w.addFood, exact: true }).waitFor();

      const online = problems.length;
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: w.addFood, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: w.addFood });
      await dialog.getByText(w.quickAdd).click();
      await dialog.getByRole('textbox', { name: w.food }).fill(w.meal);
      await dialog.getByRole('spinbutton', { name: w.calories }).fill('550');
      await dialog.getByRole('button', { name: w.addTo }).click();
      await expectText(page.getByRole('status').filter({ hasText: w.savedOnDevice }), w.savedOnDevice);
      const waiting = page.getByTestId('outbox-item');
      await expectText(waiting, w.mealLabel);
      await expectText(waiting, w.waiting);
      expect(await serverCount(page, `${base}/api/nutrition/entries`)).toBe(0);
      await screenshot(page, `offline-meal-waiting-${lang}-desktop`);
      expect(offlineOnly(problems.slice(online))).toEqual([]);
      const offline = problems.length;

      await context.setOffline(false);
      await waiting.waitFor({ state: 'detached', timeout: 15_000 });
      const logged = page.getByRole('main').getByRole('listitem', { name: w.meal });
      await eventually(async () => expect(await logged.count()).toBe(1));
      await eventually(async () => expect(await serverCount(page, `${base}/api/nutrition/entries`)).toBe(1));
      await screenshot(page, `offline-meal-synced-${lang}-desktop`);
      expect([...problems.slice(0, online), ...problems.slice(offline)]).toEqual([]);
      await close();
    });
  }
  it('a saved meal logged with no connection waits on its day with its foods, then syncs once, all of them (en, desktop)', async () => {
    const w = TEXT.en;
    const base = suite.server.url;
    const { context, page, problems, close } = await openPage(suite.browser);
    await signUp(page, base, newAccount('Ada Offline'));
    await offlineReady(page);
    const meal = {
      name: 'Usual breakfast',
      items: [
        { foodName: 'Overnight oats', calories: 420 },
        { foodName: 'Flat white', calories: 110 },
      ],
    };
    await apiCall(page, base, 'POST', '/api/nutrition/saved-meals', meal);
    // Opened once online, the add-food dialog's lists are what the device keeps for offline.
    await page.goto(`${base}/en/app/nutrition`);
    await page.getByRole('button', { name: 'Add food to Breakfast' }).click();
    await page.getByRole('dialog', { name: w.addFood }).getByText(meal.name).waitFor();

    const online = problems.length;
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Add food to Breakfast' }).click();
    await page
      .getByRole('dialog', { name: w.addFood })
      .getByRole('button', { name: /^Usual breakfast.*Add to Breakfast$/ })
      .click();
    await expectText(page.getByRole('status').filter({ hasText: w.savedOnDevice }), w.savedOnDevice);
    const waiting = page.getByTestId('outbox-item');
    await expectText(waiting, `${meal.name} · 530 kcal`);
    await expectText(waiting, w.waiting);
    expect(await serverCount(page, `${base}/api/nutrition/entries`)).toBe(0);
    expect(offlineOnly(problems.slice(online))).toEqual([]);
    const offline = problems.length;

    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 15_000 });
    await eventually(async () => expect(await serverCount(page, `${base}/api/nutrition/entries`)).toBe(2));
    for (const food of meal.items) await page.getByRole('main').getByRole('listitem', { name: food.foodName }).waitFor();
    await screenshot(page, 'offline-saved-meal-synced-en-desktop');
    expect([...problems.slice(0, online), ...problems.slice(offline)]).toEqual([]);
    await close();
  });

  it('a workout the server refuses when it syncs (its plan deleted meanwhile) is shown as not saved, not sent again, and can be discarded', async () => {
    const base = suite.server.url;
    const { context, page, close } = await openPage(suite.browser, { viewport: PHONE, hasTouch: true, isMobile: true });
    await signUp(page, base, newAccount('Grace Hopper'));
    await offlineReady(page);
    const made = await apiCall(page, base, 'POST', '/api/fitness-plans', {
      planType: 'general_fitness',
      goals: ['general_health'],
      fitnessLevel: 'advanced',
      equipment: ['none'],
      duration: 4,
      locale: 'en',
    });
    const plan = await (await page.request.get(`${base}/api/fitness-plans/${made.id}`)).json();
    const day = plan.plan.weeks[0].days[0] as { title: string; exercises: { exerciseId: string }[] };
    const first = plan.exercises[day.exercises[0]!.exerciseId].name as string;
    const logger = `${base}/en/app/workouts/new?planId=${plan.id}&week=1&day=1`;
    await page.goto(logger);
    await page.getByRole('heading', { level: 2, name: first }).waitFor();
    await page.goto(`${base}/en/app/workouts`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await context.setOffline(true);
    await page.goto(logger);
    await exerciseCard(page, first)
      .getByRole('button', { name: `Set 1 of ${first} done` })
      .click();
    await page.getByRole('button', { name: TEXT.en.finish }).click();
    await page.getByRole('dialog').getByRole('button', { name: TEXT.en.finishAnyway }).click();
    await expectPath(page, '/en/app/workouts');
    const item = page.getByTestId('outbox-item');
    await expectText(item, TEXT.en.waiting);

    // Deleted from another device while this one was offline: the server will not take a workout of it.
    await apiCall(page, base, 'DELETE', `/api/fitness-plans/${plan.id}`);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/workouts') posts.push(r.headers()['idempotency-key'] ?? '');
    });
    await context.setOffline(false);
    await expectText(item, 'Not saved');
    await expectText(item.getByRole('alert'), 'It belongs to something that no longer exists, such as a deleted plan.');
    await screenshot(page, 'offline-refused-en-phone');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);

    // Not sent again: neither on the next start nor when the connection returns once more.
    await page.reload();
    await expectText(page.getByTestId('outbox-item'), 'Not saved');
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect(posts).toHaveLength(1);
    expect(await serverCount(page, `${base}/api/workouts`)).toBe(0);

    await page.getByRole('button', { name: `Discard ${day.title}` }).click();
    await page.getByTestId('outbox-item').waitFor({ state: 'detached' });
    await close();
  });
});
