import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, openPage, screenshot, scrollsHorizontally } from './support/browser';
import { eventually, expectPath, expectText, newAccount, signUp, openNav } from './support/flows';
import { browserSuite } from './support/suite';

/** The narrowest phone the forum is built for. */
const PHONE_360 = { width: 360, height: 760 };

async function shots(page: Page, name: string, options?: { fullPage?: boolean }) {
  await screenshot(page, `community-${name}-desktop`, options);
  await page.setViewportSize(PHONE_360);
  await page.waitForTimeout(100);
  const overflow = await scrollsHorizontally(page);
  expect(overflow.overflows, `${name} scrolls sideways at 360 px (${overflow.scrollWidth})`).toBe(false);
  await screenshot(page, `community-${name}-phone`, options);
  await page.setViewportSize(DESKTOP);
}

/** A script dialog would mean something a member wrote ran in another member's browser. */
function noScriptDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** Writes posts through the API from the signed-in page, as the app itself would (anti-forgery header included). */
async function seedPosts(page: Page, count: number, category: string) {
  await page.evaluate(
    async ({ count, category }) => {
      const { token } = await (await fetch('/api/csrf-token', { credentials: 'include' })).json();
      for (let i = 1; i <= count; i++) {
        const res = await fetch('/api/community/posts', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-csrf-token': token },
          body: JSON.stringify({ title: `Week ${i} check-in`, content: `Week ${i}: all sessions done, sleep was decent.`, category }),
        });
        if (res.status !== 201) throw new Error(`seed failed: ${res.status}`);
      }
    },
    { count, category },
  );
}

browserSuite('community (browser)', (suite) => {
  it('two members talk in English and Chinese: post, comment, like, report, edit, delete', async () => {
    // ── Ada, in English and the light theme, finds an empty forum.
    const ada = await openPage(suite.browser);
    const adaDialogs = noScriptDialogs(ada.page);
    await signUp(ada.page, suite.server.url, newAccount('Ada Lovelace'));
    await openNav(ada.page, 'Community');
    await expectPath(ada.page, '/en/app/community');
    await ada.page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    await ada.page.getByText('No posts yet').waitFor();
    expect(await ada.page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await shots(ada.page, 'empty');

    // ── She writes a post; the form checks it as she types.
    await ada.page.getByRole('link', { name: 'New post' }).first().click();
    await expectPath(ada.page, '/en/app/community/new');
    const title = ada.page.getByRole('textbox', { name: 'Title' });
    const content = ada.page.getByRole('textbox', { name: 'Content' });
    await content.fill('Too short');
    await title.click(); // leaving the field shows what is wrong with it
    await expectText(ada.page.getByRole('alert').first(), 'Content must be at least 10 characters');
    await content.fill('Pulled 100 kg today <script>alert("xss")</script>\nVideo: https://example.com/deadlift-form, feedback welcome!');
    await eventually(async () => expect(await ada.page.getByText('Content must be at least 10 characters').count()).toBe(0));
    await title.fill('Deadlift form check <img src=x onerror=alert(1)>');
    await ada.page.getByRole('combobox', { name: 'Category' }).selectOption('training');
    await shots(ada.page, 'new-post');
    await ada.page.getByRole('button', { name: 'Publish' }).click();
    await expectPath(ada.page, /^\/en\/app\/community\/posts\/[0-9a-f-]{36}$/);
    const postPath = new URL(ada.page.url()).pathname;
    const postId = postPath.split('/').at(-1)!;
    const zhPostPath = postPath.replace(/^\/en\//, '/zh/');

    // What she typed shows as text; the address is a safe link; no markup came to life.
    const heading = ada.page.getByRole('heading', { level: 1 });
    await expectText(heading, 'Deadlift form check <img src=x onerror=alert(1)>');
    await ada.page.getByText('<script>alert("xss")</script>', { exact: false }).waitFor();
    const link = ada.page.getByRole('link', { name: 'https://example.com/deadlift-form' });
    expect(await link.getAttribute('href')).toBe('https://example.com/deadlift-form');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await ada.page.locator('main img, main script').count()).toBe(0);
    await ada.page.getByText('No comments yet. Start the conversation.').waitFor();
    await shots(ada.page, 'post-own');

    // ── Bo, in Chinese on a dark phone, finds the post and joins in.
    const bo = await openPage(suite.browser, { locale: 'zh-CN', colorScheme: 'dark', viewport: PHONE_360 });
    const boDialogs = noScriptDialogs(bo.page);
    await signUp(bo.page, suite.server.url, newAccount('Bo Zhang'), 'zh');
    await openNav(bo.page, '社区');
    await expectPath(bo.page, '/zh/app/community');
    await bo.page.getByRole('tab', { name: '训练' }).click();
    await bo.page.getByRole('link', { name: 'Deadlift form check <img src=x onerror=alert(1)>' }).click();
    await expectPath(bo.page, zhPostPath);
    // Not his post: no edit or delete, a report action instead.
    await bo.page.getByRole('button', { name: '举报' }).waitFor();
    expect(await bo.page.getByRole('link', { name: '编辑' }).count()).toBe(0);
    expect(await bo.page.getByRole('button', { name: '删除' }).count()).toBe(0);

    const like = bo.page.getByRole('button', { name: '点赞' });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await eventually(async () => expect(await like.getAttribute('aria-pressed')).toBe('true'));
    await expectText(like, '1');

    const commentBox = bo.page.getByRole('textbox', { name: '发表评论' });
    await bo.page.getByRole('button', { name: '评论', exact: true }).click();
    await expectText(bo.page.getByRole('alert').first(), '评论不能为空');
    await commentBox.fill('动作很标准！起杠时背再收紧一点。参考 https://example.org/hinge');
    await bo.page.getByRole('button', { name: '评论', exact: true }).click();
    const boComment = bo.page.getByRole('article', { name: 'Bo Zhang 的评论' });
    await expectText(boComment, '动作很标准！');
    expect(await boComment.getByRole('link', { name: 'https://example.org/hinge' }).getAttribute('href')).toBe('https://example.org/hinge');
    await eventually(async () => expect(await commentBox.inputValue()).toBe(''));

    // He reports it too (a stored review request, nothing the author sees).
    await bo.page.getByRole('button', { name: '举报' }).click();
    const report = bo.page.getByRole('dialog', { name: '举报这个帖子' });
    await report.getByText('其他').click();
    await report.getByRole('textbox', { name: /^详细说明/ }).fill('只是测试举报功能');
    await screenshot(bo.page, 'community-report-dialog-zh-dark-phone', { fullPage: false });
    await report.getByRole('button', { name: '提交举报' }).click();
    await bo.page.getByRole('status').filter({ hasText: '感谢反馈' }).waitFor();
    await eventually(async () => expect(await bo.page.getByRole('button', { name: '已举报' }).isDisabled()).toBe(true));
    await screenshot(bo.page, 'community-post-zh-dark-phone');
    expect((await scrollsHorizontally(bo.page)).overflows).toBe(false);

    // ── Ada sees the comment and the like, answers, edits her answer, then removes it.
    await ada.page.reload();
    await expectText(ada.page.getByRole('article', { name: 'Comment by Bo Zhang' }), '动作很标准！');
    await expectText(ada.page.getByRole('button', { name: 'Like' }), '1');
    await expectText(ada.page.getByRole('heading', { level: 2, name: /Comments/ }), '(1)');
    await ada.page.getByRole('textbox', { name: 'Add a comment' }).fill('Thanks Bo! Will film the next set.');
    await ada.page.getByRole('button', { name: 'Comment', exact: true }).click();
    const adaComment = ada.page.getByRole('article', { name: 'Comment by Ada Lovelace' });
    await expectText(adaComment, 'Thanks Bo!');
    await adaComment.getByRole('button', { name: 'Edit' }).click();
    const editBox = adaComment.getByRole('textbox', { name: 'Edit your comment' });
    await editBox.fill('Thanks Bo! Will film the next set from the side.');
    await adaComment.getByRole('button', { name: 'Save' }).click();
    await expectText(adaComment, 'from the side');
    await expectText(adaComment, 'edited');
    await shots(ada.page, 'conversation');
    await adaComment.getByRole('button', { name: 'Delete' }).click();
    const deleteComment = ada.page.getByRole('dialog', { name: 'Delete this comment?' });
    await deleteComment.getByRole('button', { name: 'Delete comment' }).click();
    await eventually(async () => expect(await ada.page.getByRole('article', { name: 'Comment by Ada Lovelace' }).count()).toBe(0));
    // Bo's comment is his: Ada has no way to change it, only to report it.
    const bosComment = ada.page.getByRole('article', { name: 'Comment by Bo Zhang' });
    expect(await bosComment.getByRole('button', { name: /^(Edit|Delete)$/ }).count()).toBe(0);
    await bosComment.getByRole('button', { name: 'Report the comment by Bo Zhang' }).waitFor();

    // ── She edits the post.
    await ada.page.getByRole('link', { name: 'Edit' }).click();
    await expectPath(ada.page, `${postPath}/edit`);
    const editTitle = ada.page.getByRole('textbox', { name: 'Title' });
    await eventually(async () => expect(await editTitle.inputValue()).toContain('Deadlift form check'));
    await editTitle.fill('');
    await ada.page.getByRole('textbox', { name: 'Content' }).click();
    await expectText(ada.page.getByRole('alert').first(), 'Title is required');
    await editTitle.fill('Deadlift form check (100 kg)');
    await ada.page.getByRole('button', { name: 'Save changes' }).click();
    await expectPath(ada.page, postPath);
    await expectText(ada.page.getByRole('heading', { level: 1 }), 'Deadlift form check (100 kg)');
    await expectText(ada.page.getByRole('main'), 'edited');

    // Bo sees the edit.
    await bo.page.reload();
    await expectText(bo.page.getByRole('heading', { level: 1 }), 'Deadlift form check (100 kg)');
    await expectText(bo.page.getByRole('main'), '已编辑');

    // ── More posts than a page holds: the list pages through them, per category.
    await seedPosts(ada.page, 21, 'progress');
    await ada.page.goto(`${suite.server.url}/en/app/community`);
    await ada.page.getByRole('tab', { name: 'Progress' }).click();
    await expectText(ada.page.getByRole('navigation', { name: 'Pages' }), 'Page 1 of 2');
    await ada.page.getByRole('heading', { level: 2, name: 'Week 21 check-in' }).waitFor();
    await shots(ada.page, 'list');
    await ada.page.getByRole('button', { name: 'Next' }).click();
    await expectText(ada.page.getByRole('navigation', { name: 'Pages' }), 'Page 2 of 2');
    await ada.page.getByRole('heading', { level: 2, name: 'Week 1 check-in' }).waitFor();
    expect(new URL(ada.page.url()).search).toBe('?category=progress&page=2');
    await bo.page.goto(`${suite.server.url}/zh/app/community`);
    await expectText(bo.page.getByRole('navigation', { name: '分页' }), '第 1 / 2 页');
    await screenshot(bo.page, 'community-list-zh-dark-phone', { fullPage: false });

    // ── Ada deletes her post after confirming; it is gone for Bo too, with its comment.
    await ada.page.goto(`${suite.server.url}${postPath}`);
    await ada.page.getByRole('button', { name: 'Delete' }).click();
    const confirm = ada.page.getByRole('dialog', { name: 'Delete this post?' });
    await screenshot(ada.page, 'community-delete-post-dialog', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectText(ada.page.getByRole('heading', { level: 1 }), 'Deadlift form check (100 kg)');
    await ada.page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await expectPath(ada.page, '/en/app/community');
    await ada.page.getByRole('status').filter({ hasText: 'Post deleted' }).waitFor();
    await ada.page.getByRole('tab', { name: 'Training' }).click();
    await ada.page.getByText('Nothing in Training yet').waitFor();

    await bo.page.goto(`${suite.server.url}${zhPostPath}`);
    await bo.page.getByText('找不到这个帖子').waitFor();
    await screenshot(bo.page, 'community-post-gone-zh-dark-phone');
    const api = await bo.page.evaluate(async (id) => (await fetch(`/api/community/posts/${id}/comments`)).status, postId);
    expect(api).toBe(404);

    expect(adaDialogs).toEqual([]);
    expect(boDialogs).toEqual([]);
    ada.expectNoConsoleErrors();
    // The deleted post, fetched on purpose.
    bo.expectNoConsoleErrors([404]);
    await ada.close();
    await bo.close();
  });
});
