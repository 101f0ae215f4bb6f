import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_CATEGORIES } from '#core/community/schemas';
import { COMMUNITY_MESSAGES as M } from '#core/community/messages';
import { comments, postCategoryCounts, postLikes, postReports, posts, users, workoutSummaries } from '#server/db/schema';
import { createComment, createPost, fieldMessages, member, MISSING_ID, validPost } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m' });
});
afterAll(() => t.close());

describe('access', () => {
  it('needs a session on every route', async () => {
    const c = t.client();
    const routes: [string, string][] = [
      ['GET', '/api/community/posts'],
      ['POST', '/api/community/posts'],
      ['GET', `/api/community/posts/${MISSING_ID}`],
      ['PATCH', `/api/community/posts/${MISSING_ID}`],
      ['DELETE', `/api/community/posts/${MISSING_ID}`],
      ['GET', `/api/community/posts/${MISSING_ID}/comments`],
      ['POST', `/api/community/posts/${MISSING_ID}/comments`],
      ['PATCH', `/api/community/comments/${MISSING_ID}`],
      ['DELETE', `/api/community/comments/${MISSING_ID}`],
      ['PUT', `/api/community/posts/${MISSING_ID}/like`],
      ['DELETE', `/api/community/posts/${MISSING_ID}/like`],
      ['POST', `/api/community/posts/${MISSING_ID}/reports`],
      ['POST', `/api/community/comments/${MISSING_ID}/reports`],
    ];
    for (const [method, path] of routes) {
      const res = await c.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue', path, method });
    }
  });

  it('is open to every tier, an inactive subscription included (hasCommunityAccess)', async () => {
    for (const [tier, status] of [
      ['free', 'active'],
      ['basic', 'past_due'],
      ['pro', 'canceling'],
      ['pro', 'inactive'],
    ] as const) {
      const c = await member(t);
      const me = (await c.get('/api/me')).body;
      await t.db.update(users).set({ subscriptionTier: tier, subscriptionStatus: status }).where(eq(users.id, me.id));
      expect((await c.get('/api/community/posts')).status).toBe(200);
      expect((await c.post('/api/community/posts', validPost())).status).toBe(201);
    }
  });
});

describe('POST /api/community/posts', () => {
  it('creates a post and answers it whole, with its author', async () => {
    const c = await member(t, undefined, 'Mei Chen');
    const res = await c.post('/api/community/posts', validPost({ title: '  My   first\npost ', content: 'Line one\r\n\r\n\r\n\r\nLine two  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'My first post',
      content: 'Line one\n\nLine two',
      category: 'training',
      author: { name: 'Mei Chen', streak: 0 },
      commentCount: 0,
      likeCount: 0,
      likedByMe: false,
      isOwn: true,
      reportedByMe: false,
      editedAt: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const me = (await c.get('/api/me')).body;
    expect(res.body.author.id).toBe(me.id);
  });

  it('accepts the limits exactly and every category', async () => {
    const c = await member(t);
    for (const category of POST_CATEGORIES) {
      const res = await c.post('/api/community/posts', { title: 'x'.repeat(200), content: 'y'.repeat(5000), category });
      expect(res.status).toBe(201);
      expect(res.body.title).toHaveLength(200);
      expect(res.body.content).toHaveLength(5000);
    }
    expect((await c.post('/api/community/posts', { title: 'x', content: '0123456789', category: 'general' })).status).toBe(201);
  });

  it('rejects each rule with its message and stores nothing', async () => {
    const c = await member(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { title: M.titleRequired, content: M.contentRequired, category: M.category }],
      [
        { title: '', content: '012345678', category: 'general' },
        { title: M.titleRequired, content: M.contentMin },
      ],
      [
        { title: '   \n ', content: '   012345678    ', category: 'general' },
        { title: M.titleRequired, content: M.contentMin },
      ],
      [
        { title: 'x'.repeat(201), content: 'y'.repeat(5001), category: 'general' },
        { title: M.titleMax, content: M.contentMax },
      ],
      [{ title: 'ok', content: '0123456789', category: 'yoga' }, { category: M.category }],
      [
        { title: 42, content: ['x'], category: null },
        { title: M.titleRequired, content: M.contentRequired, category: M.category },
      ],
    ];
    for (const [body, expected] of cases) {
      const res = await c.post('/api/community/posts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation failed', statusCode: 400 });
      expect(fieldMessages(res.body)).toEqual(expected);
    }
    const extra = await c.post('/api/community/posts', validPost({ userId: MISSING_ID }));
    expect(extra.status).toBe(400);
    const me = (await c.get('/api/me')).body;
    expect(await t.db.select().from(posts).where(eq(posts.userId, me.id))).toHaveLength(0);
  });

  it('rejects a body that is not JSON', async () => {
    const c = await member(t);
    const res = await c.request('POST', '/api/community/posts', { body: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/community/posts', () => {
  it('lists newest first with the contract envelope, paginated, per category', async () => {
    const c = await member(t);
    const before = (await c.get('/api/community/posts?category=progress&limit=1')).body.total;
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createPost(c, { title: `Progress ${i}`, category: 'progress' }));
    await createPost(c, { title: 'Elsewhere', category: 'nutrition' });

    const first = await c.get('/api/community/posts?category=progress&limit=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 2, total: before + 5, totalPages: Math.ceil((before + 5) / 2) });
    expect(first.body.items.map((p: any) => p.title)).toEqual(['Progress 4', 'Progress 3']);
    const second = await c.get('/api/community/posts?category=progress&limit=2&page=2');
    expect(second.body.items.map((p: any) => p.title)).toEqual(['Progress 2', 'Progress 1']);
    expect(second.body.page).toBe(2);
    for (const item of [...first.body.items, ...second.body.items]) expect(item.category).toBe('progress');

    const all = await c.get('/api/community/posts');
    expect(all.body).toMatchObject({ page: 1, limit: 20 });
    expect(all.body.items[0].title).toBe('Elsewhere');
    expect(all.body.items[1].title).toBe('Progress 4');
    const [{ total }] = await t.db.select({ total: postCategoryCounts.postCount }).from(postCategoryCounts).where(eq(postCategoryCounts.category, 'progress'));
    expect(total).toBe(before + 5);
    expect(all.body.total).toBe((await t.db.select().from(posts)).length);
  });

  it('gives each item an excerpt, the counts and what the viewer did', async () => {
    const author = await member(t);
    const reader = await member(t);
    const long = `${'Protein timing matters less than the daily total. '.repeat(20)}END`;
    const post = await createPost(author, { content: long, category: 'nutrition' });
    await createComment(reader, post.id);
    await reader.put(`/api/community/posts/${post.id}/like`);
    const item = (await reader.get('/api/community/posts?category=nutrition')).body.items[0];
    expect(item).toMatchObject({ id: post.id, commentCount: 1, likeCount: 1, likedByMe: true, isOwn: false });
    expect(item).not.toHaveProperty('content');
    expect(item.excerpt.length).toBeLessThanOrEqual(241);
    expect(item.excerpt.endsWith('…')).toBe(true);
    expect(long.startsWith(item.excerpt.slice(0, -1))).toBe(true);
    const own = (await author.get('/api/community/posts?category=nutrition')).body.items[0];
    expect(own).toMatchObject({ likedByMe: false, isOwn: true, excerpt: expect.any(String) });
  });

  it('answers an empty page past the end and validates the query', async () => {
    const c = await member(t);
    const far = await c.get('/api/community/posts?page=100000');
    expect(far.status).toBe(200);
    expect(far.body.items).toEqual([]);
    expect(far.body.page).toBe(100000);
    const cases: [string, Record<string, string>][] = [
      ['page=0', { page: 'Page must be greater than 0' }],
      ['page=abc', { page: 'Page must be greater than 0' }],
      ['limit=0', { limit: 'Limit must be between 1 and 100' }],
      ['limit=101', { limit: 'Limit must be between 1 and 100' }],
      ['category=yoga', { category: M.category }],
    ];
    for (const [query, expected] of cases) {
      const res = await c.get(`/api/community/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(fieldMessages(res.body)).toEqual(expected);
    }
  });

  it('shows the community display name, and the streak only when the author shows it', async () => {
    const shown = await member(t, { displayName: 'IronMei', showStreak: true }, 'Mei Chen');
    const hidden = await member(t, { showStreak: false }, 'Sam Hidden');
    const defaults = await member(t, undefined, 'Dee Fault');
    const a = await createPost(shown);
    const b = await createPost(hidden);
    const d = await createPost(defaults);
    expect(a.author).toMatchObject({ name: 'IronMei', streak: 0 });
    expect(b.author).toMatchObject({ name: 'Sam Hidden', streak: null });
    expect(d.author).toMatchObject({ name: 'Dee Fault', streak: 0 });
    // A live run of workouts shows as the author's streak (user_stats), a lapsed one as 0, a hidden one not at all.
    const day = 86_400_000;
    await t.db.insert(workoutSummaries).values([
      { userId: a.author.id, currentRun: 12, longestStreak: 12, aliveUntil: new Date(Date.now() + day) },
      { userId: b.author.id, currentRun: 30, longestStreak: 30, aliveUntil: new Date(Date.now() + day) },
      { userId: d.author.id, currentRun: 4, longestStreak: 4, aliveUntil: new Date(Date.now() - day) },
    ]);
    const authors = Object.fromEntries((await defaults.get('/api/community/posts?limit=10')).body.items.map((p: any) => [p.id, p.author.streak]));
    expect([authors[a.id], authors[b.id], authors[d.id]]).toEqual([12, null, 0]);
    const comment = await createComment(shown, d.id);
    expect(comment.author.streak).toBe(12);
    // A later change shows on posts already written: authors are read with the posts, not copied into them.
    await shown.put('/api/me/community-settings', { displayName: null, showStreak: false });
    const items = (await defaults.get('/api/community/posts')).body.items;
    expect(items.find((p: any) => p.id === a.id).author).toMatchObject({ name: 'Mei Chen', streak: null });
  });
});

describe('GET /api/community/posts/:id', () => {
  it('answers the whole post to any member', async () => {
    const author = await member(t);
    const post = await createPost(author);
    const res = await (await member(t)).get(`/api/community/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: post.id, content: post.content, isOwn: false, likedByMe: false, reportedByMe: false });
  });

  it('answers 404 with the entity and id, and 400 for a malformed id', async () => {
    const c = await member(t);
    const missing = await c.get(`/api/community/posts/${MISSING_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Post with id ${MISSING_ID} not found` });
    const bad = await c.get('/api/community/posts/not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ field: 'id', message: 'Invalid ID format', messageKey: 'common.id' }]);
  });
});

describe('PATCH /api/community/posts/:id', () => {
  it('lets the author change any field and marks the post edited', async () => {
    const c = await member(t);
    const post = await createPost(c, { category: 'general' });
    const res = await c.patch(`/api/community/posts/${post.id}`, { title: 'Edited title', category: 'questions' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Edited title', content: post.content, category: 'questions' });
    expect(res.body.editedAt).not.toBeNull();
    expect(res.body.createdAt).toBe(post.createdAt);
    const again = await c.patch(`/api/community/posts/${post.id}`, { content: 'Now with more detail.' });
    expect(again.body).toMatchObject({ title: 'Edited title', content: 'Now with more detail.' });
  });

  it('moves the post between category counts', async () => {
    const c = await member(t);
    const count = async (category: string) => (await c.get(`/api/community/posts?category=${category}&limit=1`)).body.total;
    const post = await createPost(c, { category: 'general' });
    const [general, questions] = [await count('general'), await count('questions')];
    await c.patch(`/api/community/posts/${post.id}`, { category: 'questions' });
    expect(await count('general')).toBe(general - 1);
    expect(await count('questions')).toBe(questions + 1);
  });

  it('validates like creation, and refuses an empty change', async () => {
    const c = await member(t);
    const post = await createPost(c);
    const short = await c.patch(`/api/community/posts/${post.id}`, { content: 'too short' });
    expect(fieldMessages(short.body)).toEqual({ content: M.contentMin });
    const empty = await c.patch(`/api/community/posts/${post.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([{ field: 'body', message: M.nothingToUpdate, messageKey: 'common.nothingToUpdate' }]);
    const unknown = await c.patch(`/api/community/posts/${post.id}`, { likeCount: 1000 });
    expect(unknown.status).toBe(400);
    expect((await c.get(`/api/community/posts/${post.id}`)).body).toMatchObject({ title: post.title, likeCount: 0, editedAt: null });
  });
});

describe('DELETE /api/community/posts/:id', () => {
  it('removes the post with its comments, likes and reports', async () => {
    const author = await member(t);
    const other = await member(t);
    const post = await createPost(author);
    await createComment(other, post.id);
    await createComment(author, post.id);
    await other.put(`/api/community/posts/${post.id}/like`);
    await other.post(`/api/community/posts/${post.id}/reports`, { reason: 'spam' });
    const total = (await author.get('/api/community/posts?limit=1')).body.total;

    const res = await author.delete(`/api/community/posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await other.get(`/api/community/posts/${post.id}`)).status).toBe(404);
    expect((await other.get(`/api/community/posts/${post.id}/comments`)).status).toBe(404);
    for (const table of [comments, postLikes, postReports]) {
      expect(await t.db.select().from(table).where(eq(table.postId, post.id))).toHaveLength(0);
    }
    expect((await author.get('/api/community/posts?limit=1')).body.total).toBe(total - 1);
    expect((await author.delete(`/api/community/posts/${post.id}`)).status).toBe(404);
  });
});

describe('deleting an account', () => {
  it('takes its posts, comments and likes, and every count follows', async () => {
    const stays = await member(t);
    const leaves = await member(t);
    const kept = await createPost(stays, { category: 'questions' });
    await createPost(leaves, { category: 'questions' });
    await createComment(leaves, kept.id);
    await createComment(stays, kept.id);
    await leaves.put(`/api/community/posts/${kept.id}/like`);
    const before = (await stays.get('/api/community/posts?category=questions&limit=1')).body.total;

    expect((await leaves.delete('/api/me', { password: 'Str0ngPass' })).status).toBe(200);
    expect((await stays.get(`/api/community/posts/${kept.id}`)).body).toMatchObject({ commentCount: 1, likeCount: 0 });
    expect((await stays.get(`/api/community/posts/${kept.id}/comments`)).body.total).toBe(1);
    expect((await stays.get('/api/community/posts?category=questions&limit=1')).body.total).toBe(before - 1);
  });
});

describe('OpenAPI', () => {
  it('documents every community route', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/community'));
    expect(paths.sort()).toEqual([
      '/api/community/comments/{id}',
      '/api/community/comments/{id}/reports',
      '/api/community/posts',
      '/api/community/posts/{id}',
      '/api/community/posts/{id}/comments',
      '/api/community/posts/{id}/like',
      '/api/community/posts/{id}/reports',
    ]);
    expect(Object.keys(doc.paths['/api/community/posts/{id}']).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(doc.paths['/api/community/posts/{id}/like']).sort()).toEqual(['delete', 'put']);
  });
});
