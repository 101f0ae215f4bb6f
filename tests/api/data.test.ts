import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nutritionUser, type NutritionClient } from '../support/nutrition';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m', RATE_LIMIT_DATA: '1000/1h' });
});
afterAll(() => t.close());

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/import', name), 'utf8');
const user = () => nutritionUser(t);

function upload(c: TestClient, source: string, content: string | Blob | null, opts: { dryRun?: boolean; weightUnit?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.append('source', source);
  form.append('dryRun', String(opts.dryRun ?? false));
  if (opts.weightUnit) form.append('weightUnit', opts.weightUnit);
  if (typeof content === 'string') form.append('file', new Blob([content], { type: 'text/csv' }), 'export.csv');
  else if (content) form.append('file', content, 'export.csv');
  return c.request('POST', '/api/import', { body: form, headers: opts.headers });
}

async function counts(c: TestClient) {
  const doc = (await c.get('/api/export')).body;
  return {
    workouts: doc.workouts.length,
    sets: doc.workouts.reduce((n: number, w: any) => n + w.exercises.reduce((k: number, e: any) => k + e.sets.length, 0), 0),
    meals: doc.meals.length,
    bodyEntries: doc.bodyEntries.length,
    customExercises: doc.customExercises.length,
  };
}

describe('POST /api/import', () => {
  it('a dry run says what would happen and stores nothing', async () => {
    const c = await user();
    const res = await upload(c, 'strong', fixture('strong.csv'), { dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, workouts: 3, sets: 8, meals: 0, bodyEntries: 0, unmatchedExercises: ['Cable Fly Crossover Thing'], errors: [] });
    expect((await c.get('/api/workouts')).body.items).toEqual([]);
    expect(await counts(c)).toEqual({ workouts: 0, sets: 0, meals: 0, bodyEntries: 0, customExercises: 0 });
  });

  it('imports a Strong file into the history, with library exercises and the user’s own; a second import adds nothing', async () => {
    const c = await user();
    const first = await upload(c, 'strong', fixture('strong.csv'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ dryRun: false, workouts: 3, sets: 8, duplicates: { workouts: 0 }, unmatchedExercises: ['Cable Fly Crossover Thing'] });
    const list = (await c.get('/api/workouts')).body.items;
    expect(list.map((w: any) => w.name)).toEqual(['Legs', 'Run', 'Push Day']);
    const push = list[2];
    expect(push).toMatchObject({ performedAt: '2024-03-04T07:30:00.000Z', durationMinutes: 65, notes: 'Felt good, strong' });
    expect(push.caloriesBurned).toBeGreaterThan(0);
    expect(push.exercises.map((e: any) => e.exerciseId ?? e.customName)).toEqual(['barbell-bench-press', 'barbell-overhead-press', 'Cable Fly Crossover Thing']);
    expect((await c.get('/api/stats/streak')).status).toBe(200);
    const profile = (await c.get('/api/me')).body;
    expect(JSON.stringify(profile)).toContain('"totalWorkouts":3');

    const again = await upload(c, 'strong', fixture('strong.csv'));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ workouts: 0, sets: 0, duplicates: { workouts: 3 }, unmatchedExercises: [] });
    expect(await counts(c)).toMatchObject({ workouts: 3, sets: 8, customExercises: 1 });
    const own = (await c.get('/api/custom-exercises')).body.items;
    expect(own).toEqual([{ id: expect.any(String), name: 'Cable Fly Crossover Thing', createdAt: expect.any(String) }]);
    expect((await (await user()).get('/api/custom-exercises')).body.items).toEqual([]);
  });

  it('a file with problems stores nothing: 422 with each line, and the dry run lists them', async () => {
    const c = await user();
    const dry = await upload(c, 'strong', fixture('strong-broken.csv'), { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.errors.map((e: any) => [e.line, e.messageKey])).toEqual([
      [3, 'data.date'],
      [4, 'data.number'],
      [5, 'data.range'],
      [6, 'data.unterminated'],
    ]);
    const res = await upload(c, 'strong', fixture('strong-broken.csv'));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0]).toMatchObject({ field: 'line:3', messageKey: 'data.date', params: { value: 'yesterday' } });
    expect(await counts(c)).toEqual({ workouts: 0, sets: 0, meals: 0, bodyEntries: 0, customExercises: 0 });
  });

  it('imports Hevy workouts and MyFitnessPal meals (all or nothing per file)', async () => {
    const c = await user();
    const hevy = await upload(c, 'hevy', fixture('hevy.csv'));
    expect(hevy.body).toMatchObject({ workouts: 2, sets: 6, unmatchedExercises: [], errors: [] });
    const mfp = await upload(c, 'myfitnesspal', fixture('myfitnesspal.csv'));
    expect(mfp.status).toBe(422);
    const good = fixture('myfitnesspal.csv').split('\n').slice(0, 5).join('\n');
    const meals = await upload(c, 'myfitnesspal', good);
    expect(meals.body).toMatchObject({ meals: 4, errors: [] });
    expect(await counts(c)).toMatchObject({ workouts: 2, sets: 6, meals: 4 });
    expect((await upload(c, 'myfitnesspal', good)).body).toMatchObject({ meals: 0, duplicates: { meals: 4 } });
  });

  it('export → import into a fresh account gives the same counts; the other account’s data never appears', async () => {
    const a = await user();
    await upload(a, 'strong', fixture('strong.csv'));
    await upload(a, 'myfitnesspal', fixture('myfitnesspal.csv').split('\n').slice(0, 5).join('\n'));
    expect((await a.put('/api/body/entries/2024-03-01', { weightKg: 81.2, waistCm: 90, note: 'before' })).status).toBe(200);
    expect((await a.put('/api/body/entries/2024-03-08', { weightKg: 80.4 })).status).toBe(200);
    const exported = await a.get('/api/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="fitforge-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exported.body).toMatchObject({ format: 'fitforge-export', version: 1, profile: { email: expect.any(String) } });

    const b = await user();
    expect(await counts(b)).toEqual({ workouts: 0, sets: 0, meals: 0, bodyEntries: 0, customExercises: 0 });
    expect((await b.get('/api/export/workouts.csv')).body.trim().split('\r\n')).toHaveLength(1);
    const json = JSON.stringify(exported.body);
    const dry = await upload(b, 'fitforge', json, { dryRun: true });
    expect(dry.body).toMatchObject({ workouts: 3, sets: 8, meals: 4, bodyEntries: 2, unmatchedExercises: ['Cable Fly Crossover Thing'], errors: [] });
    const res = await upload(b, 'fitforge', json);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await counts(b)).toEqual(await counts(a));
    const bw = (await b.get('/api/workouts')).body.items;
    const aw = (await a.get('/api/workouts')).body.items;
    const shape = (w: any) => ({ name: w.name, performedAt: w.performedAt, durationMinutes: w.durationMinutes, exercises: w.exercises });
    expect(bw.map(shape)).toEqual(aw.map(shape));
    expect((await b.get('/api/me')).body.preferences.weightKg).toBe(80.4);
    // Importing one's own export adds nothing.
    expect((await upload(a, 'fitforge', json)).body).toMatchObject({ workouts: 0, meals: 0, bodyEntries: 0 });
    // B's export holds B's email, never A's.
    const bDoc = JSON.stringify((await b.get('/api/export')).body);
    expect(bDoc).not.toContain(exported.body.profile.email);
  });

  it('two imports of one file at once (two tabs) add it once', async () => {
    const c = await user();
    const [one, two] = await Promise.all([upload(c, 'strong', fixture('strong.csv')), upload(c, 'strong', fixture('strong.csv'))]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect([one.body.workouts, two.body.workouts].sort()).toEqual([0, 3]);
    expect(await counts(c)).toMatchObject({ workouts: 3, sets: 8, customExercises: 1 });
  });

  it('a forged export with NUL, control characters and lone surrogates is stored tidied, never a 5xx', async () => {
    const c = await user();
    const doc = {
      format: 'fitforge-export',
      version: 1,
      customExercises: [{ name: 'Bad\u0000name' }],
      workouts: [
        {
          name: 'W\u0000',
          performedAt: '2024-05-01T10:00:00Z',
          durationMinutes: 30,
          notes: '\ud800',
          exercises: [{ exerciseId: '../../etc/passwd', sets: [{ reps: 3 }] }],
        },
      ],
      meals: [{ foodName: '\u0000Oats', calories: 100, mealType: 'lunch', eatenAt: '2024-05-01T12:00:00Z' }],
      bodyEntries: [{ date: '2024-05-01', weightKg: 70, note: 'a\u0000' }],
    };
    const res = await upload(c, 'fitforge', JSON.stringify(doc));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const w = (await c.get('/api/workouts')).body.items[0];
    expect(w).toMatchObject({ name: 'W', notes: '\ufffd', exercises: [{ exerciseId: null, customName: '../../etc/passwd' }] });
    const exported = (await c.get('/api/export')).body;
    expect(exported.customExercises.map((e: any) => e.name).sort()).toEqual(['../../etc/passwd', 'Bad name']);
    expect(exported.meals[0].foodName).toBe('Oats');
  });

  it('holds an import to 100 exercises of the user’s own: past it, the dry run says so and the import stores nothing', async () => {
    const c = await user();
    const own = (n: number) => JSON.stringify({ format: 'fitforge-export', version: 1, customExercises: Array.from({ length: n }, (_, i) => ({ name: `Drill ${i}` })) });
    const over = own(101);
    const dry = await upload(c, 'fitforge', over, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([expect.objectContaining({ line: 0, messageKey: 'data.customImportMax', params: { count: 101, have: 0, max: 100 } })]);
    const refused = await upload(c, 'fitforge', over);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'line:0', messageKey: 'data.customImportMax', params: { count: 101, have: 0, max: 100 } })]);
    expect(await counts(c)).toMatchObject({ customExercises: 0 });

    expect((await upload(c, 'fitforge', own(100))).status).toBe(200);
    // A file whose names are all there already adds none, so it passes at the limit.
    expect((await upload(c, 'fitforge', own(100), { dryRun: true })).body.errors).toEqual([]);
    // Strong's file has one name the library lacks: with the workouts, nothing is stored.
    const strong = await upload(c, 'strong', fixture('strong.csv'), { dryRun: true });
    expect(strong.body.errors).toEqual([expect.objectContaining({ messageKey: 'data.customImportMax', params: { count: 1, have: 100, max: 100 } })]);
    expect((await upload(c, 'strong', fixture('strong.csv'))).status).toBe(422);
    expect(await counts(c)).toMatchObject({ workouts: 0, sets: 0, customExercises: 100 });

    // One removed makes room.
    const [first] = (await c.get('/api/custom-exercises')).body.items;
    expect((await c.request('DELETE', `/api/custom-exercises/${first.id}`)).status).toBe(200);
    expect((await upload(c, 'strong', fixture('strong.csv'))).body).toMatchObject({ workouts: 3, unmatchedExercises: ['Cable Fly Crossover Thing'], errors: [] });
    expect(await counts(c)).toMatchObject({ workouts: 3, customExercises: 100 });
  });

  it('streams progress as Server-Sent Events when asked', async () => {
    const c = await user();
    const res = await upload(c, 'strong', fixture('strong.csv'), { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = String(res.body)
      .split('\n\n')
      .filter(Boolean)
      .map((block) => ({ event: /event: (\w+)/.exec(block)?.[1], data: JSON.parse(/data: (.*)/.exec(block)?.[1] ?? 'null') }));
    expect(events.filter((e) => e.event === 'progress').map((e) => e.data.stage)).toEqual(expect.arrayContaining(['reading', 'checking', 'saving', 'done']));
    expect(events.at(-1)).toMatchObject({ event: 'result', data: { workouts: 3, sets: 8 } });
  });

  it('refuses a file over 10 MB with 413 in the envelope, and bad fields with 400', async () => {
    const c = await user();
    const big = await upload(c, 'strong', new Blob([new Uint8Array(10 * 1024 * 1024 + 1).fill(65)]));
    expect(big.status).toBe(413);
    expect(big.body.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', statusCode: 413 });
    const noSource = await upload(c, 'excel', fixture('strong.csv'));
    expect(noSource.status).toBe(400);
    expect(noSource.body.error.details).toEqual([expect.objectContaining({ field: 'source', messageKey: 'data.source' })]);
    const noFile = await upload(c, 'strong', null);
    expect(noFile.body.error.details).toEqual([expect.objectContaining({ field: 'file', messageKey: 'data.fileRequired' })]);
    const binary = await upload(c, 'strong', new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0xc3])]));
    expect(binary.body.error.details).toEqual([expect.objectContaining({ field: 'file', messageKey: 'data.notText' })]);
    const wrong = await upload(c, 'hevy', fixture('strong.csv'), { dryRun: true });
    expect(wrong.body.errors[0]).toMatchObject({ line: 1, messageKey: 'data.columns' });
    expect((await t.client().request('POST', '/api/import', { body: new FormData() })).status).toBe(401);
  });
});

describe('GET /api/export/*.csv', () => {
  it('writes metric columns and neutralises text a spreadsheet would run', async () => {
    const c: NutritionClient = await user();
    const logged = await c.post('/api/workouts', {
      name: '=HYPERLINK("http://evil.example","x")',
      performedAt: '2024-05-01T10:00:00Z',
      durationMinutes: 30,
      notes: '+cmd|calc',
      exercises: [{ customName: '@SUM(A1)', sets: [{ reps: 5, weightKg: 50 }] }],
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    expect((await c.post('/api/nutrition/entries', { foodName: '-2+3', calories: 100, mealType: 'lunch', eatenAt: '2024-05-01T12:00:00Z' })).status).toBe(201);
    expect((await c.put('/api/body/entries/2024-05-01', { weightKg: 70, note: '=1+1' })).status).toBe(200);

    const workouts = await c.get('/api/export/workouts.csv');
    expect(workouts.status).toBe(200);
    expect(workouts.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(workouts.headers.get('content-disposition')).toMatch(/^attachment; filename="fitforge-workouts-/);
    const [header, row] = String(workouts.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'date,started_at_utc,workout_name,duration_min,calories_kcal,exercise_id,exercise_name,set,reps,weight_kg,duration_s,distance_m,completed,exercise_notes,workout_notes',
    );
    expect(row).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(row).toContain(",'@SUM(A1),");
    expect(row).toContain(",'+cmd|calc");
    expect(row).toContain(',5,50,');
    const meals = String((await c.get('/api/export/meals.csv')).body);
    expect(meals).toContain(",'-2+3,");
    const body = String((await c.get('/api/export/body.csv')).body);
    expect(body).toContain("2024-05-01,70,,,,,,,'=1+1");
  });
});
