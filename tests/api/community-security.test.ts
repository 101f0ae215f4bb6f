import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts } from '#server/db/schema';
import { createComment, createPost, member, validPost } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';

// The real limits of the spec: the general API limit is what stops a flood of posts.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m' });
});
afterAll(() => t.close());

const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '"><iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(document.cookie)',
  '<a href="javascript:alert(1)">click</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '<style>body{display:none}</style>',
  "'; DROP TABLE posts; --",
];

describe("another user's post or comment (IDOR)", () => {
  it('cannot be edited or deleted: 404 as if it did not exist, and nothing changes', async () => {
    const owner = await member(t);
    const intruder = await member(t);
    const post = await createPost(owner, { title: 'Mine' });
    const comment = await createComment(owner, post.id, 'My comment');

    for (const res of [await intruder.patch(`/api/community/posts/${post.id}`, { title: 'Hijacked' }), await intruder.delete(`/api/community/posts/${post.id}`)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Post with id ${post.id} not found` });
    }
    for (const res of [await intruder.patch(`/api/community/comments/${comment.id}`, { content: 'Hijacked' }), await intruder.delete(`/api/community/comments/${comment.id}`)]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Comment with id ${comment.id} not found` });
    }

    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row.title).toBe('Mine');
    const [c] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(c.content).toBe('My comment');
    // The intruder sees the post as any member does, never as its author.
    expect((await intruder.get(`/api/community/posts/${post.id}`)).body).toMatchObject({ title: 'Mine', isOwn: false });
  });

  it('cannot be written as someone else by naming the author in the body', async () => {
    const owner = await member(t);
    const me = (await owner.get('/api/me')).body;
    const forger = await member(t);
    const res = await forger.post('/api/community/posts', validPost({ userId: me.id }));
    expect(res.status).toBe(400);
  });
});

describe('script in what users write (XSS)', () => {
  it('is stored and answered exactly as typed, as JSON text, never as markup', async () => {
    const attacker = await member(t, { displayName: '<img src=x onerror=alert(1)>' });
    const victim = await member(t);
    for (const payload of XSS) {
      const post = await createPost(attacker, { title: payload, content: `${payload} ${payload}` });
      await createComment(attacker, post.id, payload);

      const res = await victim.get(`/api/community/posts/${post.id}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.body.title).toBe(payload);
      expect(res.body.content).toBe(`${payload} ${payload}`);
      expect(res.body.author.name).toBe('<img src=x onerror=alert(1)>');
      const list = await victim.get(`/api/community/posts/${post.id}/comments`);
      expect(list.body.items[0].content).toBe(payload);
    }
    // The injection attempt left the table where it was.
    expect((await victim.get('/api/community/posts')).status).toBe(200);
  });

  it('answers the API as JSON never sniffed as markup, readable by our origin only', async () => {
    const c = await member(t);
    const res = await c.get('/api/community/posts');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('drops control characters PostgreSQL cannot store instead of failing', async () => {
    const c = await member(t);
    const post = await createPost(c, { title: 'Null\u0000byte', content: 'Ten chars\u0000 and a bell\u0007 here' });
    expect(post.title).toBe('Null byte');
    expect(post.content).toBe('Ten chars and a bell here');
  });
});

describe('anti-forgery on writes', () => {
  it('refuses a post without the CSRF header', async () => {
    const c = await member(t);
    const res = await c.request('POST', '/api/community/posts', { json: validPost(), csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Invalid CSRF token');
  });
});

describe('rate limit (general API kind: 100 per minute per user)', () => {
  it('stops a flood of posts with 429, its message and headers', async () => {
    const spammer = await member(t);
    let last;
    let created = 0;
    for (let i = 0; i < 120; i++) {
      last = await spammer.post('/api/community/posts', validPost({ title: `Buy now ${i}` }));
      if (last.status !== 201) break;
      created++;
    }
    expect(created).toBe(100);
    expect(last!.status).toBe(429);
    expect(last!.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', statusCode: 429, message: 'Too many requests. Please slow down.' });
    expect(last!.body.error.retryAfter).toBeGreaterThan(0);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last!.headers.get('x-ratelimit-limit')).toBe('100');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    const me = (await t.db.select().from(posts).where(eq(posts.title, 'Buy now 0')))[0];
    expect((await t.db.select().from(posts).where(eq(posts.userId, me.userId))).length).toBe(created);

    // Another member is not held back by the spammer.
    expect((await (await member(t)).post('/api/community/posts', validPost())).status).toBe(201);
  });
});
