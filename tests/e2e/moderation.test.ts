import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, scrollsHorizontally } from './support/browser';
import { eventually, expectPath, expectText, newAccount, signUp, claimListedAddress, openNav } from './support/flows';
import { browserSuite } from './support/suite';

const MODERATOR = { ...newAccount('Morgan Moderator'), email: 'moderator@example.com' };
const ZH_MODERATOR = { ...newAccount('Lin'), email: 'moderator-zh@example.com' };

/** The page at desktop width, then at 390 px (a phone), which must not scroll sideways. */
async function shots(page: Page, name: string) {
  await screenshot(page, `moderation-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${name} scrolls sideways at 390 px (${overflow.scrollWidth})`).toBe(false);
  await screenshot(page, `moderation-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** A call to the API from the signed-in page, as the app makes it (anti-forgery header included). */
function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

browserSuite('moderation (browser)', { env: { MODERATOR_EMAILS: `${MODERATOR.email},${ZH_MODERATOR.email}` } }, (suite) => {
  it('the owner of a listed address signed up on a Chinese page chooses the password from the emailed link, in Chinese, on a phone', async () => {
    const { page, close } = await openPage(suite.browser, { viewport: PHONE });
    try {
      await signUp(page, suite.server.url, ZH_MODERATOR, 'zh');
      expect((await api(page, 'GET', '/api/me')).body.role).toBe('member');
      await claimListedAddress(page, suite.server, ZH_MODERATOR, 'moderation-claim-zh-phone');
      await expectPath(page, '/zh/app');
      expect((await api(page, 'GET', '/api/me')).body.role).toBe('moderator');
    } finally {
      await close();
    }
  });

  it('a reported post is hidden at the third report; a moderator reviews it, hides it, suspends its author and lifts the suspension', async () => {
    const base = suite.server.url;
    // ── Sam posts an advert; Rita reports it through the dialog, which says what happens next.
    const sam = await openPage(suite.browser);
    await signUp(sam.page, base, newAccount('Sam Seller'));
    const post = (await api(sam.page, 'POST', '/api/community/posts', { title: 'Miracle pills, 10 kg a week', content: 'DM me for miracle pills. Works every time!', category: 'nutrition' }))
      .body;
    // Sam is a member: no Moderation entry, and its address is "not found".
    expect(await sam.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).count()).toBe(0);
    await sam.page.goto(`${base}/en/app/moderation`);
    await sam.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();

    const rita = await openPage(suite.browser);
    await signUp(rita.page, base, newAccount('Rita Reporter'));
    await rita.page.goto(`${base}/en/app/community/posts/${post.id}`);
    await rita.page.getByRole('button', { name: 'Report' }).click();
    const dialog = rita.page.getByRole('dialog', { name: 'Report this post' });
    await expectText(dialog, 'What happens next');
    await expectText(dialog, 'Content that several members report is hidden until then');
    await dialog.getByText('Spam or advertising').click();
    await dialog.getByRole('textbox', { name: /^Details/ }).fill('The same advert in three threads');
    await screenshot(rita.page, 'moderation-report-dialog-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await rita.page.getByRole('status').filter({ hasText: 'A moderator will review this post' }).waitFor();
    await eventually(async () => expect(await rita.page.getByRole('button', { name: 'Reported' }).isDisabled()).toBe(true));

    // Two more members report it: it is hidden at once, for everyone but Sam.
    for (const name of ['Otto Other', 'Una Third']) {
      const member = await openPage(suite.browser);
      await signUp(member.page, base, newAccount(name));
      expect((await api(member.page, 'POST', `/api/community/posts/${post.id}/reports`, { reason: 'spam' })).status).toBe(201);
      await member.close();
    }
    await rita.page.goto(`${base}/en/app/community/posts/${post.id}`);
    await rita.page.getByText("This post isn't here").waitFor();
    await sam.page.goto(`${base}/en/app/community/posts/${post.id}`);
    await expectText(sam.page.getByRole('status').filter({ hasText: 'Hidden pending review' }), 'Several members reported this as “Spam or advertising”');
    await sam.page.goto(`${base}/en/app/community`);
    await expectText(sam.page.getByRole('article').filter({ hasText: 'Miracle pills' }), 'Hidden pending review');

    // ── Morgan, a moderator by MODERATOR_EMAILS, finds it first in the queue.
    const morgan = await openPage(suite.browser);
    await signUp(morgan.page, base, MODERATOR);
    await claimListedAddress(morgan.page, suite.server, MODERATOR, 'moderation-claim-en-desktop');
    await openNav(morgan.page, 'Moderation');
    await expectPath(morgan.page, '/en/app/moderation');
    await morgan.page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const entry = morgan.page.getByRole('article').filter({ hasText: 'Miracle pills' });
    await expectText(entry, '3 reports');
    await expectText(entry, 'Hidden pending review');
    await expectText(entry, 'Spam or advertising ×3');
    await expectText(entry, 'by Sam Seller');
    await shots(morgan.page, 'queue');

    // The detail: the content, who reported it and why.
    await entry.getByRole('link', { name: 'Miracle pills, 10 kg a week' }).click();
    await expectPath(morgan.page, `/en/app/moderation/reports/${post.id}`);
    await morgan.page.getByRole('heading', { level: 1, name: 'Reported post' }).waitFor();
    await expectText(morgan.page.getByRole('main'), 'DM me for miracle pills. Works every time!');
    await expectText(morgan.page.getByRole('main'), 'Rita Reporter');
    await expectText(morgan.page.getByRole('main'), 'The same advert in three threads');
    await shots(morgan.page, 'detail');

    // ── She hides it, with a note for the record.
    await morgan.page.getByRole('textbox', { name: /^Note for the record/ }).fill('Advert, third time this week');
    await morgan.page.getByRole('button', { name: 'Hide', exact: true }).click();
    await morgan.page.getByRole('status').filter({ hasText: 'Hidden. Its author has been told.' }).waitFor();
    await expectText(morgan.page.getByRole('main'), 'Hidden by moderators');
    await expectText(morgan.page.getByRole('main'), 'Morgan Moderator hid a post by Sam Seller');
    await expectText(morgan.page.getByRole('main'), 'Note: Advert, third time this week');

    // ── And suspends Sam for a week, with the reason Sam will read.
    await morgan.page.getByRole('combobox', { name: 'For' }).selectOption('7');
    await morgan.page.getByRole('button', { name: 'Suspend' }).click();
    await expectText(morgan.page.getByRole('alert').first(), 'Give a reason');
    await morgan.page.getByRole('textbox', { name: /^Reason \(shown to them\)/ }).fill('Adverts are not allowed in the forum');
    await morgan.page.getByRole('button', { name: 'Suspend' }).click();
    await morgan.page.getByRole('status').filter({ hasText: 'Sam Seller is suspended until' }).waitFor();
    await expectText(morgan.page.getByRole('main'), 'Reason: Adverts are not allowed in the forum');
    await shots(morgan.page, 'detail-decided');

    // Sam is told in the forum, and the server refuses what the notice says.
    await sam.page.goto(`${base}/en/app/community`);
    await expectText(sam.page.getByRole('status').filter({ hasText: "You can't post, comment or like for now" }), 'Adverts are not allowed in the forum');
    expect((await api(sam.page, 'POST', '/api/community/posts', { title: 'Again', content: 'Still selling miracle pills.', category: 'general' })).status).toBe(403);

    // ── Morgan lifts it from the list of suspended members with one click.
    await morgan.page.goto(`${base}/en/app/moderation`);
    await morgan.page.getByRole('tab', { name: 'Suspended' }).click();
    await expectText(morgan.page.getByRole('tabpanel'), 'Sam Seller');
    await morgan.page.getByRole('button', { name: 'Lift suspension' }).click();
    await morgan.page.getByRole('status').filter({ hasText: 'Suspension lifted' }).waitFor();
    await morgan.page.getByText('No one is suspended').waitFor();
    await sam.page.reload();
    await sam.page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    expect(await sam.page.getByText("You can't post, comment or like for now").count()).toBe(0);

    // The queue has nothing left to review; the history says who did what, and why.
    await morgan.page.getByRole('tab', { name: 'To review' }).click();
    await morgan.page.getByText('Nothing to review').waitFor();
    await morgan.page.getByRole('tab', { name: 'Resolved' }).click();
    await expectText(morgan.page.getByRole('tabpanel'), 'Hidden by Morgan Moderator');
    await morgan.page.getByRole('tab', { name: 'History' }).click();
    const history = morgan.page.getByRole('tabpanel');
    await expectText(history, "Morgan Moderator lifted Sam Seller's suspension");
    await expectText(history, 'Morgan Moderator suspended Sam Seller until');
    await expectText(history, 'Morgan Moderator hid a post by Sam Seller');
    await expectText(history, 'A post by Sam Seller was hidden after several reports');
    await shots(morgan.page, 'history');

    // ── The same pages in Chinese, dark, on a phone.
    const zh = await openPage(suite.browser, { locale: 'zh-CN', colorScheme: 'dark', viewport: PHONE, storageState: await morgan.context.storageState() });
    await zh.page.goto(`${base}/zh/app/moderation?tab=history`);
    await zh.page.getByRole('heading', { level: 1, name: '社区管理' }).waitFor();
    await expectText(zh.page.getByRole('tabpanel'), '隐藏了 Sam Seller 的帖子');
    await screenshot(zh.page, 'moderation-history-zh-dark-phone');
    await zh.page.goto(`${base}/zh/app/moderation/reports/${post.id}`);
    await zh.page.getByRole('heading', { level: 1, name: '被举报的帖子' }).waitFor();
    await expectText(zh.page.getByRole('main'), '已被版主隐藏');
    await screenshot(zh.page, 'moderation-detail-zh-dark-phone');
    expect((await scrollsHorizontally(zh.page)).overflows).toBe(false);
    await openNav(zh.page, '社区管理');
    await expectPath(zh.page, '/zh/app/moderation');

    for (const p of [sam, rita, morgan, zh]) p.expectNoConsoleErrors([403, 404]);
    await Promise.all([sam, rita, morgan, zh].map((p) => p.close()));
  });
});
