import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import path from 'node:path';
import { EXERCISES } from '#core/plans/exercises';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { describeViolations, isSevere, runAxe, type AxeViolation } from './support/axe';
import { openPage } from './support/browser';
import { becomePaid, claimListedAddress, newAccount, signUp } from './support/flows';
import { ROOT } from './support/server';
import { browserSuite } from './support/suite';

const THEMES = ['light', 'dark'] as const;
const LANGS = ['en', 'zh'] as const;

/** Every public page (paths below /{lang}), and a path with no page for the "not found" page. */
const PUBLIC_PAGES = ['', 'pricing', 'terms', 'privacy', 'refund-policy', 'help', 'sign-in', 'sign-up', 'forgot-password', 'reset-password?token=expired', 'no-such-page'];

/** Every page of the signed-in app; `{…}` ids are filled in from the records the test creates. */
const APP_PAGES = [
  'app',
  ...['profile', 'preferences', 'goals', 'community', 'billing', 'security', 'data', 'account'].map((tab) => `app/settings?tab=${tab}`),
  'app/checkout?plan=basic&interval=month',
  'app/billing',
  'app/nutrition',
  'app/nutrition/history',
  'app/nutrition/goals',
  'app/nutrition/scan',
  'app/nutrition/plans',
  'app/nutrition/plans/{nutritionPlan}',
  'app/body',
  'app/plans',
  'app/plans/new',
  'app/plans/library',
  'app/plans/library/{libraryPlan}',
  'app/plans/{plan}',
  'app/workouts',
  'app/workouts/new',
  'app/workouts/stats',
  'app/workouts/exercises',
  'app/workouts/{workout}/edit',
  'app/community',
  'app/community/new',
  'app/community/posts/{post}',
  'app/community/posts/{post}/edit',
  'app/moderation',
  ...['resolved', 'suspended', 'history'].map((tab) => `app/moderation?tab=${tab}`),
  'app/moderation/reports/{post}',
];

/** The member who visits the app's pages is a moderator too, so the moderators' pages are checked with the rest. */
const MODERATOR_EMAIL = 'a11y-moderator@example.com';

async function post<T = { id: string }>(page: Page, base: string, path: string, data: unknown): Promise<T> {
  const token = (await (await page.request.get(`${base}/api/csrf-token`)).json()).token as string;
  const res = await page.request.post(`${base}${path}`, { data, headers: { 'x-csrf-token': token } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** Opens a page and waits until it has settled: its data loaded, its heading shown, the entrance animations done. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor()
    .catch((e: Error) => {
      throw new Error(`${url}: no heading shown (${e.message.split('\n')[0]})`);
    });
  await page.waitForTimeout(400);
}

let model: OpenAiCompatibleServer | undefined;
afterAll(async () => {
  await model?.close();
});

/**
 * A vision model is configured (a fake one that always fails), so that the barcode label form shows "Read the label
 * from a photo" and its error.
 */
async function suiteEnv() {
  model = await startOpenAiCompatibleServer();
  return { MODERATOR_EMAILS: MODERATOR_EMAIL, OPENAI_BASE_URL: model.baseURL, AI_VISION_MODEL: 'test-vision' };
}

browserSuite('accessibility: WCAG 2.2 A and AA with axe, every page, both themes (browser)', { env: suiteEnv }, (suite) => {
  let signedIn: BrowserContextOptions['storageState'];
  const ids: Record<string, string> = {};
  let sandboxCheckoutUrl: string;

  beforeAll(async () => {
    // A Pro member (on the trial) with one of everything, so each page shows its real content.
    const { page, context, close } = await openPage(suite.browser, { bypassCSP: true });
    const account = { ...newAccount(), email: MODERATOR_EMAIL };
    await signUp(page, suite.server.url, account);
    await claimListedAddress(page, suite.server, account);
    await becomePaid(page, suite.server.url, 'pro');
    const strength = EXERCISES.find((e) => e.kind === 'strength' && e.requires.length === 0)!;
    ids.workout = (
      await post(page, suite.server.url, '/api/workouts', {
        performedAt: new Date(Date.now() - 7_200_000).toISOString(),
        durationMinutes: 40,
        name: 'Push day',
        exercises: [
          {
            exerciseId: strength.id,
            sets: [
              { reps: 10, rpe: 8 },
              { reps: 8, rpe: 9.5 },
            ],
          },
        ],
      })
    ).id;
    await post(page, suite.server.url, '/api/custom-exercises', { name: 'Sled push' });
    ids.plan = (
      await post(page, suite.server.url, '/api/fitness-plans', { planType: 'general_fitness', goals: ['general_health'], fitnessLevel: 'beginner', equipment: ['none'], duration: 4 })
    ).id;
    ids.nutritionPlan = (await post(page, suite.server.url, '/api/nutrition/plans', { dietaryRestrictions: ['vegetarian'], mealsPerDay: 3 })).id;
    // Two weeks of weigh-ins and a waist measurement, so the body page shows its charts.
    for (let i = 13; i >= 0; i--) {
      const date = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
      const token = (await (await page.request.get(`${suite.server.url}/api/csrf-token`)).json()).token as string;
      const res = await page.request.put(`${suite.server.url}/api/body/entries/${date}`, {
        data: { weightKg: 80 - i * 0.1, waistCm: i % 7 === 0 ? 88 + i * 0.1 : null },
        headers: { 'x-csrf-token': token },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    // A logged food and a saved meal, so the add-food dialog opens on its one-tap lists.
    await post(page, suite.server.url, '/api/nutrition/entries', { foodName: 'Oat latte', calories: 130, mealType: 'breakfast' });
    await post(page, suite.server.url, '/api/nutrition/saved-meals', { name: 'Usual breakfast', items: [{ foodName: 'Oat latte', calories: 130 }] });
    ids.post = (await post(page, suite.server.url, '/api/community/posts', { title: 'First week of 5x5', content: 'Squats felt heavy on day three. Anyone else?', category: 'training' })).id;
    ids.libraryPlan = ((await (await page.request.get(`${suite.server.url}/api/plan-library`)).json()) as { items: { id: string }[] }).items[0]!.id;
    signedIn = await context.storageState();
    await close();
    // The sandbox's checkout page belongs to a free account: a subscriber cannot open one.
    const buyer = await openPage(suite.browser, { bypassCSP: true });
    await signUp(buyer.page, suite.server.url, newAccount());
    // Someone reports the post, so that the moderation queue and its detail page have something to show.
    await post(buyer.page, suite.server.url, `/api/community/posts/${ids.post}/reports`, { reason: 'spam', details: 'Looks like an advert' });
    sandboxCheckoutUrl = (await post<{ url: string }>(buyer.page, suite.server.url, '/api/billing/checkout', { plan: 'basic', interval: 'month' })).url;
    await buyer.close();
  }, 180_000);

  it.each(THEMES)(
    'no serious or critical violations on any page in the %s theme, in English and Chinese',
    async (theme) => {
      const severe: string[] = [];
      const counts = { pages: 0, minor: 0, moderate: 0, serious: 0, critical: 0 };
      const check = async (page: Page, where: string) => {
        const violations: AxeViolation[] = await runAxe(page);
        counts.pages++;
        for (const v of violations) counts[v.impact ?? 'minor'] += v.nodes.length;
        severe.push(...describeViolations(where, violations.filter(isSevere)));
      };

      const options: BrowserContextOptions = { bypassCSP: true, colorScheme: theme };
      const visitor = await openPage(suite.browser, options);
      const member = await openPage(suite.browser, { ...options, storageState: signedIn });
      try {
        for (const lang of LANGS) {
          for (const path of PUBLIC_PAGES) {
            await visit(visitor.page, `${suite.server.url}/${lang}/${path}`);
            await check(visitor.page, `/${lang}/${path}`);
          }
          for (const template of APP_PAGES) {
            const path = template.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
            await visit(member.page, `${suite.server.url}/${lang}/${path}`);
            await check(member.page, `/${lang}/${path}`);
          }
          // The account menu, open: its links to settings, pricing, the policies and help.
          await visit(member.page, `${suite.server.url}/${lang}/app`);
          await member.page.getByRole('button', { name: lang === 'zh' ? '账户菜单' : 'Account menu' }).click();
          await member.page.getByRole('menu').waitFor();
          await member.page.waitForTimeout(300); // its fade-in
          await check(member.page, `/${lang}/app (account menu open)`);
          // A workout's body map, opened; and the swap of a plan's exercise, with its alternatives.
          await visit(member.page, `${suite.server.url}/${lang}/app/workouts`);
          await member.page
            .getByText(lang === 'zh' ? '训练的肌群' : 'Muscles worked')
            .first()
            .click();
          await member.page.getByTestId('body-map').first().waitFor();
          await check(member.page, `/${lang}/app/workouts (body map open)`);
          // A workout's sets with their RPE; the logger's picker with the user's own exercises, then a card with RPE on.
          await member.page
            .locator('summary')
            .filter({ hasText: lang === 'zh' ? '查看各组' : 'Show sets' })
            .first()
            .click();
          await member.page.getByTestId('workout-sets').first().waitFor();
          await check(member.page, `/${lang}/app/workouts (sets open)`);
          await visit(member.page, `${suite.server.url}/${lang}/app/workouts/new`);
          await member.page.getByRole('button', { name: lang === 'zh' ? '添加动作' : 'Add exercise' }).click();
          const picker = member.page.getByRole('dialog', { name: lang === 'zh' ? '添加动作' : 'Add exercise' });
          await picker.getByRole('heading', { name: lang === 'zh' ? '你的动作' : 'Your exercises' }).waitFor();
          await member.page.waitForTimeout(300);
          await check(member.page, `/${lang}/app/workouts/new (picker with own exercises)`);
          await picker.getByRole('button', { name: /^Sled push/ }).click();
          await member.page.getByRole('checkbox', { name: lang === 'zh' ? '记录 RPE' : 'Track RPE' }).check();
          await member.page.getByRole('combobox').first().waitFor();
          await check(member.page, `/${lang}/app/workouts/new (RPE on)`);
          await visit(member.page, `${suite.server.url}/${lang}/app/plans/${ids.plan}`);
          await member.page.locator('ol details').first().locator('summary').first().click();
          await member.page
            .getByRole('button', { name: lang === 'zh' ? /替换为其他动作$/ : /^Swap .* for another exercise$/ })
            .first()
            .click();
          await member.page.getByTestId('alternatives').waitFor();
          await member.page.waitForTimeout(300);
          await check(member.page, `/${lang}/app/plans/{plan} (swap dialog open)`);
          // The add-food dialog: its one-tap lists, then a barcode's label form; and "Save as meal".
          const zh = lang === 'zh';
          await visit(member.page, `${suite.server.url}/${lang}/app/nutrition`);
          await member.page.getByRole('button', { name: zh ? '为早餐添加食物' : 'Add food to Breakfast' }).click();
          const dialog = member.page.getByRole('dialog', { name: zh ? '添加食物' : 'Add food' });
          await dialog.getByTestId('quick-picks').waitFor();
          await member.page.waitForTimeout(300);
          await check(member.page, `/${lang}/app/nutrition (add food: recent and saved meals)`);
          await dialog.getByRole('button', { name: zh ? '条形码' : 'Barcode' }).click();
          await dialog.getByRole('textbox', { name: zh ? '条形码数字' : 'Barcode number' }).fill(lang === 'zh' ? '96385074' : '4006381333931');
          await dialog.getByRole('button', { name: zh ? '查找商品' : 'Find product' }).click();
          await dialog.getByRole('form', { name: zh ? '营养标签' : 'Nutrition label' }).waitFor();
          await check(member.page, `/${lang}/app/nutrition (add food: barcode label)`);
          // A label photo the (failing) model cannot read: the error in place.
          const [chooser] = await Promise.all([
            member.page.waitForEvent('filechooser'),
            dialog.getByRole('button', { name: zh ? '拍照读取营养标签' : 'Read the label from a photo' }).click(),
          ]);
          await chooser.setFiles(path.join(ROOT, 'tests', 'fixtures', 'images', 'fruit-mix.jpg'));
          await dialog
            .getByRole('form', { name: zh ? '营养标签' : 'Nutrition label' })
            .getByRole('alert')
            .waitFor();
          await check(member.page, `/${lang}/app/nutrition (add food: label photo failed)`);
          await member.page.keyboard.press('Escape');
          await member.page.getByRole('button', { name: zh ? '存为常用餐（早餐）' : 'Save as meal (Breakfast)' }).click();
          await member.page.getByRole('dialog', { name: zh ? '存为常用餐' : 'Save as meal' }).waitFor();
          await member.page.waitForTimeout(300);
          await check(member.page, `/${lang}/app/nutrition (save as meal)`);
        }
        // The sandbox's own checkout page, server-rendered in English.
        await visit(member.page, sandboxCheckoutUrl);
        await check(member.page, 'sandbox checkout');
      } finally {
        await visitor.close();
        await member.close();
      }
      console.log(`[axe] ${theme}: ${counts.pages} pages — critical ${counts.critical}, serious ${counts.serious}, moderate ${counts.moderate}, minor ${counts.minor} (nodes)`);
      expect(severe, severe.join('\n')).toEqual([]);
    },
    600_000,
  );
});
