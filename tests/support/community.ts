import type { TestApp, TestClient } from './test-app';

export const validPost = (overrides: Record<string, unknown> = {}) => ({
  title: 'First week of 5x5',
  content: 'Squats felt heavy on day three. Anyone else?',
  category: 'training',
  ...overrides,
});

/** A signed-up client, optionally with community settings saved. */
export async function member(t: TestApp, settings?: Record<string, unknown>, name?: string): Promise<TestClient> {
  const c = t.client();
  await c.signUp(undefined, 'Str0ngPass', name);
  if (settings) {
    const res = await c.put('/api/me/community-settings', settings);
    if (res.status !== 200) throw new Error(`community settings failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return c;
}

export async function createPost(c: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await c.post('/api/community/posts', validPost(overrides));
  if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function createComment(c: TestClient, postId: string, content = 'Same here, deload next week.') {
  const res = await c.post(`/api/community/posts/${postId}/comments`, { content });
  if (res.status !== 201) throw new Error(`create comment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The validation details as field → message (the first message of each field). */
export function fieldMessages(body: any): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of body?.error?.details ?? []) out[d.field] ??= d.message;
  return out;
}

export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
