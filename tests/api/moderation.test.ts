import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES as MM } from '#core/community/moderation/messages';
import { suspendedUntilText } from '#core/community/schemas';
import { authUser, emailOutbox, moderationActions, postReports } from '#server/db/schema';
import { grantModerators } from '#server/modules/community';
import { createComment, createPost, fieldMessages, member, MISSING_ID } from '../support/community';
import { addressProofToken, claimListedAddress } from '../support/mail';
import { totpFromUri } from '../support/totp';
import { startTestApp, TARGET, type TestApp, type TestClient } from '../support/test-app';

const MODERATOR = 'Mod.Erator@Example.com';

let t: TestApp;
let mod: TestClient;
beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_AUTH: '1000/15m',
    RATE_LIMIT_API: '10000/1m',
    MODERATOR_EMAILS: `${MODERATOR.toLowerCase()}, other-mod@example.com, taken-over@example.com, zh-mod@example.com`,
  });
  mod = t.client();
  await mod.signUp(MODERATOR, 'Str0ngPass', 'Morgan Moderator');
  await claimListedAddress(t, mod, MODERATOR);
});
afterAll(() => t.close());

/** Emails in the outbox to this address, oldest first. */
const mailTo = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(emailOutbox.createdAt);

async function emailOf(c: TestClient): Promise<string> {
  return (await c.get('/api/me')).body.email;
}

const report = (c: TestClient, postId: string, reason = 'spam', details?: string) => c.post(`/api/community/posts/${postId}/reports`, { reason, ...(details ? { details } : {}) });

/** The queue entry of this content, from the moderator's queue. */
async function queued(targetId: string, status: 'open' | 'resolved' = 'open') {
  const res = await mod.get(`/api/moderation/reports?status=${status}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.items.find((g: any) => g.targetId === targetId);
}

describe('the moderator role', () => {
  it('comes to an address in MODERATOR_EMAILS (any case) once its owner chose the password with the emailed link, and shows in /api/me', async () => {
    expect((await mod.get('/api/me')).body).toMatchObject({ role: 'moderator', suspension: null });
    const someone = await member(t);
    expect((await someone.get('/api/me')).body.role).toBe('member');

    // Sign-up alone proves nothing: whoever signs up first with a listed address is not a moderator until the
    // address's owner follows the link, which goes to the address, in the account's language.
    const claimant = t.client();
    await claimant.signUp('Other-Mod@example.com');
    expect((await claimant.get('/api/me')).body.role).toBe('member');
    expect((await claimant.get('/api/moderation/reports')).status).toBe(404);
    expect(await grantModerators(t.db, ['other-mod@example.com'])).toBe(0);
    const [mail] = await mailTo('other-mod@example.com');
    expect(mail).toMatchObject({ subject: 'Confirm your FitForge account' });
    expect(mail!.text).toMatch(/\/en\/reset-password\?token=\S+&claim=1/);
    const owner = t.client();
    const claimed = await claimListedAddress(t, owner, 'Other-Mod@example.com', 'Own3rsPass');
    expect(claimed.body).toEqual({ status: true, signedIn: true });
    expect((await owner.get('/api/me')).body.role).toBe('moderator');
    // An address that is not listed is never asked.
    expect(await mailTo((await someone.get('/api/me')).body.email)).toEqual([]);
  });

  it('goes to the owner of the address, never to whoever signed up with it first: their sessions end, their password and two-factor go', async () => {
    const email = 'taken-over@example.com';
    const attacker = t.client();
    await attacker.signUp(email, 'Att4ckerPass');
    const enable = await attacker.post('/api/auth/two-factor/enable', { password: 'Att4ckerPass' });
    expect((await attacker.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(enable.body.totpURI) })).status).toBe(200);
    const second = TARGET === 'postgres' ? await t.secondInstance() : null;
    try {
      // The attacker's session, cached on this instance (and on another one behind the same database).
      const elsewhere = second?.client().copyCookiesOf(attacker);
      expect((await attacker.get('/api/me')).body.role).toBe('member');
      if (elsewhere) expect((await elsewhere.get('/api/me')).status).toBe(200);

      const owner = t.client();
      await claimListedAddress(t, owner, email, 'Own3rsPass');
      expect((await attacker.get('/api/me')).status).toBe(401);
      expect((await attacker.get('/api/moderation/reports')).status).toBe(404);
      if (elsewhere) await expect.poll(async () => (await elsewhere.get('/api/me')).status, { timeout: 2000 }).toBe(401);
      expect((await t.client().post('/api/auth/sign-in/email', { email, password: 'Att4ckerPass' })).status).toBe(401);

      expect((await owner.get('/api/me')).body).toMatchObject({ email, role: 'moderator' });
      expect((await owner.get('/api/moderation/reports')).status).toBe(200);
      // The owner signs in anywhere with the chosen password alone: the attacker's second factor is gone.
      const later = t.client();
      const signIn = await later.post('/api/auth/sign-in/email', { email, password: 'Own3rsPass' });
      expect(signIn.status).toBe(200);
      expect(signIn.body.twoFactorRedirect).toBeUndefined();
      expect(signIn.body.user.twoFactorEnabled).toBe(false);
      expect((await later.get('/api/me')).body.role).toBe('moderator');
    } finally {
      await second?.close();
    }
  });

  it('stays a member until then: the link works once, and an ordinary password reset of a proven account changes nothing else', async () => {
    const email = 'zh-mod@example.com';
    const first = t.client();
    // Signed up from a Chinese page: the link comes in Chinese and opens the Chinese page.
    const signUp = await first.request('POST', '/api/auth/sign-up/email', { json: { email, password: 'Str0ngPass' }, headers: { referer: 'http://localhost/zh/sign-up' } });
    expect(signUp.status).toBe(200);
    const [mail] = await mailTo(email);
    expect(mail).toMatchObject({ subject: '确认你的 FitForge 账户' });
    expect(mail!.text).toMatch(/\/zh\/reset-password\?token=\S+&claim=1/);
    const token = await addressProofToken(t, email);
    // A wrong or weak try is refused and changes nothing.
    expect((await t.client().post('/api/auth/reset-password', { token, newPassword: 'weak' })).status).toBe(400);
    expect((await first.get('/api/me')).body.role).toBe('member');
    const owner = t.client();
    expect((await owner.post('/api/auth/reset-password', { token, newPassword: 'Own3rsPass' })).body).toEqual({ status: true, signedIn: true });
    expect((await owner.post('/api/auth/reset-password', { token, newPassword: 'Oth3rPass' })).body.error).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect((await owner.get('/api/me')).body.role).toBe('moderator');
  });

  it('is given at start to an existing account of MODERATOR_EMAILS whose address is proven, and reaches its cached profile', async () => {
    const c = t.client();
    const { email } = await c.signUp();
    expect((await c.get('/api/me')).body.role).toBe('member');
    expect(await grantModerators(t.db, [email])).toBe(0);
    await t.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.email, email));
    // What the server does at every start, for this address.
    expect(await grantModerators(t.db, [email.toUpperCase()])).toBe(1);
    expect((await c.get('/api/me')).body.role).toBe('moderator');
    expect((await c.get('/api/moderation/reports')).status).toBe(200);
    expect(await grantModerators(t.db, [email])).toBe(0);
  });

  const setRole = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/jobs/set-role.ts', ...args], { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env } });

  it.runIf(TARGET === 'postgres')(
    'is given and taken by `npm run users:role` on the running database, and the running server follows at once',
    async () => {
      const c = t.client();
      const { email } = await c.signUp();
      expect((await c.get('/api/me')).body.role).toBe('member');
      expect((await c.get('/api/moderation/reports')).status).toBe(404);
      const db = { DATABASE_URL: t.env.databaseUrl! };

      const granted = await setRole([email, 'moderator'], db);
      expect(JSON.parse(granted.stdout)).toEqual({ email, role: 'moderator', changed: true });
      expect((await c.get('/api/me')).body.role).toBe('moderator');
      expect((await c.get('/api/moderation/reports')).status).toBe(200);

      expect(JSON.parse((await setRole([email, 'member'], db)).stdout)).toEqual({ email, role: 'member', changed: true });
      expect((await c.get('/api/me')).body.role).toBe('member');
      expect((await c.get('/api/moderation/reports')).status).toBe(404);
    },
    60_000,
  );

  it.runIf(TARGET === 'pglite')(
    '`npm run users:role` says so when no account has the address, and how to call it',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fitforge-role-'));
      try {
        const missing = await setRole(['nobody@example.com', 'moderator'], { DATA_DIR: dataDir }).catch((e) => e);
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain('No account has the email address nobody@example.com');
        const usage = await setRole(['nobody@example.com', 'admin'], { DATA_DIR: dataDir }).catch((e) => e);
        expect(usage.code).toBe(2);
        expect(usage.stderr).toContain('usage: npm run users:role -- <email> moderator|member');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('moderation routes', () => {
  it('answer 404 to everyone but moderators, signed in or not, exactly as a path that does not exist', async () => {
    const someone = await member(t);
    const stranger = t.client();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/moderation/reports'],
      ['GET', '/api/moderation/reports?status=resolved'],
      ['GET', `/api/moderation/reports/${MISSING_ID}`],
      ['POST', `/api/moderation/reports/${MISSING_ID}/resolve`, { action: 'dismiss' }],
      ['POST', `/api/moderation/users/${MISSING_ID}/suspend`, { days: 1, reason: 'x' }],
      ['DELETE', `/api/moderation/users/${MISSING_ID}/suspend`],
      ['GET', '/api/moderation/suspensions'],
      ['GET', '/api/moderation/actions'],
    ];
    const nothing = await someone.get('/api/moderation/nothing-here');
    expect(nothing.status).toBe(404);
    for (const c of [someone, stranger]) {
      for (const [method, url, json] of routes) {
        const res = await c.request(method, url, json === undefined ? {} : { json });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: nothing.body.error.message, statusCode: 404 });
      }
    }
    expect((await mod.get('/api/moderation/reports')).status).toBe(200);
    expect((await mod.get('/api/moderation/actions')).status).toBe(200);
    expect((await mod.get('/api/moderation/suspensions')).status).toBe(200);
  });

  it('are documented as moderator routes', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/moderation'))
        .sort(),
    ).toEqual([
      '/api/moderation/actions',
      '/api/moderation/reports',
      '/api/moderation/reports/{targetId}',
      '/api/moderation/reports/{targetId}/resolve',
      '/api/moderation/suspensions',
      '/api/moderation/users/{id}/suspend',
    ]);
    expect(Object.keys(doc.paths['/api/moderation/users/{id}/suspend']).sort()).toEqual(['delete', 'post']);
  });
});

describe('the queue', () => {
  it('groups reports by post or comment, with the count, reasons, details, reporters and the content in its context', async () => {
    const author = await member(t, { displayName: 'Alex Author' });
    const [ana, ben] = await Promise.all([member(t, { displayName: 'Ana Reporter' }), member(t, undefined, 'Ben Reporter')]);
    const post = await createPost(author, { title: 'Miracle pills', content: 'Buy my miracle pills, lose 10 kg a week!' });
    const comment = await createComment(author, post.id, 'Seriously, DM me for pills.');
    expect((await report(ana, post.id, 'spam', 'Same advert in every thread')).status).toBe(201);
    expect((await report(ben, post.id, 'misinformation')).status).toBe(201);
    const onComment = await ana.post(`/api/community/comments/${comment.id}/reports`, { reason: 'spam' });
    expect(onComment.status).toBe(201);
    expect(onComment.body).toMatchObject({ postId: post.id, commentId: comment.id, reason: 'spam', status: 'open' });
    // The reporter sees what they reported.
    expect((await ana.get(`/api/community/posts/${post.id}/comments`)).body.items[0].reportedByMe).toBe(true);
    expect((await ben.get(`/api/community/posts/${post.id}/comments`)).body.items[0].reportedByMe).toBe(false);

    const entry = await queued(post.id);
    expect(entry).toMatchObject({
      kind: 'post',
      post: { id: post.id, title: 'Miracle pills' },
      content: 'Buy my miracle pills, lose 10 kg a week!',
      author: { name: 'Alex Author', role: 'member', suspension: null },
      hidden: null,
      resolution: null,
    });
    expect(entry.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'spam', count: 1 },
        { reason: 'misinformation', count: 1 },
      ]),
    );
    expect(entry.reports.map((r: any) => [r.reporter.name, r.reason, r.details]).sort()).toEqual([
      ['Ana Reporter', 'spam', 'Same advert in every thread'],
      ['Ben Reporter', 'misinformation', null],
    ]);
    const onCommentEntry = await queued(comment.id);
    expect(onCommentEntry).toMatchObject({ kind: 'comment', post: { id: post.id, title: 'Miracle pills' }, content: 'Seriously, DM me for pills.', reasons: [{ reason: 'spam', count: 1 }] });

    const detail = await mod.get(`/api/moderation/reports/${comment.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ targetId: comment.id, kind: 'comment', post: { excerpt: 'Buy my miracle pills, lose 10 kg a week!' }, history: [] });
    expect((await mod.get(`/api/moderation/reports/${MISSING_ID}`)).status).toBe(404);
    expect((await mod.get('/api/moderation/reports/not-an-id')).status).toBe(400);
    expect(fieldMessages((await mod.get('/api/moderation/reports?status=closed')).body)).toEqual({ status: MM.status });
  });

  it("refuses a report of one's own comment", async () => {
    const author = await member(t);
    const post = await createPost(author);
    const comment = await createComment(author, post.id);
    const own = await author.post(`/api/community/comments/${comment.id}/reports`, { reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toBe('You cannot report your own comment');
    expect((await (await member(t)).post(`/api/community/comments/${MISSING_ID}/reports`, { reason: 'spam' })).status).toBe(404);
  });
});

describe('the report threshold', () => {
  it('hides content reported by 3 distinct members at once, pending review, and tells its author once, in their language', async () => {
    const author = await member(t);
    expect((await author.put('/api/me/preferences', { locale: 'zh' })).status).toBe(200);
    const authorEmail = await emailOf(author);
    const post = await createPost(author, { title: 'Cheap supplements' });
    const [a, b, c] = await Promise.all([member(t), member(t), member(t)]);

    // One member reporting again and again is one report.
    for (const reason of ['spam', 'other', 'spam']) expect((await report(a, post.id, reason)).status).toBeLessThan(300);
    expect((await b.get(`/api/community/posts/${post.id}`)).status).toBe(200);
    expect((await report(b, post.id, 'spam')).status).toBe(201);
    expect((await c.get(`/api/community/posts/${post.id}`)).status).toBe(200);
    expect(await mailTo(authorEmail)).toHaveLength(0);

    expect((await report(c, post.id, 'harassment')).status).toBe(201);
    expect((await c.get(`/api/community/posts/${post.id}`)).status).toBe(404);
    const seen = (await author.get(`/api/community/posts/${post.id}`)).body;
    expect(seen.hidden).toMatchObject({ by: 'reports', reason: 'spam' });
    const mails = await mailTo(authorEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('你的帖子已被隐藏，等待审核');
    expect(mails[0].text).toContain('“Cheap supplements”');
    expect(mails[0].text).toContain(`/zh/app/community/posts/${post.id}`);
  });

  it.each([
    ['exactly 3 members at once, none before', 0, 3],
    ['12 members at once, 2 before', 2, 12],
  ])('hides exactly once and sends one email when reports arrive together: %s', async (_name, before, together) => {
    const author = await member(t);
    const authorEmail = await emailOf(author);
    const post = await createPost(author);
    const reporters = await Promise.all(Array.from({ length: before + together }, () => member(t)));
    for (const r of reporters.slice(0, before)) expect((await report(r, post.id)).status).toBe(201);

    // Once it is hidden, a report that arrives after answers 404 like any other request about it from a member.
    const answers = (await Promise.all(reporters.slice(before).map((r) => report(r, post.id)))).map((a) => a.status);
    expect(answers.filter((s) => s !== 201 && s !== 404)).toEqual([]);
    const stored = answers.filter((s) => s === 201).length;
    expect(stored).toBeGreaterThanOrEqual(3 - before);

    expect((await reporters[0].get(`/api/community/posts/${post.id}`)).status).toBe(404);
    expect((await author.get(`/api/community/posts/${post.id}`)).body.hidden).toMatchObject({ by: 'reports', reason: 'spam' });
    expect(await t.db.select().from(postReports).where(eq(postReports.targetId, post.id))).toHaveLength(before + stored);
    const hides = await t.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetId, post.id), eq(moderationActions.action, 'auto_hide')));
    expect(hides).toHaveLength(1);
    expect(hides[0]).toMatchObject({ moderatorId: null, reason: 'spam' });
    expect(await mailTo(authorEmail)).toHaveLength(1);
  });

  it('hides a comment the same way: gone from the conversation and its count for everyone but its author and the moderators', async () => {
    const author = await member(t);
    const poster = await member(t);
    const post = await createPost(poster);
    await createComment(poster, post.id, 'A fine comment.');
    const comment = await createComment(author, post.id, 'You are all idiots.');
    const reporters = await Promise.all([member(t), member(t), member(t)]);
    await Promise.all(reporters.map((r) => r.post(`/api/community/comments/${comment.id}/reports`, { reason: 'harassment' })));

    const forOthers = (await poster.get(`/api/community/posts/${post.id}/comments`)).body;
    expect(forOthers.items.map((c: any) => c.content)).toEqual(['A fine comment.']);
    expect(forOthers.total).toBe(1);
    expect((await poster.get(`/api/community/posts/${post.id}`)).body.commentCount).toBe(1);
    expect((await reporters[0].post(`/api/community/comments/${comment.id}/reports`, { reason: 'spam' })).status).toBe(404);

    for (const c of [author, mod]) {
      const list = (await c.get(`/api/community/posts/${post.id}/comments`)).body;
      expect(list.total).toBe(2);
      expect(list.items[1]).toMatchObject({ content: 'You are all idiots.', hidden: { by: 'reports', reason: 'harassment' } });
    }
    const mails = await mailTo(await emailOf(author));
    expect(mails.map((m) => m.subject)).toEqual(['Your comment is hidden pending review']);
  });
});

describe('hidden posts', () => {
  it('leave lists, totals and pages for everyone but their author and moderators, who see them marked', async () => {
    const author = await member(t);
    const other = await member(t);
    const post = await createPost(author, { category: 'questions', title: 'To be hidden' });
    const kept = await createPost(author, { category: 'questions', title: 'Kept' });
    const before = (await other.get('/api/community/posts?category=questions&limit=100')).body.total;
    const reporters = await Promise.all([member(t), member(t), member(t)]);
    await Promise.all(reporters.map((r) => report(r, post.id, 'inappropriate')));

    const listed = async (c: TestClient, category = '?category=questions&limit=100') => (await c.get(`/api/community/posts${category}`)).body;
    const forOther = await listed(other);
    expect(forOther.items.map((p: any) => p.id)).not.toContain(post.id);
    expect(forOther.items.map((p: any) => p.id)).toContain(kept.id);
    expect(forOther.total).toBe(before - 1);
    expect((await listed(other, '?limit=100')).items.map((p: any) => p.id)).not.toContain(post.id);
    for (const [method, url, json] of [
      ['GET', `/api/community/posts/${post.id}`],
      ['GET', `/api/community/posts/${post.id}/comments`],
      ['POST', `/api/community/posts/${post.id}/comments`, { content: 'Hello?' }],
      ['PUT', `/api/community/posts/${post.id}/like`],
      ['POST', `/api/community/posts/${post.id}/reports`, { reason: 'spam' }],
    ] as [string, string, unknown?][]) {
      const res = await other.request(method, url, json === undefined ? {} : { json });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.error.message).toBe(`Post with id ${post.id} not found`);
    }

    for (const c of [author, mod]) {
      const list = await listed(c);
      expect(list.total).toBe(before);
      expect(list.items.find((p: any) => p.id === post.id).hidden).toMatchObject({ by: 'reports', reason: 'inappropriate' });
      expect(list.items.find((p: any) => p.id === kept.id).hidden).toBeNull();
      expect((await c.get(`/api/community/posts/${post.id}`)).status).toBe(200);
    }
  });
});

describe("a moderator's decision", () => {
  it('dismissing shows hidden content again, closes its reports, tells the author and is recorded with the note', async () => {
    const author = await member(t);
    const authorEmail = await emailOf(author);
    const other = await member(t);
    const post = await createPost(author, { title: 'Honest question' });
    await Promise.all([member(t), member(t), member(t)].map(async (r) => report(await r, post.id, 'misinformation')));
    expect((await other.get(`/api/community/posts/${post.id}`)).status).toBe(404);
    expect(await queued(post.id)).toMatchObject({ hidden: { by: 'reports' } });

    const res = await mod.post(`/api/moderation/reports/${post.id}/resolve`, { action: 'dismiss', note: '  A fair question, not advice. ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hidden: null, resolution: { action: 'dismiss', moderator: { name: 'Morgan Moderator' }, note: 'A fair question, not advice.' } });
    expect(res.body.reports.map((r: any) => r.status)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    expect(res.body.history.map((a: any) => a.action)).toEqual(['dismiss', 'auto_hide']);

    expect((await other.get(`/api/community/posts/${post.id}`)).body.hidden).toBeNull();
    expect(await queued(post.id)).toBeUndefined();
    expect(await queued(post.id, 'resolved')).toMatchObject({ resolution: { action: 'dismiss' } });
    expect((await mailTo(authorEmail)).map((m) => m.subject)).toEqual(['Your post is hidden pending review', 'Your post is visible again']);
  });

  it('hiding takes content from everyone but its author, closes its reports and tells the author', async () => {
    const author = await member(t);
    const other = await member(t);
    const post = await createPost(author, { title: 'Rude post' });
    expect((await report(other, post.id, 'harassment', 'Insults a member by name')).status).toBe(201);
    const res = await mod.post(`/api/moderation/reports/${post.id}/resolve`, { action: 'hide' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hidden: { by: 'moderator', reason: 'harassment' }, resolution: { action: 'hide', note: null } });
    expect(res.body.reports[0].status).toBe('reviewed');
    expect((await other.get(`/api/community/posts/${post.id}`)).status).toBe(404);
    expect((await author.get(`/api/community/posts/${post.id}`)).body.hidden).toMatchObject({ by: 'moderator', reason: 'harassment' });
    expect((await mailTo(await emailOf(author))).map((m) => m.subject)).toEqual(['A moderator hid your post']);
    // Hiding it again changes nothing the author can see: no second email.
    expect((await mod.post(`/api/moderation/reports/${post.id}/resolve`, { action: 'hide' })).status).toBe(200);
    expect(await mailTo(await emailOf(author))).toHaveLength(1);
  });

  it('checks its input', async () => {
    const author = await member(t);
    const post = await createPost(author);
    await report(await member(t), post.id);
    const bad = async (body: unknown) => fieldMessages((await mod.post(`/api/moderation/reports/${post.id}/resolve`, body)).body);
    expect(await bad({})).toEqual({ action: MM.action });
    expect(await bad({ action: 'delete' })).toEqual({ action: MM.action });
    expect(await bad({ action: 'hide', note: 'x'.repeat(501) })).toEqual({ note: MM.noteMax });
    expect((await mod.post(`/api/moderation/reports/${MISSING_ID}/resolve`, { action: 'hide' })).status).toBe(404);
    expect((await mod.post('/api/moderation/reports/nope/resolve', { action: 'hide' })).status).toBe(400);
    expect((await queued(post.id)).hidden).toBeNull();
  });
});

describe('suspensions', () => {
  it('stop posting, commenting and liking with a clear 403 until lifted with one call', async () => {
    const troll = await member(t, { displayName: 'Troll' });
    const trollId = (await troll.get('/api/me')).body.id;
    const someone = await member(t);
    const post = await createPost(someone);
    const own = await createPost(troll);
    expect((await troll.put(`/api/community/posts/${post.id}/like`)).status).toBe(200);

    const res = await mod.post(`/api/moderation/users/${trollId}/suspend`, { days: 7, reason: 'Insulting members' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: trollId, name: 'Troll', role: 'member', suspension: { reason: 'Insulting members' } });
    const until = new Date(res.body.suspension.until);
    expect(until.getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect((await troll.get('/api/me')).body.suspension).toEqual({ until: until.toISOString(), reason: 'Insulting members' });

    for (const [method, url, json] of [
      ['POST', '/api/community/posts', { title: 'Again', content: 'Still here, still loud.', category: 'general' }],
      ['PATCH', `/api/community/posts/${own.id}`, { title: 'Edited while suspended' }],
      ['POST', `/api/community/posts/${post.id}/comments`, { content: 'Hello' }],
      ['PUT', `/api/community/posts/${post.id}/like`],
      // A suspended member's report would still count towards hiding someone else's post.
      ['POST', `/api/community/posts/${post.id}/reports`, { reason: 'spam' }],
    ] as [string, string, unknown?][]) {
      const refused = await troll.request(method, url, json === undefined ? {} : { json });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: 'FORBIDDEN',
        message: `Your account is suspended from posting, commenting and liking until ${suspendedUntilText(until)} UTC`,
        messageKey: 'community.suspended',
        params: { until: suspendedUntilText(until) },
      });
    }
    // Reading, taking back a like and deleting one's own words stay open.
    expect((await troll.get(`/api/community/posts/${post.id}`)).status).toBe(200);
    expect((await troll.delete(`/api/community/posts/${post.id}/like`)).status).toBe(200);
    expect((await mod.get('/api/moderation/suspensions')).body.items.map((m: any) => m.id)).toContain(trollId);

    const lifted = await mod.delete(`/api/moderation/users/${trollId}/suspend`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.suspension).toBeNull();
    expect((await troll.get('/api/me')).body.suspension).toBeNull();
    expect((await troll.put(`/api/community/posts/${post.id}/like`)).status).toBe(200);
    expect((await mod.get('/api/moderation/suspensions')).body.items.map((m: any) => m.id)).not.toContain(trollId);
    // Lifting again changes nothing and records nothing.
    expect((await mod.delete(`/api/moderation/users/${trollId}/suspend`)).status).toBe(200);
    const recorded = await t.db.select().from(moderationActions).where(eq(moderationActions.memberId, trollId));
    expect(recorded.map((a) => a.action).sort()).toEqual(['suspend', 'unsuspend']);
  });

  it('end by themselves when their time is up', async () => {
    const c = await member(t);
    const id = (await c.get('/api/me')).body.id;
    expect((await mod.post(`/api/moderation/users/${id}/suspend`, { days: 1, reason: 'Spam' })).status).toBe(200);
    expect((await c.post('/api/community/posts', { title: 'Hi', content: 'Hello everyone here.', category: 'general' })).status).toBe(403);
    await t.db.execute(sql`UPDATE users SET suspended_until = now() - interval '1 second' WHERE id = ${id}`);
    expect((await c.post('/api/community/posts', { title: 'Hi', content: 'Hello everyone here.', category: 'general' })).status).toBe(201);
    expect((await c.get('/api/me')).body.suspension).toBeNull();
  });

  it('check their input, and spare moderators', async () => {
    const c = await member(t);
    const id = (await c.get('/api/me')).body.id;
    const bad = async (body: unknown) => fieldMessages((await mod.post(`/api/moderation/users/${id}/suspend`, body)).body);
    expect(await bad({ days: 0, reason: 'x' })).toEqual({ days: MM.days });
    expect(await bad({ days: 366, reason: 'x' })).toEqual({ days: MM.days });
    expect(await bad({ days: 1.5, reason: 'x' })).toEqual({ days: MM.days });
    expect(await bad({ days: '3', reason: 'x' })).toEqual({ days: MM.days });
    expect(await bad({ days: 3, reason: '   ' })).toEqual({ reason: MM.reasonRequired });
    expect(await bad({ days: 3 })).toEqual({ reason: MM.reasonRequired });
    expect(await bad({ days: 3, reason: 'x'.repeat(501) })).toEqual({ reason: MM.reasonMax });
    expect((await c.get('/api/me')).body.suspension).toBeNull();

    expect((await mod.post(`/api/moderation/users/${MISSING_ID}/suspend`, { days: 1, reason: 'x' })).status).toBe(404);
    const modId = (await mod.get('/api/me')).body.id;
    const self = await mod.post(`/api/moderation/users/${modId}/suspend`, { days: 1, reason: 'x' });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(MM.suspendModerator);
  });
});

describe('the history', () => {
  it('records every action: who, what, when and why, newest first', async () => {
    const author = await member(t, { displayName: 'Histor Author' });
    const authorId = (await author.get('/api/me')).body.id;
    const post = await createPost(author, { title: 'For the record' });
    await report(await member(t), post.id, 'spam');
    await mod.post(`/api/moderation/reports/${post.id}/resolve`, { action: 'hide', note: 'Advert' });
    await mod.post(`/api/moderation/users/${authorId}/suspend`, { days: 2, reason: 'Repeated adverts' });
    await mod.delete(`/api/moderation/users/${authorId}/suspend`);

    const res = await mod.get('/api/moderation/actions?limit=3');
    expect(res.status).toBe(200);
    const moderator = { name: 'Morgan Moderator' };
    const subject = { id: authorId, name: 'Histor Author' };
    expect(res.body.items).toMatchObject([
      { action: 'unsuspend', moderator, member: subject, target: null },
      { action: 'suspend', moderator, member: subject, reason: 'Repeated adverts', target: null },
      { action: 'hide', moderator, member: subject, reason: 'spam', note: 'Advert', target: { kind: 'post', id: post.id, postId: post.id, title: 'For the record' } },
    ]);
    expect(res.body.items[1].suspendedUntil).not.toBeNull();
    expect(Date.now() - new Date(res.body.items[0].createdAt).getTime()).toBeLessThan(60_000);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    expect(fieldMessages((await mod.get('/api/moderation/actions?page=0')).body)).toEqual({ page: 'Page must be greater than 0' });
  });
});
