import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageWindow } from '#core/billing/entitlements';
import { NUTRITION_MESSAGES as M } from '#core/nutrition/messages';
import { foodById, nutrientsFor } from '#core/nutrition/foods';
import { SCAN_MESSAGES } from '#core/nutrition/scans/messages';
import { IMAGE_MESSAGES } from '#core/common/images';
import { nutritionEntries, nutritionScans, users } from '#server/db/schema';
import { fields, nutritionUser, setTier, type NutritionClient } from '../support/nutrition';
import { fixture, scan } from '../support/scans';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_AUTH: '1000/15m',
    RATE_LIMIT_API: '10000/1m',
    RATE_LIMIT_PROFILE: '1000/5m',
    RATE_LIMIT_FOOD: '1000/1h',
    RATE_LIMIT_FOOD_PAID: '1000/1h',
  });
  await t.vision.warmUp();
}, 120_000);
afterAll(() => t.close());

const user = async (tier: 'free' | 'basic' | 'pro' = 'free') => {
  const c = await nutritionUser(t);
  if (tier !== 'free') await setTier(t, c, tier);
  return c;
};
const scansOf = (c: NutritionClient) => t.db.select().from(nutritionScans).where(eq(nutritionScans.userId, c.id));
const entriesOf = (c: NutritionClient) => t.db.select().from(nutritionEntries).where(eq(nutritionEntries.userId, c.id));
const photoFiles = (c: NutritionClient) => {
  const dir = path.join(t.photoDir, 'uploads', 'scans', c.id);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
/** Scans of earlier this month (or another month), as if the user had made them. */
const pastScans = async (c: NutritionClient, n: number, at: Date = new Date()) => {
  if (n > 0) await t.db.insert(nutritionScans).values(Array.from({ length: n }, () => ({ userId: c.id, source: 'upload' as const, createdAt: at })));
};
const draftToLog = (items: any[]) => items.map(({ name, foodId, grams, calories, protein, carbs, fat }) => ({ name, foodId, grams, calories, protein, carbs, fat }));

describe('POST /api/nutrition/scans: gates (DESIGN decision 3)', () => {
  it('refuses the free tier, by upload and by webcam, and records nothing', async () => {
    const c = await user('free');
    for (const source of ['upload', 'webcam']) {
      const res = await scan(c, fixture('banana.jpg'), { source });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: 'This feature requires a subscription', statusCode: 403 });
    }
    expect(await scansOf(c)).toHaveLength(0);
  });

  it('lets a free account in its Pro trial scan, by webcam too', async () => {
    const c = await user('free');
    await t.db
      .update(users)
      .set({ subscriptionTier: 'pro', subscriptionStatus: 'active', trialEndsAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(users.id, c.id));
    const res = await scan(c, fixture('banana.jpg'), { source: 'webcam' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'webcam', scansRemaining: null, photoStored: true });
  });

  it('treats an inactive subscription as free', async () => {
    const c = await user('free');
    await setTier(t, c, 'pro', 'inactive');
    expect((await scan(c, fixture('banana.jpg'))).body.error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('gives basic 5 uploads per calendar month (UTC), then LIMIT_EXCEEDED; last month does not count', async () => {
    const c = await user('basic');
    const lastMonth = new Date(usageWindow(new Date()).start.getTime() - 1000);
    await pastScans(c, 5, lastMonth);
    await pastScans(c, 3);
    const fourth = await scan(c, fixture('banana.jpg'));
    expect(fourth.status).toBe(200);
    expect(fourth.body.scansRemaining).toBe(1);
    expect(fourth.body.photoStored).toBe(false);
    expect((await scan(c, fixture('banana.jpg'))).body.scansRemaining).toBe(0);
    const over = await scan(c, fixture('banana.jpg'));
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({ code: 'LIMIT_EXCEEDED', message: "You've reached your usage limit" });
    expect(await scansOf(c)).toHaveLength(10);
  });

  it('does not use up a basic scan on a photo in which nothing is recognised', async () => {
    const c = await user('basic');
    await pastScans(c, 4);
    const wall = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a9bb0' } })
      .jpeg()
      .toBuffer();
    for (let i = 0; i < 2; i++) {
      const res = await scan(c, wall);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ items: [], counted: false, scansRemaining: 1 });
    }
    expect((await c.get('/api/nutrition/scans/allowance')).body).toMatchObject({ used: 4, remaining: 1 });
    const banana = await scan(c, fixture('banana.jpg'));
    expect(banana.body).toMatchObject({ counted: true, scansRemaining: 0 });
    expect((await c.get('/api/nutrition/scans/allowance')).body).toMatchObject({ used: 5, remaining: 0 });
    expect((await scan(c, wall)).body.error.code).toBe('LIMIT_EXCEEDED');
  });

  it('two photos sent at once cannot both take the last scan of the month', async () => {
    const c = await user('basic');
    await pastScans(c, 4);
    const results = await Promise.all([scan(c, fixture('banana.jpg')), scan(c, fixture('banana.jpg'))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await scansOf(c)).toHaveLength(5);
  });

  it('refuses the webcam to basic (upload only)', async () => {
    const c = await user('basic');
    const res = await scan(c, fixture('banana.jpg'), { source: 'webcam' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await scansOf(c)).toHaveLength(0);
  });

  it('gives pro unlimited scans, upload or webcam, and keeps the photo', async () => {
    const c = await user('pro');
    await pastScans(c, 40);
    for (const source of ['upload', 'webcam']) {
      const res = await scan(c, fixture('banana.jpg'), { source });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ source, scansRemaining: null, photoStored: true });
    }
    expect(photoFiles(c)).toHaveLength(2);
  });

  /** A 9 MB photo upload as a stream, counting what the server pulls of it. */
  async function streamedUpload(c: NutritionClient) {
    const boundary = 'fitforge-test-boundary';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="meal.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const size = 9 * 1024 * 1024;
    const chunk = 64 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) controller.enqueue(head);
        if (pulled >= size) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        pulled += chunk;
      },
    });
    if (!c.csrf) await c.fetchCsrf();
    const res = await t.app.request(
      new Request('http://localhost/api/nutrition/scans', {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          origin: t.env.appUrl,
          'x-forwarded-for': c.ip,
          'x-csrf-token': c.csrf!,
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    return { status: res.status, body: await res.json(), pulledBytes: pulled };
  }

  it('refuses a free account before reading its upload, and a basic one whose month is used up', async () => {
    const free = await streamedUpload(await user('free'));
    expect(free.status).toBe(403);
    expect(free.body.error.code).toBe('SUBSCRIPTION_REQUIRED');
    expect(free.pulledBytes).toBeLessThanOrEqual(128 * 1024); // what the stream buffers on its own, not the 9 MB

    const basic = await user('basic');
    await pastScans(basic, 5);
    const over = await streamedUpload(basic);
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe('LIMIT_EXCEEDED');
    expect(over.pulledBytes).toBeLessThanOrEqual(128 * 1024);
    expect(await scansOf(basic)).toHaveLength(5);
  });

  it('needs a session and the anti-forgery token', async () => {
    expect((await scan(t.client(), fixture('banana.jpg'))).status).toBe(401);
    const c = await user('pro');
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(fixture('banana.jpg'))], { type: 'image/jpeg' }), 'meal.jpg');
    const res = await c.request('POST', '/api/nutrition/scans', { body: form, csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Invalid CSRF token');
  });
});

describe('POST /api/nutrition/scans: the draft', () => {
  it('counts two bananas and prices them from the food table', async () => {
    const c = await user('pro');
    const res = await scan(c, fixture('bananas.jpg'));
    expect(res.status).toBe(200);
    const banana = foodById('banana')!;
    const grams = 2 * banana.portions[0].grams;
    const n = nutrientsFor(banana, grams);
    expect(res.body.engine).toBe('local');
    expect(res.body.items).toEqual([
      {
        name: 'Banana',
        foodId: 'banana',
        grams,
        calories: n.kcal,
        protein: n.protein,
        carbs: n.carbs,
        fat: n.fat,
        confidence: expect.any(Number),
        estimated: false,
        pieces: 2,
        per100g: { calories: banana.per100g.kcal, protein: banana.per100g.protein, carbs: banana.per100g.carbs, fat: banana.per100g.fat },
      },
    ]);
    expect(res.body.totals).toEqual({ calories: n.kcal, protein: n.protein, carbs: n.carbs, fat: n.fat });
    expect(res.body.analysisMs).toBeGreaterThan(0);
  });

  it('names foods in the user’s language', async () => {
    const c = await user('pro');
    expect((await c.put('/api/me/preferences', { locale: 'zh' })).status).toBe(200);
    expect((await scan(c, fixture('donuts.jpg'))).body.items.map((i: any) => i.name)).toEqual(['甜甜圈']);
    expect((await scan(c, fixture('donuts.jpg'), { query: '?locale=en' })).body.items.map((i: any) => i.name)).toEqual(['Donut']);
  });

  it('says so when it recognises nothing, and invents nothing', async () => {
    const c = await user('pro');
    const res = await scan(c, fixture('empty-plate.jpg'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], totals: { calories: 0, protein: 0, carbs: 0, fat: 0 } });
  });

  it('reads PNG and WebP as well as JPEG, and turns a large photo into a small one', async () => {
    const c = await user('pro');
    const big = await sharp(fixture('donuts.jpg')).resize(3000, 2250).toBuffer();
    for (const [bytes, type] of [
      [await sharp(big).png().toBuffer(), 'image/png'],
      [await sharp(big).webp().toBuffer(), 'image/webp'],
    ] as const) {
      const res = await scan(c, bytes, { type, filename: 'meal' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.items.map((i: any) => i.foodId)).toEqual(['donut']);
    }
    for (const file of photoFiles(c)) {
      const meta = await sharp(path.join(t.photoDir, 'uploads', 'scans', c.id, file)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(Math.max(meta.width!, meta.height!)).toBe(1280);
      expect(meta.exif).toBeUndefined();
    }
  });
});

describe('POST /api/nutrition/scans: what a client may send wrong', () => {
  const expectRefused = async (c: NutritionClient, res: { status: number; body: any }, status: number, field: string, message: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 400) {
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Validation failed' });
      expect(fields(res)[field]).toBe(message);
    } else {
      expect(res.body.error.message).toBe(message);
    }
    expect(await scansOf(c)).toHaveLength(0);
    expect(photoFiles(c)).toHaveLength(0);
  };

  it('a missing image, a text in its place, a bad source', async () => {
    const c = await user('pro');
    await expectRefused(c, await scan(c, null), 400, 'image', IMAGE_MESSAGES.imageRequired);
    await expectRefused(c, await scan(c, 'not a file'), 400, 'image', IMAGE_MESSAGES.imageNotFile);
    await expectRefused(c, await scan(c, Buffer.alloc(0)), 400, 'image', IMAGE_MESSAGES.imageRequired);
    await expectRefused(c, await scan(c, fixture('banana.jpg'), { source: 'camera' }), 400, 'source', "Source must be 'upload' or 'webcam'");
  });

  it('a file that is not a supported photo', async () => {
    const c = await user('pro');
    await expectRefused(c, await scan(c, Buffer.from('hello, this is text'), { type: 'image/jpeg' }), 400, 'image', IMAGE_MESSAGES.imageType);
    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f80' } })
      .gif()
      .toBuffer();
    await expectRefused(c, await scan(c, gif, { type: 'image/gif' }), 400, 'image', IMAGE_MESSAGES.imageType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle r="90" cx="100" cy="100"/></svg>');
    await expectRefused(c, await scan(c, svg, { type: 'image/svg+xml' }), 400, 'image', IMAGE_MESSAGES.imageType);
  });

  it('a corrupt photo, a HEIC this build cannot decode, a tiny one', async () => {
    const c = await user('pro');
    const jpeg = fixture('pizza.jpg');
    await expectRefused(c, await scan(c, jpeg.subarray(0, Math.floor(jpeg.length / 3))), 400, 'image', IMAGE_MESSAGES.imageUnreadable);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(2000, 7)]);
    await expectRefused(c, await scan(c, heic, { type: 'image/heic', filename: 'IMG_0001.HEIC' }), 400, 'image', IMAGE_MESSAGES.imageHeic);
    const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expectRefused(c, await scan(c, tiny, { type: 'image/png' }), 400, 'image', IMAGE_MESSAGES.imageSmall);
    // A small file that claims a 6400 × 6400 canvas: refused before a pixel is decoded.
    const bomb = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expectRefused(c, await scan(c, bomb, { type: 'image/png' }), 400, 'image', IMAGE_MESSAGES.imageTooManyPixels);
  });

  it('more than 10 MB gets 413', async () => {
    const c = await user('pro');
    const big = Buffer.concat([fixture('banana.jpg'), Buffer.alloc(10 * 1024 * 1024)]);
    await expectRefused(c, await scan(c, big), 413, 'image', IMAGE_MESSAGES.imageTooLarge);
  });

  it('JSON or a broken form instead of multipart', async () => {
    const c = await user('pro');
    await expectRefused(c, await c.post('/api/nutrition/scans', { image: 'x' }), 400, 'content-type', 'Content-Type must be multipart/form-data');
    const broken = await c.request('POST', '/api/nutrition/scans', { body: '--xyz\r\nnonsense', headers: { 'content-type': 'multipart/form-data; boundary=abc' } });
    await expectRefused(c, broken, 400, 'body', 'Malformed multipart form data');
  });
});

describe('POST /api/nutrition/scans/:id/log', () => {
  it('logs the corrected draft as one meal: renamed, reweighed, removed, added', async () => {
    const c = await user('pro');
    const draft = (await scan(c, fixture('fruit-mix.jpg'))).body;
    expect(draft.items.map((i: any) => i.foodId).sort()).toEqual(['banana', 'orange']);
    const orange = draft.items.find((i: any) => i.foodId === 'orange');
    const apple = foodById('apple')!;
    const a = nutrientsFor(apple, 182);
    const items = [
      // The detector took the apple for an orange: the user renames it and types its numbers.
      { name: 'Red apple', foodId: null, grams: 182, calories: a.kcal, protein: a.protein, carbs: a.carbs, fat: a.fat },
      // One orange, not two: the table's numbers for the new weight keep it linked to the table.
      (() => {
        const n = nutrientsFor(foodById('orange')!, 131);
        return { name: orange.name, foodId: 'orange', grams: 131, calories: n.kcal, protein: n.protein, carbs: n.carbs, fat: n.fat };
      })(),
      // The banana is removed; a yoghurt is added by hand.
      { name: 'Greek yoghurt', grams: 150, calories: 146, protein: 15, carbs: 6, fat: 6.6 },
    ];
    const res = await c.post(`/api/nutrition/scans/${draft.id}/log`, { mealType: 'breakfast', items });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items.map((e: any) => [e.foodName, e.foodId, e.grams, e.calories, e.source, e.mealType])).toEqual([
      ['Red apple', null, 182, a.kcal, 'scan', 'breakfast'],
      ['Orange', 'orange', 131, nutrientsFor(foodById('orange')!, 131).kcal, 'scan', 'breakfast'],
      ['Greek yoghurt', null, 150, 146, 'scan', 'breakfast'],
    ]);
    expect(res.body.items[1].fibre).toBe(nutrientsFor(foodById('orange')!, 131).fibre);
    expect(res.body.items.every((e: any) => e.photoUrl === `/api/nutrition/entries/${e.id}/photo`)).toBe(true);
    const summary = await c.get('/api/nutrition/summary');
    expect(summary.body.totals.calories).toBe(a.kcal + nutrientsFor(foodById('orange')!, 131).kcal + 146);

    const again = await c.post(`/api/nutrition/scans/${draft.id}/log`, { mealType: 'breakfast', items });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(SCAN_MESSAGES.alreadyLogged);
    expect(await entriesOf(c)).toHaveLength(3);
  });

  it('an item changed away from the table is stored as typed', async () => {
    const c = await user('basic');
    const draft = (await scan(c, fixture('bananas.jpg'))).body;
    const [item] = draft.items;
    const res = await c.post(`/api/nutrition/scans/${draft.id}/log`, { mealType: 'snack', items: [{ ...draftToLog([item])[0], calories: 250 }] });
    expect(res.status).toBe(201);
    expect(res.body.items[0]).toMatchObject({ foodName: 'Banana', foodId: null, calories: 250, photoUrl: null, source: 'scan' });
  });

  it('holds the items to the meal log’s rules', async () => {
    const c = await user('pro');
    const draft = (await scan(c, fixture('bananas.jpg'))).body;
    const ok = draftToLog(draft.items)[0];
    const cases: [unknown, string, string][] = [
      [{ mealType: 'lunch', items: [] }, 'items', SCAN_MESSAGES.noItems],
      [{ mealType: 'brunch', items: [ok] }, 'mealType', M.mealType],
      [{ mealType: 'lunch', items: [{ ...ok, name: '' }] }, 'items.0.name', M.foodName],
      [{ mealType: 'lunch', items: [{ ...ok, calories: 10001 }] }, 'items.0.calories', M.calories],
      [{ mealType: 'lunch', items: [{ ...ok, fat: 501 }] }, 'items.0.fat', M.fat],
      [{ mealType: 'lunch', items: [{ ...ok, grams: 0 }] }, 'items.0.grams', M.grams],
      [{ mealType: 'lunch', items: [ok], eatenAt: new Date(Date.now() + 86_400_000).toISOString() }, 'eatenAt', M.eatenInFuture],
      [{ mealType: 'lunch', items: Array.from({ length: 21 }, () => ok) }, 'items', SCAN_MESSAGES.tooManyItems],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post(`/api/nutrition/scans/${draft.id}/log`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fields(res)[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await entriesOf(c)).toHaveLength(0);
  });

  it("is 404 for another user's scan and 400 for a malformed id", async () => {
    const owner = await user('pro');
    const draft = (await scan(owner, fixture('bananas.jpg'))).body;
    const other = await user('pro');
    const res = await other.post(`/api/nutrition/scans/${draft.id}/log`, { mealType: 'lunch', items: draftToLog(draft.items) });
    expect(res.status).toBe(404);
    expect(await entriesOf(other)).toHaveLength(0);
    const bad = await other.post('/api/nutrition/scans/not-a-uuid/log', { mealType: 'lunch', items: draftToLog(draft.items) });
    expect(bad.status).toBe(400);
    expect(fields(bad).id).toBe('Invalid ID format');
  });
});

describe('Pro meal storage: the photo of a logged meal', () => {
  async function loggedMeal(c: NutritionClient, image = 'fruit-mix.jpg') {
    const draft = (await scan(c, fixture(image))).body;
    const res = await c.post(`/api/nutrition/scans/${draft.id}/log`, { mealType: 'lunch', items: draftToLog(draft.items) });
    expect(res.status).toBe(201);
    return res.body.items as any[];
  }

  it('is served to its owner only (another user gets 404, never the photo)', async () => {
    const owner = await user('pro');
    const [entry] = await loggedMeal(owner);
    const res = await t.app.request(`http://localhost${entry.photoUrl}`, { headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('jpeg');

    const other = await user('pro');
    const stolen = await other.get(entry.photoUrl);
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe('NOT_FOUND');
    expect((await t.client().get(entry.photoUrl)).status).toBe(401);
    expect((await owner.get('/api/nutrition/entries/not-a-uuid/photo')).status).toBe(400);
  });

  it('goes with the last entry that shows it', async () => {
    const c = await user('pro');
    const entries = await loggedMeal(c);
    expect(entries.length).toBe(2);
    expect(photoFiles(c)).toHaveLength(1);
    expect((await c.delete(`/api/nutrition/entries/${entries[0].id}`)).status).toBe(200);
    expect(photoFiles(c)).toHaveLength(1);
    expect((await c.get(entries[1].photoUrl)).status).toBe(200);
    expect((await c.delete(`/api/nutrition/entries/${entries[1].id}`)).status).toBe(200);
    expect(photoFiles(c)).toHaveLength(0);
    expect((await scansOf(c))[0].photoKey).toBeNull();
  });

  it('goes with the account', async () => {
    const c = await user('pro');
    await loggedMeal(c);
    await scan(c, fixture('donuts.jpg'));
    expect(photoFiles(c)).toHaveLength(2);
    expect((await c.delete('/api/me', { password: 'Str0ngPass' })).status).toBe(200);
    expect(fs.existsSync(path.join(t.photoDir, 'uploads', 'scans', c.id))).toBe(false);
    expect(await scansOf(c)).toHaveLength(0);
  });

  it('of a draft never logged is swept after a day', async () => {
    const c = await user('pro');
    const kept = (await scan(c, fixture('donuts.jpg'))).body;
    const stale = (await scan(c, fixture('bananas.jpg'))).body;
    await t.db
      .update(nutritionScans)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(nutritionScans.id, stale.id), eq(nutritionScans.userId, c.id)));
    const { removed } = await t.sweepPhotos();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(photoFiles(c)).toEqual([`${kept.id}.jpg`]);
  });

  it('is not kept for basic', async () => {
    const c = await user('basic');
    const [entry] = await loggedMeal(c, 'bananas.jpg');
    expect(entry.photoUrl).toBeNull();
    expect((await c.get(`/api/nutrition/entries/${entry.id}/photo`)).status).toBe(404);
    expect(photoFiles(c)).toHaveLength(0);
  });
});

describe('GET /api/nutrition/scans/allowance', () => {
  it('tells each tier what it may do and what is left', async () => {
    const free = await user('free');
    expect((await free.get('/api/nutrition/scans/allowance')).body).toMatchObject({ allowed: false, webcam: false, limit: 0, remaining: 0, upgradeTo: 'basic', storesPhotos: false });
    const basic = await user('basic');
    await pastScans(basic, 2);
    expect((await basic.get('/api/nutrition/scans/allowance')).body).toMatchObject({ allowed: true, webcam: false, limit: 5, used: 2, remaining: 3, upgradeTo: 'pro', engine: 'local' });
    const pro = await user('pro');
    expect((await pro.get('/api/nutrition/scans/allowance')).body).toMatchObject({ allowed: true, webcam: true, limit: null, remaining: null, upgradeTo: null, storesPhotos: true });
  });
});

describe('food rate limit (spec section 9: free 5/h, paid 30/h)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
  });
  afterAll(() => limited.close());

  it('free: the 6th request in an hour gets 429 with the free message', async () => {
    const c = await nutritionUser(limited);
    // Refused for the tier before the upload is read, and counted all the same.
    for (let i = 0; i < 5; i++) expect((await scan(c, null)).status).toBe(403);
    const res = await scan(c, null);
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'Free tier limit reached for food analysis. Please upgrade for more.' });
    expect(res.body.error.retryAfter).toBeGreaterThan(0);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(res.headers.get('x-ratelimit-limit')).toBe('5');
  });

  it('paid: the 31st request in an hour gets 429 with the paid message', async () => {
    const c = await nutritionUser(limited);
    await setTier(limited, c, 'basic');
    for (let i = 0; i < 30; i++) expect((await scan(c, null)).status).toBe(400);
    const res = await scan(c, null);
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('Rate limit exceeded. Please try again later.');
    expect(res.headers.get('x-ratelimit-limit')).toBe('30');
  });
});
