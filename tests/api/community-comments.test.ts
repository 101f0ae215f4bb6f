import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES as M } from '#core/community/messages';
import { comments } from '#server/db/schema';
import { createComment, createPost, fieldMessages, member, MISSING_ID } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m' });
});
afterAll(() => t.close());

describe('POST /api/community/posts/:id/comments', () => {
  it('adds a comment with its author and counts it on the post', async () => {
    const author = await member(t);
    const reader = await member(t, { displayName: 'Coach Li' });
    const post = await createPost(author);
    const res = await reader.post(`/api/community/posts/${post.id}/comments`, { content: '  Try pausing\r\nat the bottom.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ postId: post.id, content: 'Try pausing\nat the bottom.', author: { name: 'Coach Li', streak: 0 }, isOwn: true, editedAt: null });
    expect((await author.get(`/api/community/posts/${post.id}`)).body.commentCount).toBe(1);
  });

  it('checks the length rules with their messages', async () => {
    const c = await member(t);
    const post = await createPost(c);
    for (const [body, message] of [
      [{}, M.commentRequired],
      [{ content: '' }, M.commentRequired],
      [{ content: ' \n\t ' }, M.commentRequired],
      [{ content: 'x'.repeat(1001) }, M.commentMax],
      [{ content: 7 }, M.commentRequired],
    ] as const) {
      const res = await c.post(`/api/community/posts/${post.id}/comments`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldMessages(res.body)).toEqual({ content: message });
    }
    expect((await c.post(`/api/community/posts/${post.id}/comments`, { content: 'x' })).status).toBe(201);
    expect((await c.post(`/api/community/posts/${post.id}/comments`, { content: 'x'.repeat(1000) })).status).toBe(201);
  });

  it('answers 404 for a post that does not exist', async () => {
    const c = await member(t);
    const res = await c.post(`/api/community/posts/${MISSING_ID}/comments`, { content: 'Hello?' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(`Post with id ${MISSING_ID} not found`);
  });
});

describe('GET /api/community/posts/:id/comments', () => {
  it('lists oldest first, paginated, with the post’s count as total', async () => {
    const author = await member(t);
    const other = await member(t, { showStreak: false }, 'Quiet One');
    const post = await createPost(author);
    for (let i = 0; i < 5; i++) await createComment(i % 2 ? other : author, post.id, `Comment ${i}`);
    const first = await other.get(`/api/community/posts/${post.id}/comments?limit=3`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, limit: 3, total: 5, totalPages: 2 });
    expect(first.body.items.map((c: any) => c.content)).toEqual(['Comment 0', 'Comment 1', 'Comment 2']);
    expect(first.body.items.map((c: any) => c.isOwn)).toEqual([false, true, false]);
    expect(first.body.items[1].author).toMatchObject({ name: 'Quiet One', streak: null });
    const second = await other.get(`/api/community/posts/${post.id}/comments?limit=3&page=2`);
    expect(second.body.items.map((c: any) => c.content)).toEqual(['Comment 3', 'Comment 4']);
    const defaults = await other.get(`/api/community/posts/${post.id}/comments`);
    expect(defaults.body).toMatchObject({ page: 1, limit: 20, total: 5, totalPages: 1 });
  });

  it('answers an empty list for a post without comments, 404 for a missing post, 400 for bad input', async () => {
    const c = await member(t);
    const post = await createPost(c);
    expect((await c.get(`/api/community/posts/${post.id}/comments`)).body).toEqual({ items: [], page: 1, limit: 20, total: 0, totalPages: 0 });
    expect((await c.get(`/api/community/posts/${MISSING_ID}/comments`)).status).toBe(404);
    expect((await c.get('/api/community/posts/123/comments')).body.error.details).toEqual([{ field: 'id', message: 'Invalid ID format', messageKey: 'common.id' }]);
    expect(fieldMessages((await c.get(`/api/community/posts/${post.id}/comments?limit=500`)).body)).toEqual({ limit: 'Limit must be between 1 and 100' });
  });
});

describe('PATCH /api/community/comments/:id', () => {
  it('lets the author edit and marks the comment edited', async () => {
    const c = await member(t);
    const post = await createPost(c);
    const comment = await createComment(c, post.id, 'Frist!');
    const res = await c.patch(`/api/community/comments/${comment.id}`, { content: 'First!' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: comment.id, content: 'First!', createdAt: comment.createdAt });
    expect(res.body.editedAt).not.toBeNull();
    const listed = (await c.get(`/api/community/posts/${post.id}/comments`)).body.items[0];
    expect(listed.content).toBe('First!');
  });

  it('validates the content and answers 404 for a comment that does not exist', async () => {
    const c = await member(t);
    const post = await createPost(c);
    const comment = await createComment(c, post.id);
    expect(fieldMessages((await c.patch(`/api/community/comments/${comment.id}`, { content: '' })).body)).toEqual({ content: M.commentRequired });
    expect((await c.patch(`/api/community/comments/${comment.id}`, { content: 'ok', postId: MISSING_ID })).status).toBe(400);
    const missing = await c.patch(`/api/community/comments/${MISSING_ID}`, { content: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(`Comment with id ${MISSING_ID} not found`);
  });
});

describe('DELETE /api/community/comments/:id', () => {
  it('lets the author delete, and the post’s count follows', async () => {
    const author = await member(t);
    const commenter = await member(t);
    const post = await createPost(author);
    const keep = await createComment(author, post.id, 'Keep me');
    const drop = await createComment(commenter, post.id, 'Drop me');
    const res = await commenter.delete(`/api/community/comments/${drop.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const list = (await author.get(`/api/community/posts/${post.id}/comments`)).body;
    expect(list.items.map((c: any) => c.id)).toEqual([keep.id]);
    expect(list.total).toBe(1);
    expect((await author.get(`/api/community/posts/${post.id}`)).body.commentCount).toBe(1);
    expect((await commenter.delete(`/api/community/comments/${drop.id}`)).status).toBe(404);
  });

  it('leaves a deleted post no comments behind', async () => {
    const author = await member(t);
    const post = await createPost(author);
    const comment = await createComment(await member(t), post.id);
    await author.delete(`/api/community/posts/${post.id}`);
    expect(await t.db.select().from(comments).where(eq(comments.id, comment.id))).toHaveLength(0);
  });
});
