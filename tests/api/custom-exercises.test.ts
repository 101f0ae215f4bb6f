import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m' });
});
afterAll(() => t.close());

async function user(): Promise<TestClient> {
  const c = t.client();
  await c.signUp();
  return c;
}

const names = async (c: TestClient) => (await c.get('/api/custom-exercises')).body.items.map((e: { name: string }) => e.name);

describe('POST /api/custom-exercises', () => {
  it('adds an exercise of the user’s own, its spaces tidied; a workout logs it by name and the history shows it', async () => {
    const c = await user();
    const res = await c.post('/api/custom-exercises', { name: '  Pin   squat\u0000 pause ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Pin squat pause', createdAt: expect.any(String) });
    expect(await names(c)).toEqual(['Pin squat pause']);
    expect(await names(await user())).toEqual([]);
    const logged = await c.post('/api/workouts', {
      performedAt: new Date(Date.now() - 3_600_000).toISOString(),
      durationMinutes: 30,
      exercises: [{ customName: 'Pin squat pause', sets: [{ reps: 5, weightKg: 80, rpe: 9.5 }] }],
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const [w] = (await c.get('/api/workouts')).body.items;
    expect(w.exercises[0]).toMatchObject({ exerciseId: null, customName: 'Pin squat pause', sets: [{ reps: 5, weightKg: 80, rpe: 9.5 }] });
  });

  it('refuses a name the user has (case aside) or the library has with 409, and bad input with 400; nothing is added', async () => {
    const c = await user();
    expect((await c.post('/api/custom-exercises', { name: 'Sled push' })).status).toBe(201);
    // The library's own name ("Zercher squat" is in the library) stays the library's.
    expect((await c.post('/api/custom-exercises', { name: 'zercher squat' })).body.error.messageKey).toBe('data.customLibrary');
    const again = await c.post('/api/custom-exercises', { name: 'SLED  PUSH' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ALREADY_EXISTS', messageKey: 'data.customTaken', params: { name: 'SLED PUSH' } });
    const library = await c.post('/api/custom-exercises', { name: 'Bench Press' });
    expect(library.status).toBe(409);
    expect(library.body.error.messageKey).toBe('data.customLibrary');
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 42 }, { name: '\u0000' }, { name: 'Ok', userId: 'someone' }]) {
      const res = await c.post('/api/custom-exercises', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect(await names(c)).toEqual(['Sled push']);
  });

  it('two tabs adding the same name at once make one exercise', async () => {
    const c = await user();
    const answers = await Promise.all(Array.from({ length: 4 }, () => c.post('/api/custom-exercises', { name: 'Landmine press twist' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await names(c)).toEqual(['Landmine press twist']);
  });

  it('keeps at most 100 of the user’s own exercises (400 past that, in the envelope)', async () => {
    const c = await user();
    for (let i = 0; i < 100; i++) expect((await c.post('/api/custom-exercises', { name: `Drill ${i}` })).status).toBe(201);
    const over = await c.post('/api/custom-exercises', { name: 'Drill 100' });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: 'OPERATION_NOT_ALLOWED', messageKey: 'data.customMax', params: { max: 100 } });
    expect((await names(c)).length).toBe(100);
  });
});

describe('DELETE /api/custom-exercises/{id}', () => {
  it('removes the user’s own exercise; another user’s id answers 404 and removes nothing; workouts keep the name', async () => {
    const owner = await user();
    const other = await user();
    const { id } = (await owner.post('/api/custom-exercises', { name: 'Jefferson curl' })).body;
    await owner.post('/api/workouts', {
      performedAt: new Date(Date.now() - 3_600_000).toISOString(),
      durationMinutes: 20,
      exercises: [{ customName: 'Jefferson curl', sets: [{ reps: 8 }] }],
    });
    const forged = await other.request('DELETE', `/api/custom-exercises/${id}`);
    expect(forged.status).toBe(404);
    expect(forged.body.error.code).toBe('NOT_FOUND');
    expect(await names(owner)).toEqual(['Jefferson curl']);
    expect((await owner.request('DELETE', '/api/custom-exercises/not-a-uuid')).status).toBe(400);
    expect((await owner.request('DELETE', `/api/custom-exercises/${id}`)).status).toBe(200);
    expect(await names(owner)).toEqual([]);
    expect((await owner.request('DELETE', `/api/custom-exercises/${id}`)).status).toBe(404);
    expect((await owner.get('/api/workouts')).body.items[0].exercises[0].customName).toBe('Jefferson curl');
    // The name can be added again.
    expect((await owner.post('/api/custom-exercises', { name: 'jefferson curl' })).status).toBe(201);
  });
});

describe('PATCH /api/custom-exercises/{id}', () => {
  const hourAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
  const logged = async (c: TestClient) => (await c.get('/api/workouts')).body.items.map((w: any) => w.exercises.map((e: any) => e.customName ?? e.exerciseId));
  const recordNames = async (c: TestClient) => ((await c.get('/api/stats')).body.personalRecords as { customName: string | null }[]).map((r) => r.customName);

  it('renames the exercise, tidied like a new one, and the workouts that logged it (any case) follow, in the stats too', async () => {
    const c = await user();
    const other = await user();
    const { id } = (await c.post('/api/custom-exercises', { name: 'Sled push' })).body;
    for (const [h, customName] of [
      [3, 'Sled push'],
      [2, 'sled PUSH'],
    ] as const) {
      expect(
        (
          await c.post('/api/workouts', {
            performedAt: hourAgo(h),
            durationMinutes: 20,
            exercises: [
              { customName, sets: [{ reps: 5, weightKg: 100 }] },
              { customName: 'Sled pull', sets: [{ reps: 5 }] },
            ],
          })
        ).status,
      ).toBe(201);
    }
    await other.post('/api/workouts', { performedAt: hourAgo(1), durationMinutes: 20, exercises: [{ customName: 'Sled push', sets: [{ reps: 5 }] }] });
    expect(await recordNames(c)).toContain('Sled push');

    const res = await c.patch(`/api/custom-exercises/${id}`, { name: '  Heavy   sled push ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ id, name: 'Heavy sled push', createdAt: expect.any(String) });
    expect(await names(c)).toEqual(['Heavy sled push']);
    expect(await logged(c)).toEqual([
      ['Heavy sled push', 'Sled pull'],
      ['Heavy sled push', 'Sled pull'],
    ]);
    // The stats computed before the rename are not served again.
    expect(await recordNames(c)).toContain('Heavy sled push');
    expect(await recordNames(c)).not.toContain('Sled push');
    // Another user's workouts keep their own name.
    expect(await logged(other)).toEqual([['Sled push']]);

    // A change of case alone, and the same name again, are fine.
    expect((await c.patch(`/api/custom-exercises/${id}`, { name: 'Heavy Sled Push' })).body.name).toBe('Heavy Sled Push');
    expect((await c.patch(`/api/custom-exercises/${id}`, { name: 'Heavy Sled Push' })).status).toBe(200);
    expect(await logged(c)).toEqual([
      ['Heavy Sled Push', 'Sled pull'],
      ['Heavy Sled Push', 'Sled pull'],
    ]);
  });

  it('refuses a name another of the user’s exercises or the library has with 409, and bad input with 400; nothing changes', async () => {
    const c = await user();
    const { id } = (await c.post('/api/custom-exercises', { name: 'Sled push' })).body;
    await c.post('/api/custom-exercises', { name: 'Prowler' });
    await c.post('/api/workouts', { performedAt: hourAgo(1), durationMinutes: 20, exercises: [{ customName: 'Sled push', sets: [{ reps: 5 }] }] });
    const taken = await c.patch(`/api/custom-exercises/${id}`, { name: ' PROWLER ' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: 'ALREADY_EXISTS',
      messageKey: 'data.customTaken',
      params: { name: 'PROWLER' },
      details: [{ field: 'name', messageKey: 'data.customTaken' }],
    });
    const library = await c.patch(`/api/custom-exercises/${id}`, { name: 'Bench Press' });
    expect(library.status).toBe(409);
    expect(library.body.error.messageKey).toBe('data.customLibrary');
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: 'x'.repeat(101) }, { name: 42 }, { name: '\ud800' }, { name: 'Ok', id: 'x' }]) {
      const res = await c.patch(`/api/custom-exercises/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await c.patch('/api/custom-exercises/not-a-uuid', { name: 'Fine' })).status).toBe(400);
    expect(await names(c)).toEqual(['Sled push', 'Prowler']);
    expect(await logged(c)).toEqual([['Sled push']]);
  });

  it('another user’s id, or one removed, answers 404 and renames nothing', async () => {
    const owner = await user();
    const other = await user();
    const { id } = (await owner.post('/api/custom-exercises', { name: 'Jefferson curl' })).body;
    const forged = await other.patch(`/api/custom-exercises/${id}`, { name: 'Mine now' });
    expect(forged.status).toBe(404);
    expect(forged.body.error.code).toBe('NOT_FOUND');
    expect(await names(owner)).toEqual(['Jefferson curl']);
    expect(await names(other)).toEqual([]);
    expect((await owner.request('DELETE', `/api/custom-exercises/${id}`)).status).toBe(200);
    expect((await owner.patch(`/api/custom-exercises/${id}`, { name: 'Back again' })).status).toBe(404);
    expect(await names(owner)).toEqual([]);
  });
});
