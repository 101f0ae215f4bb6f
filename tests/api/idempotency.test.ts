import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '#core/common/messages';
import { EXERCISES } from '#core/plans/exercises';
import { idempotencyKeys, nutritionEntries, workouts } from '#server/db/schema';
import { sweepIdempotencyKeys } from '#server/lib/idempotency';
import { ago, fields, HOUR, nutritionUser, type NutritionClient } from '../support/nutrition';
import { startTestApp, TARGET, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

const SQUAT = EXERCISES.find((e) => e.kind === 'strength' && e.pattern === 'squat')!;

const workout = (overrides: Record<string, unknown> = {}) => ({
  performedAt: ago(2 * HOUR),
  durationMinutes: 40,
  exercises: [{ exerciseId: SQUAT.id, sets: [{ reps: 5, weightKg: 80 }] }],
  ...overrides,
});
const meal = (overrides: Record<string, unknown> = {}) => ({ foodName: 'Protein bar', calories: 210, protein: 20, ...overrides });

const ENDPOINTS = [
  { path: '/api/workouts', body: workout, other: () => workout({ durationMinutes: 41 }), table: workouts, userId: workouts.userId },
  { path: '/api/nutrition/entries', body: meal, other: () => meal({ calories: 211 }), table: nutritionEntries, userId: nutritionEntries.userId },
] as const;

const user = () => nutritionUser(t);
const post = (c: TestClient, path: string, body: unknown, key?: string) => c.request('POST', path, { json: body, headers: key === undefined ? {} : { 'idempotency-key': key } });

async function stored(endpoint: (typeof ENDPOINTS)[number], c: NutritionClient): Promise<number> {
  return (await t.db.select().from(endpoint.table).where(eq(endpoint.userId, c.id))).length;
}

describe.each(ENDPOINTS)('POST $path with an Idempotency-Key', (endpoint) => {
  it('without a key, each request stores a record (what the key prevents)', async () => {
    const c = await user();
    const body = endpoint.body();
    expect((await post(c, endpoint.path, body)).status).toBe(201);
    expect((await post(c, endpoint.path, body)).status).toBe(201);
    expect(await stored(endpoint, c)).toBe(2);
  });

  it('the same key twice stores one record and answers the first result again, status and body', async () => {
    const c = await user();
    const key = randomUUID();
    const body = endpoint.body();
    const first = await post(c, endpoint.path, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post(c, endpoint.path, body, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await stored(endpoint, c)).toBe(1);
  });

  it('the same key with another body is refused with 422 in the envelope, and stores nothing more', async () => {
    const c = await user();
    const key = randomUUID();
    expect((await post(c, endpoint.path, endpoint.body(), key)).status).toBe(201);
    const res = await post(c, endpoint.path, endpoint.other(), key);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', statusCode: 422, message: 'This Idempotency-Key was already used with a different request' });
    expect(await stored(endpoint, c)).toBe(1);
  });

  it("keys are the user's own: another user's request under the same key is a request of its own", async () => {
    const [a, b] = [await user(), await user()];
    const key = randomUUID();
    const body = endpoint.body();
    const fromA = await post(a, endpoint.path, body, key);
    const fromB = await post(b, endpoint.path, body, key);
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    expect(fromB.body.id).not.toBe(fromA.body.id);
    expect(fromB.headers.get('idempotent-replayed')).toBeNull();
    expect([await stored(endpoint, a), await stored(endpoint, b)]).toEqual([1, 1]);
    // Nor can B read A's answer through A's key with another body.
    expect((await post(b, endpoint.path, endpoint.other(), key)).status).toBe(422);
  });

  it('concurrent requests under one key (two tabs, a retried sync racing the first) store exactly one record', async () => {
    const c = await user();
    const key = randomUUID();
    const body = endpoint.body();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(c, endpoint.path, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await stored(endpoint, c)).toBe(1);
  });

  it('a request that fails keeps no key: corrected, the same key stores the record', async () => {
    const c = await user();
    const key = randomUUID();
    const bad = await post(c, endpoint.path, { ...endpoint.body(), durationMinutes: 0, calories: -1 }, key);
    expect(bad.status).toBe(400);
    expect(await stored(endpoint, c)).toBe(0);
    const good = await post(c, endpoint.path, endpoint.body(), key);
    expect(good.status).toBe(201);
    expect(await stored(endpoint, c)).toBe(1);
  });

  it('a key is remembered for 24 hours: after that the same request stores a new record', async () => {
    const c = await user();
    const key = randomUUID();
    const body = endpoint.body();
    const first = await post(c, endpoint.path, body, key);
    const age = async (hours: number) =>
      t.db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(idempotencyKeys.key, key));
    await age(23);
    expect((await post(c, endpoint.path, body, key)).body.id).toBe(first.body.id);
    await age(25);
    const later = await post(c, endpoint.path, body, key);
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(await stored(endpoint, c)).toBe(2);
  });
});

describe('Idempotency-Key format', () => {
  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'abc def ghi'],
    ['with a slash', 'abcd/efgh'],
    ['empty', ''],
  ])('a key %s is refused with 400 in the envelope, and nothing is stored', async (_, key) => {
    const c = await user();
    const res = await post(c, '/api/workouts', workout(), key);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(fields(res)).toEqual({ 'Idempotency-Key': IDEMPOTENCY_MESSAGES.format });
    expect(await stored(ENDPOINTS[0], c)).toBe(0);
  });

  it('accepts a UUID and any plain key of 8 to 255 characters', async () => {
    const c = await user();
    for (const key of [randomUUID(), 'offline:2026-11-25T10:00:00.000Z', 'k'.repeat(255)]) {
      expect((await post(c, '/api/nutrition/entries', meal(), key)).status).toBe(201);
    }
    expect(await stored(ENDPOINTS[1], c)).toBe(3);
  });

  it('one key on two endpoints is two different requests: the second is refused', async () => {
    const c = await user();
    const key = randomUUID();
    expect((await post(c, '/api/workouts', workout(), key)).status).toBe(201);
    expect((await post(c, '/api/nutrition/entries', meal(), key)).status).toBe(422);
    expect(await stored(ENDPOINTS[1], c)).toBe(0);
  });
});

describe('the key store', () => {
  it('the hourly sweep forgets keys older than a day and keeps the others', async () => {
    const c = await user();
    const [old, fresh] = [randomUUID(), randomUUID()];
    await post(c, '/api/workouts', workout(), old);
    await post(c, '/api/workouts', workout(), fresh);
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, old));
    const { deleted } = await sweepIdempotencyKeys(t.db);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, c.id))).map((r) => r.key);
    expect(left).toEqual([fresh]);
  });

  it('the OpenAPI document shows the header and the 422 on both creates', async () => {
    const doc = (await t.client().get('/api/openapi.json')).body;
    for (const path of ['/api/workouts', '/api/nutrition/entries']) {
      const op = doc.paths[path].post;
      const header = op.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key');
      expect(header, path).toMatchObject({ in: 'header', required: false });
      expect(header.schema.pattern).toBeDefined();
      expect(op.responses['422']).toBeDefined();
    }
    // Only the creates the offline queue replays.
    expect(doc.paths['/api/workouts'].get.parameters?.some((p: { name: string }) => p.name === 'idempotency-key') ?? false).toBe(false);
  });
});

describe.runIf(TARGET === 'postgres')('two instances on one database', () => {
  it('the same key sent to both at once stores one record, and both answer it', async () => {
    const b = await t.secondInstance();
    try {
      const c = await user();
      const other = b.client().copyCookiesOf(c);
      const key = randomUUID();
      const body = workout();
      const answers = await Promise.all([
        post(c, '/api/workouts', body, key),
        post(other, '/api/workouts', body, key),
        post(c, '/api/workouts', body, key),
        post(other, '/api/workouts', body, key),
      ]);
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await stored(ENDPOINTS[0], c)).toBe(1);
    } finally {
      await b.close();
    }
  });
});

describe('a replay and the rate limit', () => {
  const LIMIT = 6;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: `${LIMIT}/1m` });
  });
  afterAll(() => limited.close());

  it.each(ENDPOINTS)('POST $path: after the limit is used up by fresh keys, an earlier key still gets its stored answer', async (endpoint) => {
    const c = limited.client();
    await c.signUp();
    const firstKey = randomUUID();
    const firstBody = endpoint.body();
    const first = await post(c, endpoint.path, firstBody, firstKey);
    expect(first.status).toBe(201);
    // Each new request counts exactly once: the limit lets LIMIT of them through, then refuses.
    let accepted = 1;
    for (;;) {
      const res = await post(c, endpoint.path, endpoint.other(), randomUUID());
      if (res.status === 429) break;
      expect(res.status).toBe(201);
      accepted++;
    }
    expect(accepted).toBe(LIMIT);
    // The offline sync retries the first send: it did happen, and its stored answer says so.
    for (let i = 0; i < 3; i++) {
      const again = await post(c, endpoint.path, firstBody, firstKey);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toMatch(/^application\/json/);
      expect(again.body).toEqual(first.body);
    }
    // Anything else under that key is a new request: still limited.
    expect((await post(c, endpoint.path, endpoint.other(), firstKey)).status).toBe(429);
  });

  it('keeps the first answer’s headers, and a replay answers only the same path with the same query', async () => {
    const c = await nutritionUser(t);
    const key = randomUUID();
    const body = workout();
    expect((await c.request('POST', '/api/workouts?source=watch', { json: body, headers: { 'idempotency-key': key } })).status).toBe(201);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.headers).toEqual({ 'content-type': expect.stringMatching(/^application\/json/) });
    const same = await c.request('POST', '/api/workouts?source=watch', { json: body, headers: { 'idempotency-key': key } });
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    const otherQuery = await c.request('POST', '/api/workouts?source=phone', { json: body, headers: { 'idempotency-key': key } });
    expect(otherQuery.status).toBe(422);
    expect(otherQuery.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
