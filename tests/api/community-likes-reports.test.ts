import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES as M } from '#core/community/messages';
import { postLikes, postReports } from '#server/db/schema';
import { createPost, fieldMessages, member, MISSING_ID } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m' });
});
afterAll(() => t.close());

describe('likes', () => {
  it('count once per user, however often they press', async () => {
    const author = await member(t);
    const a = await member(t);
    const b = await member(t);
    const post = await createPost(author);
    const like = (c: typeof a) => c.put(`/api/community/posts/${post.id}/like`);

    const first = await like(a);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ liked: true, likeCount: 1 });
    expect((await like(a)).body).toEqual({ liked: true, likeCount: 1 });
    expect((await like(b)).body).toEqual({ liked: true, likeCount: 2 });
    // Authors may like their own post too, once.
    expect((await like(author)).body).toEqual({ liked: true, likeCount: 3 });
    expect(await t.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toHaveLength(3);

    expect((await a.get(`/api/community/posts/${post.id}`)).body).toMatchObject({ likeCount: 3, likedByMe: true });
    const unlike = await a.delete(`/api/community/posts/${post.id}/like`);
    expect(unlike.status).toBe(200);
    expect(unlike.body).toEqual({ liked: false, likeCount: 2 });
    expect((await a.delete(`/api/community/posts/${post.id}/like`)).body).toEqual({ liked: false, likeCount: 2 });
    expect((await a.get(`/api/community/posts/${post.id}`)).body).toMatchObject({ likeCount: 2, likedByMe: false });
  });

  it('stay right when many arrive at once', async () => {
    const author = await member(t);
    const post = await createPost(author);
    const fans = await Promise.all(Array.from({ length: 8 }, () => member(t)));
    await Promise.all(fans.flatMap((f) => [f.put(`/api/community/posts/${post.id}/like`), f.put(`/api/community/posts/${post.id}/like`)]));
    expect((await author.get(`/api/community/posts/${post.id}`)).body.likeCount).toBe(8);
  });

  it('answer 404 for a missing post and 400 for a malformed id', async () => {
    const c = await member(t);
    for (const method of ['PUT', 'DELETE']) {
      const res = await c.request(method, `/api/community/posts/${MISSING_ID}/like`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(`Post with id ${MISSING_ID} not found`);
      expect((await c.request(method, '/api/community/posts/nope/like')).status).toBe(400);
    }
  });
});

describe('reports', () => {
  it('are stored for review, once per user and post', async () => {
    const author = await member(t);
    const reporter = await member(t);
    const post = await createPost(author);
    const res = await reporter.post(`/api/community/posts/${post.id}/reports`, { reason: 'spam', details: ' Sells  pills \r\n in every post ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postId: post.id, reason: 'spam', details: 'Sells  pills\n in every post', status: 'open' });
    expect((await reporter.get(`/api/community/posts/${post.id}`)).body.reportedByMe).toBe(true);
    expect((await author.get(`/api/community/posts/${post.id}`)).body.reportedByMe).toBe(false);

    const again = await reporter.post(`/api/community/posts/${post.id}/reports`, { reason: 'harassment' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: res.body.id, reason: 'harassment', details: null, status: 'open' });
    const me = (await reporter.get('/api/me')).body;
    const rows = await t.db
      .select()
      .from(postReports)
      .where(and(eq(postReports.postId, post.id), eq(postReports.userId, me.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'harassment', status: 'open' });
  });

  it("refuse one's own post, a missing post and bad input", async () => {
    const author = await member(t);
    const post = await createPost(author);
    const own = await author.post(`/api/community/posts/${post.id}/reports`, { reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body.error).toMatchObject({ code: 'OPERATION_NOT_ALLOWED', message: M.reportOwnPost });

    const other = await member(t);
    expect((await other.post(`/api/community/posts/${MISSING_ID}/reports`, { reason: 'spam' })).status).toBe(404);
    expect(fieldMessages((await other.post(`/api/community/posts/${post.id}/reports`, {})).body)).toEqual({ reason: M.reason });
    expect(fieldMessages((await other.post(`/api/community/posts/${post.id}/reports`, { reason: 'boring' })).body)).toEqual({ reason: M.reason });
    expect(fieldMessages((await other.post(`/api/community/posts/${post.id}/reports`, { reason: 'other', details: 'x'.repeat(501) })).body)).toEqual({
      details: M.detailsMax,
    });
    expect(await t.db.select().from(postReports).where(eq(postReports.postId, post.id))).toHaveLength(0);
  });
});
